import { performance } from 'node:perf_hooks';
import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import { ScratchStore } from '../read-store/scratch-store';
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
  /**
   * Where the time went (ms): reading pages of the log, the projector's writes, applying them
   * in memory, writing the finished read model to the store (indexes and swap included), and
   * the rest (counting).
   */
  stages: { read: number; project: number; apply: number; write: number; other: number };
}

/**
 * Events per page read from the log. A page is held in memory with the writes it makes; the
 * default keeps that small, callers on the embedded store (whose log is local) pass more.
 */
export const DEFAULT_REBUILD_BATCH = 10_000;
export const EMBEDDED_REBUILD_BATCH = 50_000;

/**
 * Rebuilds a read model from the first event, then swaps it in and moves the checkpoint, so
 * readers see the old model until the new one is complete.
 * The live projector of the same name must not run meanwhile (the CLI makes sure of that).
 *
 * The events are projected into a scratch store in memory (plain maps, updated in place, no
 * indexes: the projector's writes name documents by `_id`), so each document is written to the
 * real store once, at the end, instead of once per batch it changed in; `replaceCollection`
 * then swaps each collection in with its declared indexes (built after the documents: one sort,
 * not one insert each). The cost is memory: the whole read model is held while it is rebuilt —
 * which the embedded store does anyway, and which a MongoDB read model must fit.
 */
export async function rebuildProjection(
  deps: { eventStore: EventStore; readStore: ReadStore },
  projector: Projector,
  options: {
    /** Events per page read from the log; large on the embedded store. */
    batchSize?: number;
    onProgress?: (p: RebuildProgress) => void;
  } = {},
): Promise<RebuildResult> {
  const { eventStore, readStore } = deps;
  const batchSize = options.batchSize ?? DEFAULT_REBUILD_BATCH;
  const started = performance.now();
  const stages = { read: 0, project: 0, apply: 0, write: 0, other: 0 };
  const timed = async <R>(stage: keyof typeof stages, work: () => R | Promise<R>): Promise<R> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      stages[stage] += performance.now() - t;
    }
  };
  const staging = new ScratchStore();
  const total = await timed('other', () => eventStore.countEvents(projector.filter));
  let done = 0;
  let after: string | null = null;
  options.onProgress?.({ projection: projector.name, done, total });
  for (;;) {
    const page = await timed('read', () => eventStore.readAll({ after, filter: projector.filter, limit: batchSize }));
    if (page.length === 0) break;
    // The writes of each event, applied with its position (the scratch store stamps the
    // documents, as physicalWrites would for the live store).
    const writes = await timed('project', () => page.map((event) => projector.project(event)));
    await timed('apply', () => {
      for (let i = 0; i < page.length; i++) staging.apply(writes[i]!, page[i]!.position);
    });
    after = page[page.length - 1]!.position;
    done += page.length;
    options.onProgress?.({ projection: projector.name, done, total: Math.max(total, done) });
  }

  let documents = 0;
  await timed('write', async () => {
    const last = projector.collections.length - 1;
    if (last < 0) {
      // No collection to carry the checkpoint: move it on its own.
      if (after) await readStore.commit([], { name: projector.name, position: after });
      else await readStore.deleteCheckpoint(projector.name);
    }
    for (const [i, c] of projector.collections.entries()) {
      const docs = staging.docs(c);
      documents += docs.size;
      // The checkpoint moves with the last collection (with the only one, in practice).
      await readStore.replaceCollection(c, docs.values(), {
        indexes: projector.indexes?.[c] ?? [],
        ...(i === last ? { checkpoint: { name: projector.name, position: after } } : {}),
      });
    }
  });
  return { projection: projector.name, events: done, documents, ms: performance.now() - started, stages };
}
