import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchesFilter, type RecordedEvent } from '../event-store/event-store';
import { applyBatch } from '../projection/projection-runner';
import { ensureIndexes, type Projector } from '../projection/projector';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';

/** An empty embedded read store in a new temporary directory (under the test run's, which is removed when the run ends). */
export function temporaryReadStore(prefix = 'proj-'): EmbeddedReadStore {
  return new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), prefix)), 'r.sqlite'));
}

/**
 * A temporary read store with the projectors' indexes and every batch applied, in order, by each
 * projector (in the order given) to the batch's events its filter selects: a transaction and a
 * checkpoint per projector and batch, as the projection runner commits them.
 */
export async function projectedStore(projectors: readonly Projector[], ...batches: readonly (readonly RecordedEvent[])[]): Promise<EmbeddedReadStore> {
  const store = temporaryReadStore();
  await ensureIndexes(store, projectors);
  for (const batch of batches) {
    for (const projector of projectors) {
      const events = batch.filter((e) => matchesFilter(e, projector.filter));
      if (events.length > 0) await applyBatch(store, projector, events, projector.name, (c) => c);
    }
  }
  return store;
}
