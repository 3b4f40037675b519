import { completeErasure, type ErasureDeps } from '@kainga/command-api';
import { VISITOR_ERASURE_STREAM_PREFIX, visitorErasureAsPersonErased, type PersonErased, type VisitorErased } from '@kainga/contracts';
import type { Reactor, RecordedEvent } from '@kainga/platform';

export const ERASURE_REACTOR = 'personal-data-erasure';

/**
 * Finishes every erasure from the log: the route that records PersonErased runs the same effects
 * at once (keys destroyed, password, sessions, uploads and mail deleted, subscriptions ended), so
 * this matters when that process stopped in between — the person is erased all the same. Each
 * effect is idempotent, keyed by the event id where it appends.
 */
export function erasureReactor(deps: ErasureDeps): Reactor {
  return {
    name: ERASURE_REACTOR,
    filter: { eventTypes: ['PersonErased', 'VisitorErased'], streamPrefixes: ['user-', VISITOR_ERASURE_STREAM_PREFIX] },
    async handle(event: RecordedEvent) {
      // A signed-out visitor's erasure is a person's with nothing but the requests they sent.
      const data = event.type === 'VisitorErased' ? visitorErasureAsPersonErased(event.data as VisitorErased['data']) : (event.data as PersonErased['data']);
      await completeErasure(deps, { id: event.id, data });
    },
  };
}
