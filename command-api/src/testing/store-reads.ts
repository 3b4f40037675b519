import { EmbeddedReadStore, type ReadStore } from '@kainga/platform';

/**
 * How the embedded read store answers the reads of one collection while it is watched: how
 * often it iterated every document (a scan, which costs the collection's size), and how many
 * entries each index walk yielded (what an index read costs). Tests assert with it that a query
 * is answered from an index and that its cost does not grow with the collection, without timing
 * anything. Watches the collection as loaded now: call after the writes the test waits for.
 */
export function watchReads(store: ReadStore, collection: string) {
  if (!(store instanceof EmbeddedReadStore)) throw new Error('watchReads needs the embedded read store');
  const stored = store.stored(collection);
  const walked = new Map<string, number>();
  let scans = 0;
  // Each index is read (and so sorted, if it was waiting: EmbeddedIndex.buildLater) before the
  // documents are watched: sorting an index on its first use is not a query's scan.
  const restores = stored.indexes.map((index) => {
    const { entries } = index;
    const range = entries.range;
    entries.range = function* (this: typeof entries, ...args: Parameters<typeof range>) {
      for (const entry of range.apply(this, args)) {
        walked.set(index.name, (walked.get(index.name) ?? 0) + 1);
        yield entry;
      }
    };
    return () => {
      entries.range = range;
    };
  });
  const { docs } = stored;
  const values = docs.values;
  docs.values = function (this: typeof docs) {
    scans += 1;
    return values.call(this);
  };
  return {
    /** Times every document of the collection was iterated. */
    get scans() {
      return scans;
    },
    /** Index entries read, by index name (`createdAt_1__id_1`). */
    walked: () => Object.fromEntries(walked),
    /** Starts counting again from zero. */
    reset() {
      scans = 0;
      walked.clear();
    },
    restore() {
      docs.values = values;
      for (const r of restores) r();
    },
  };
}
