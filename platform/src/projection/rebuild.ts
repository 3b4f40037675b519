import { performance } from 'node:perf_hooks';
import { matchesFilter, type EventFilter, type EventStore, type Position, type RecordedEvent } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import { ScratchStore } from '../read-store/scratch-store';
import type { Projector } from './projector';

export interface RebuildProgress {
  projection: string;
  done: number;
  total: number;
}

/** Milliseconds per stage of a rebuild. */
export interface RebuildStages {
  /** Reading pages of the log (decoding the events included). */
  read: number;
  /** The projectors' `project`. */
  project: number;
  /** Applying their writes to the scratch store in memory. */
  apply: number;
  /** Writing the finished read models to the store (indexes, swap and checkpoint included). */
  write: number;
  /** The rest (counting the events for the progress bars). */
  other: number;
}

export interface RebuildResult {
  projection: string;
  /** Events this read model applied. */
  events: number;
  documents: number;
  ms: number;
  stages: RebuildStages;
}

/** A rebuild of several read models in one pass over the log. */
export interface RebuildAllResult {
  /** Per read model: its own events, documents and project/apply/write stages; `ms` is their sum (the shared read is in the total only). */
  projections: RebuildResult[];
  /** Events applied, summed over the read models (an event two of them apply counts twice). */
  events: number;
  /** Distinct events read from the log. */
  read: number;
  ms: number;
  stages: RebuildStages;
}

/**
 * Events per page read from the log. A page is held in memory with the writes it makes, so it
 * is kept small; a remote log (EventStoreDB) pays a round trip a page, hence its larger default.
 * On the embedded log a page costs a few cursors' set-up, nothing per event: at 1,000,000 events
 * pages of 2,000 rebuilt every read model in the time pages of 50,000 took, within the noise
 * of a shared machine, with 150 MB less memory (the events of a small page die young).
 */
export const DEFAULT_REBUILD_BATCH = 10_000;
export const EMBEDDED_REBUILD_BATCH = 2_000;

/** Rebuilds one read model: `rebuildProjections` with one projector. */
export async function rebuildProjection(
  deps: { eventStore: EventStore; readStore: ReadStore },
  projector: Projector,
  options: { batchSize?: number; onProgress?: (p: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const all = await rebuildProjections(deps, [projector], options);
  return { ...all.projections[0]!, ms: all.ms, stages: all.stages };
}

/**
 * Rebuilds read models from the first event, then swaps each in and moves its checkpoint, so
 * readers see the old model until the new one is complete.
 * The live projectors of the same names must not run meanwhile (the CLI makes sure of that).
 *
 * One pass over the log serves them all: each event is read and decoded once and handed to
 * every projector whose filter it matches. Several read models handle the same events (a
 * completed valuation feeds `valuations`, `properties` and `activity`), and decoding is most
 * of reading: at 1,000,000 events (bench:scale's 100×) one pass reads 300,000 events where
 * one pass per read model read 360,000, and decodes 200 MB of JSON instead of 290 MB.
 *
 * The events are projected into a scratch store in memory (plain maps, updated in place, no
 * indexes: the projectors' writes name documents by `_id`), so each document is written to the
 * real store once, at the end, instead of once per batch it changed in; `replaceCollection`
 * then swaps each collection in with its declared indexes (built from the documents: one sort,
 * not one insert each; the embedded store sorts an index when a query first reads it). The cost is memory: the read models are held while they are rebuilt —
 * which the embedded store does anyway, and which a MongoDB read model must fit. A projector
 * that throws fails the whole rebuild before anything is swapped in.
 */
export async function rebuildProjections(
  deps: { eventStore: EventStore; readStore: ReadStore },
  projectors: readonly Projector[],
  options: {
    /** Events per page read from the log; large on the embedded store. */
    batchSize?: number;
    onProgress?: (p: RebuildProgress) => void;
  } = {},
): Promise<RebuildAllResult> {
  const { eventStore, readStore } = deps;
  const batchSize = options.batchSize ?? DEFAULT_REBUILD_BATCH;
  const started = performance.now();
  const stages: RebuildStages = { read: 0, project: 0, apply: 0, write: 0, other: 0 };
  const timed = async <R>(stage: keyof RebuildStages, work: () => R | Promise<R>): Promise<R> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      stages[stage] += performance.now() - t;
    }
  };
  const models: Model[] = projectors.map((projector) => ({
    projector,
    staging: new ScratchStore(),
    total: 0,
    done: 0,
    last: null,
    stages: { read: 0, project: 0, apply: 0, write: 0, other: 0 },
  }));
  await timed('other', () => countTotals(eventStore, models));
  const report = () => {
    for (const m of models) options.onProgress?.({ projection: m.projector.name, done: m.done, total: Math.max(m.total, m.done) });
  };
  report();

  const filter = unionFilter(projectors.map((p) => p.filter));
  const route = router(models);
  let after: Position | null = null;
  let read = 0;
  for (;;) {
    const page = filter === null ? [] : await timed('read', () => eventStore.readAll({ after, filter, limit: batchSize }));
    if (page.length === 0) break;
    for (const [m, mine] of route(page)) {
      let t = performance.now();
      const { projectBatch } = m.projector;
      const writes = projectBatch ? [projectBatch.call(m.projector, mine)] : mine.map((event) => m.projector.project(event));
      const projected = performance.now();
      m.stages.project += projected - t;
      // The writes of each event, applied with its position (the scratch store stamps the
      // documents, as physicalWrites would for the live store); a batch's with its last.
      if (projectBatch) m.staging.apply(writes[0]!, mine[mine.length - 1]!.position);
      else for (let i = 0; i < mine.length; i++) m.staging.apply(writes[i]!, mine[i]!.position);
      t = performance.now();
      m.stages.apply += t - projected;
      m.done += mine.length;
      m.last = mine[mine.length - 1]!.position;
    }
    after = page[page.length - 1]!.position;
    read += page.length;
    report();
  }
  // The totals were counted by type (see countTotals): the bars end at what was applied.
  for (const m of models) m.total = m.done;
  report();
  for (const m of models) {
    stages.project += m.stages.project;
    stages.apply += m.stages.apply;
  }

  const results: RebuildResult[] = [];
  for (const m of models) {
    const { projector, staging } = m;
    let documents = 0;
    const t = performance.now();
    const last = projector.collections.length - 1;
    if (last < 0) {
      // No collection to carry the checkpoint: move it on its own.
      if (m.last) await readStore.commit([], { name: projector.name, position: m.last });
      else await readStore.deleteCheckpoint(projector.name);
    }
    for (const [i, c] of projector.collections.entries()) {
      const docs = staging.docs(c);
      documents += docs.size;
      // The checkpoint moves with the last collection (with the only one, in practice).
      // The scratch Map itself, handed over (the embedded store keeps it as the collection).
      await readStore.replaceCollection(c, docs, {
        indexes: projector.indexes?.[c] ?? [],
        ...(i === last ? { checkpoint: { name: projector.name, position: m.last } } : {}),
      });
    }
    m.stages.write = performance.now() - t;
    stages.write += m.stages.write;
    const ms = m.stages.project + m.stages.apply + m.stages.write;
    results.push({ projection: projector.name, events: m.done, documents, ms, stages: m.stages });
  }
  return { projections: results, events: models.reduce((n, m) => n + m.done, 0), read, ms: performance.now() - started, stages };
}

/** A read model being rebuilt: its scratch store, its progress and its checkpoint. */
interface Model {
  projector: Projector;
  staging: ScratchStore;
  /** Events it should apply, for the progress bars (an estimate: see countTotals). */
  total: number;
  done: number;
  /** The last event it applied: its checkpoint. */
  last: Position | null;
  stages: RebuildStages;
}

/**
 * Each read model's total for the progress bars: the events of its types, counted through the
 * store's type index (on SQLite a count of index entries: 1.4 ms for the 12 read models at
 * bench:scale's 10×), without its stream prefixes, which a count must check row by row
 * (15–27 ms there; 200–360 ms at 100×). A type that also falls on other streams makes the total
 * an over-estimate, which the last progress report corrects. A filter of prefixes alone is
 * counted as it is.
 */
async function countTotals(eventStore: EventStore, models: readonly Model[]): Promise<void> {
  for (const m of models) {
    const { eventTypes } = m.projector.filter;
    m.total = await eventStore.countEvents(eventTypes ? { eventTypes } : m.projector.filter);
  }
}

/**
 * Hands each event of a page to the read models whose filter it matches, in log order: the
 * read models that take its type are looked up once per type, so only their stream prefixes
 * are checked per event (filtering the page once per read model checked each event against
 * all 12 filters: ~11 ms of a 10× rebuild, 1.5 %). Read models whose filter names no types
 * check every event.
 */
function router(models: readonly Model[]): (page: readonly RecordedEvent[]) => [Model, RecordedEvent[]][] {
  const byType = new Map<string, number[]>();
  const anyType: number[] = [];
  models.forEach((m, i) => {
    const { eventTypes } = m.projector.filter;
    if (!eventTypes) anyType.push(i);
    else for (const type of new Set(eventTypes)) byType.set(type, [...(byType.get(type) ?? []), i]);
  });
  return (page) => {
    const mine: (RecordedEvent[] | undefined)[] = new Array(models.length);
    for (const e of page) {
      for (const i of byType.get(e.type) ?? NONE) if (matchesPrefixes(e, models[i]!.projector.filter.streamPrefixes)) (mine[i] ??= []).push(e);
      for (const i of anyType) if (matchesFilter(e, models[i]!.projector.filter)) (mine[i] ??= []).push(e);
    }
    const out: [Model, RecordedEvent[]][] = [];
    for (let i = 0; i < models.length; i++) if (mine[i]) out.push([models[i]!, mine[i]!]);
    return out;
  };
}

const NONE: readonly number[] = [];

const matchesPrefixes = (e: RecordedEvent, prefixes: readonly string[] | undefined) => !prefixes || prefixes.some((p) => e.streamName.startsWith(p));

/**
 * One filter for the log that lets through every event any of `filters` matches: the union of
 * the event types when every filter names types (so the store can read its type index), the
 * union of the prefixes when every one names prefixes; null when none can match anything.
 */
export function unionFilter(filters: readonly EventFilter[]): EventFilter | null {
  if (filters.length === 0) return null;
  if (filters.length === 1) return filters[0]!;
  const live = filters.filter((f) => f.eventTypes?.length !== 0 && f.streamPrefixes?.length !== 0);
  if (live.length === 0) return null;
  const union: EventFilter = {};
  if (live.every((f) => f.eventTypes)) union.eventTypes = [...new Set(live.flatMap((f) => f.eventTypes!))];
  if (live.every((f) => f.streamPrefixes)) union.streamPrefixes = [...new Set(live.flatMap((f) => f.streamPrefixes!))];
  return union;
}
