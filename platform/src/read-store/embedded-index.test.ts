import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { EmbeddedIndex, type Entry } from './embedded-index';
import type { Doc, IndexSpec } from './read-store';

const SPECS: IndexSpec[] = [
  { keys: { city: 1, price: -1, _id: 1 } },
  { keys: { price: 1 } },
  { keys: { 'at.day': -1 } },
  { keys: { tag: 1, city: -1 } },
];

/** A random document: values of mixed types, missing fields, nested paths, sometimes an array (unindexable). */
function randomDoc(random: () => number, id: string): Doc {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const doc: Doc = { _id: id };
  if (random() < 0.9) doc['city'] = pick(['Auckland', 'Napier', 'Ōtaki', 'auckland', '', null, 7]);
  if (random() < 0.9) doc['price'] = pick([100, 250.5, -3, 0, 1e9, '100', true, null]);
  if (random() < 0.8) doc['at'] = random() < 0.9 ? { day: pick(['2026-01-01', '2026-01-02', 3, null]) } : null;
  if (random() < 0.7) doc['tag'] = random() < 0.1 ? ['x', 'y'] : pick(['x', 'y', 'z', false]);
  return doc;
}

const entries = (index: EmbeddedIndex) => [...index.entries.range({ block: 0, offset: 0 }, index.entries.end())].map((e: Entry) => [e._id, index.keyOf(e), e]);

describe('EmbeddedIndex', () => {
  it.each([1, 2, 3, 4, 5])('built in one sort (when first read) equals the index kept by inserts, moves and deletes (seed %i)', (seed) => {
    const random = seededRandom(seed);
    for (const spec of SPECS) {
      const docs = new Map<string, Doc>();
      // Kept up to date write by write from empty, as the store keeps a built index.
      const incremental = new EmbeddedIndex(spec);
      incremental.build([]);
      // Built from the documents when first read, as a loaded or replaced collection's index is;
      // the writes before that have nothing to move.
      const lazy = new EmbeddedIndex(spec);
      lazy.buildLater(docs);
      for (let step = 0; step < 400; step++) {
        const id = `d${Math.floor(random() * 120)}`;
        const doc = random() < 0.15 ? undefined : randomDoc(random, id);
        const before = docs.get(id);
        if (doc) docs.set(id, doc);
        else docs.delete(id);
        incremental.replace(id, before, doc);
        lazy.replace(id, before, doc);
      }
      expect(lazy.built).toBe(false);
      expect(entries(lazy)).toEqual(entries(incremental));
      expect(lazy.built).toBe(true);
      expect(lazy.usable).toBe(incremental.usable);
      // Once built, it is kept by the writes like any other.
      for (let step = 0; step < 200; step++) {
        const id = `d${Math.floor(random() * 150)}`;
        const doc = random() < 0.15 ? undefined : randomDoc(random, id);
        const before = docs.get(id);
        if (doc) docs.set(id, doc);
        else docs.delete(id);
        incremental.replace(id, before, doc);
        lazy.replace(id, before, doc);
      }
      expect(entries(lazy)).toEqual(entries(incremental));
      expect(lazy.usable).toBe(incremental.usable);
      // The entries found again by their old documents' keys (no map by _id) are the documents' own.
      const fresh = new EmbeddedIndex(spec);
      fresh.build(docs.values());
      expect(entries(incremental)).toEqual(entries(fresh));
      expect(incremental.usable).toBe(fresh.usable);
      // And a bulk build of the same documents gives the same index again.
      const bulk = new EmbeddedIndex(spec);
      bulk.build([...docs.values()].reverse());
      const rebuilt = new EmbeddedIndex(spec);
      rebuilt.build(docs.values());
      expect(entries(bulk)).toEqual(entries(rebuilt));
    }
  });
});
