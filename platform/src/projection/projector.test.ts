import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store';
import { byEventType } from './projector';

type Counted = { type: 'Counted'; data: { id: string; n: number } } | { type: 'Renamed'; data: { id: string; name: string } };

const event = (type: string, data: unknown): RecordedEvent => ({
  id: 'e1',
  type,
  data,
  metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' },
  streamName: 'item-1',
  revision: 0,
  position: '00000000000000000001',
  recordedAt: '',
});

describe('byEventType', () => {
  const project = byEventType<Counted>({
    Counted: (data) => [{ collection: 'items', updateOne: { filter: { _id: data.id }, update: { $inc: { n: data.n } }, upsert: true } }],
    Renamed: (data, e) => [{ collection: 'items', updateOne: { filter: { _id: data.id }, update: { $set: { name: data.name, at: e.position } } } }],
  });

  it("hands each event's data (and the event) to the handler of its type", () => {
    expect(project(event('Counted', { id: 'a', n: 2 }))).toEqual([{ collection: 'items', updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 2 } }, upsert: true } }]);
    expect(project(event('Renamed', { id: 'a', name: 'A' }))).toEqual([{ collection: 'items', updateOne: { filter: { _id: 'a' }, update: { $set: { name: 'A', at: '00000000000000000001' } } } }]);
  });

  it('throws for a type it has no handler for, as an exhaustive match does (inherited names included)', () => {
    expect(() => project(event('Deleted', { id: 'a' }))).toThrow(/Deleted/);
    expect(() => project(event('constructor', {}))).toThrow(/constructor/);
  });
});
