import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import { applyBatch } from './projection-runner';
import type { Projector } from './projector';

export interface RebuildProgress {
  projection: string;
  done: number;
  total: number;
}

export interface RebuildResult {
  projection: string;
  events: number;
  documents: number;
  ms: number;
}

const suffix = '__rebuild';

/**
 * Events per read-store transaction in a rebuild. Bigger batches rewrite each document fewer
 * times (the embedded store rebuilds ~20 % faster at 50,000), but a MongoDB transaction should
 * stay small, so the default suits both and callers on the embedded store pass more.
 */
export const DEFAULT_REBUILD_BATCH = 10_000;
export const EMBEDDED_REBUILD_BATCH = 50_000;

/**
 * Rebuilds a read model from the first event into fresh collections, then swaps them in and
 * moves the checkpoint, so readers see the old model until the new one is complete.
 * The live projector of the same name must not run meanwhile (the CLI makes sure of that).
 */
export async function rebuildProjection(
  deps: { eventStore: EventStore; readStore: ReadStore },
  projector: Projector,
  options: {
    /** Events per transaction: large, since a rebuild writes into a collection nobody reads yet. */
    batchSize?: number;
    onProgress?: (p: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const { eventStore, readStore } = deps;
  const started = Date.now();
  const tmp = (c: string) => `${c}${suffix}`;
  const tmpCheckpoint = `${projector.name}${suffix}`;
  for (const c of projector.collections) await readStore.dropCollection(tmp(c));
  await readStore.deleteCheckpoint(tmpCheckpoint);

  const total = await eventStore.countEvents(projector.filter);
  let done = 0;
  let after: string | null = null;
  options.onProgress?.({ projection: projector.name, done, total });
  for (;;) {
    const page = await eventStore.readAll({ after, filter: projector.filter, limit: options.batchSize ?? DEFAULT_REBUILD_BATCH });
    if (page.length === 0) break;
    await applyBatch(readStore, projector, page, tmpCheckpoint, tmp);
    after = page[page.length - 1]!.position;
    done += page.length;
    options.onProgress?.({ projection: projector.name, done, total: Math.max(total, done) });
  }

  let documents = 0;
  for (const c of projector.collections) {
    documents += await readStore.collection(tmp(c)).count();
    await readStore.renameCollection(tmp(c), c);
  }
  if (after) await readStore.commit([], { name: projector.name, position: after });
  else await readStore.deleteCheckpoint(projector.name);
  await readStore.deleteCheckpoint(tmpCheckpoint);
  return { projection: projector.name, events: done, documents, ms: Date.now() - started };
}
