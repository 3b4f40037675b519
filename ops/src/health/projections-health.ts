import { waitForProjection, type Stores } from '@kainga/platform';

/**
 * The projections whose stored checkpoint has not reached the event log's head (as it is when the
 * check starts) within `timeoutMs`. Every projection counts, rare ones too: the runner moves a
 * checkpoint past the events its projector does not handle (at most CHECKPOINT_INTERVAL_MS late).
 * An empty list means the read models are live; a projection that is stuck, failing in a loop or
 * far behind shows up by name.
 */
export async function projectionsBehind(stores: Pick<Stores, 'eventStore' | 'readStore'>, names: readonly string[], timeoutMs: number): Promise<string[]> {
  const head = await stores.eventStore.headPosition();
  const reached = await Promise.all(names.map((name) => waitForProjection(stores.readStore, name, head, timeoutMs)));
  return names.filter((_, i) => !reached[i]);
}
