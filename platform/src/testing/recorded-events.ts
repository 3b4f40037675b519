import type { RecordedEvent } from '../event-store/event-store';

/**
 * Events as the store would hand them to a projector, for projector tests: each call is the next
 * position of one log (ids e1, e2, …), with empty metadata.
 */
export function recordedEvents(): (streamName: string, type: string, data: object) => RecordedEvent {
  let position = 0;
  return (streamName, type, data) => ({
    id: `e${++position}`,
    type,
    data,
    metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' },
    streamName,
    revision: 0,
    position: String(position).padStart(20, '0'),
    recordedAt: '',
  });
}
