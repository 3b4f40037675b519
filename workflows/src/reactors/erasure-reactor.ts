import { completeErasure, type ErasureDeps } from '@kainga/command-api';
import type { PersonErased } from '@kainga/contracts';
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
    filter: { eventTypes: ['PersonErased'], streamPrefixes: ['user-'] },
    async handle(event: RecordedEvent) {
      await completeErasure(deps, { id: event.id, data: event.data as PersonErased['data'] });
    },
  };
}
