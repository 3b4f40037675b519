import type { Doc, IndexSpec } from './read-store';
import { SortedBlocks, type Cursor } from './sorted-blocks';

/** One document in an index: its key (the indexed fields' values, in order), `_id` and the document. */
export interface Entry {
  key: readonly Scalar[];
  id: string;
  doc: Doc;
}

/** The values an index holds; anything else (arrays, objects, dates, NaN) makes the document unindexable. */
export type Scalar = undefined | null | number | string | boolean;
const UNINDEXABLE = Symbol('unindexable');

/** The name MongoDB gives an index: `city_1_price_-1`. */
export const indexName = (keys: IndexSpec['keys']) =>
  Object.entries(keys)
    .map(([k, d]) => `${k}_${d}`)
    .join('_');

/**
 * mingo's order of scalars in a sort (a missing field and null alike, then numbers, strings,
 * booleans; strings by code unit), which is MongoDB's too: a walk along an index returns what
 * sorting the same documents returns. Keys hold null for a missing field.
 */
const rank = (v: Scalar | TypeEdge) => (v instanceof TypeEdge ? v.rank : v === undefined || v === null ? 2 : typeof v === 'number' ? 3 : typeof v === 'string' ? 4 : 9);
export function compareScalars(a: Scalar | TypeEdge, b: Scalar | TypeEdge): number {
  // Two strings or two numbers (nearly every comparison of an index build's sort): no ranks.
  // Keys never hold NaN (see isScalar), so `<` and `>` order numbers totally.
  const ta = typeof a;
  if (ta === typeof b && (ta === 'string' || ta === 'number')) return a! < b! ? -1 : a! > b! ? 1 : 0;
  if (a === b || (a ?? null) === (b ?? null)) return 0;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (a instanceof TypeEdge) return a.after ? 1 : -1;
  if (b instanceof TypeEdge) return b.after ? -1 : 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/**
 * The start or the end of one type's values, as a bound: `$gt: 5` reaches to the end of the
 * numbers and no further, since MongoDB and mingo compare a number only with numbers.
 */
export class TypeEdge {
  constructor(
    readonly rank: number,
    readonly after: boolean,
  ) {}
  static of(v: Scalar, after: boolean) {
    return new TypeEdge(rank(v), after);
  }
}

/** A bound's key: values, and at most one type edge at the end. */
export type BoundKey = readonly (Scalar | TypeEdge)[];

const isScalar = (v: unknown): v is Scalar =>
  v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** The value at a dotted path, or UNINDEXABLE when an array lies on the way (MongoDB would index every element). */
function valueAt(doc: Doc, path: readonly string[]): Scalar | typeof UNINDEXABLE {
  let node: unknown = doc;
  for (const part of path) {
    if (Array.isArray(node)) return UNINDEXABLE;
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return isScalar(node) ? node : UNINDEXABLE;
}

/**
 * A secondary index of the embedded read store: the collection's documents sorted by the
 * index's fields (each ascending or descending) and then by `_id`, in a SortedBlocks list.
 * Documents whose indexed fields hold arrays or objects are left out and counted; while
 * there are any, queries do not use the index (they scan, as before) — only `unique` is
 * still enforced for them, by comparing whole values.
 */
export class EmbeddedIndex {
  readonly name: string;
  readonly fields: readonly string[];
  /** Each field's path, split once here rather than for every document an index build or write reads. */
  private readonly paths: readonly (readonly string[])[];
  readonly directions: readonly (1 | -1)[];
  readonly unique: boolean;
  private readonly sorted: SortedBlocks<Entry>;
  /**
   * The documents the index is still to be built from, or null once it is built: see
   * `buildLater`. Every member that reads the entries builds it first.
   */
  private pending: ReadonlyMap<string, Doc> | null = null;
  /** `_id`s of documents this index cannot order. */
  private readonly unindexable = new Set<string>();

  constructor(readonly spec: IndexSpec) {
    this.name = indexName(spec.keys);
    this.fields = Object.keys(spec.keys);
    this.paths = this.fields.map((f) => f.split('.'));
    this.directions = Object.values(spec.keys);
    this.unique = spec.unique ?? false;
    this.sorted = new SortedBlocks<Entry>((a, b) => this.compareEntries(a, b));
  }

  /** The entries in index order (the index is built first if it is still pending). */
  get entries(): SortedBlocks<Entry> {
    if (this.pending) this.buildPending();
    return this.sorted;
  }

  /** Whether queries may use it: no document holds a value it cannot order. */
  get usable(): boolean {
    if (this.pending) this.buildPending();
    return this.unindexable.size === 0;
  }

  /** Whether it is built (not pending). */
  get built(): boolean {
    return this.pending === null;
  }

  /** Compares the first `n` key values in index order (each field's direction applied). */
  compareKeys(a: BoundKey, b: BoundKey, n: number): number {
    for (let i = 0; i < n; i++) {
      const c = compareScalars(a[i], b[i]);
      if (c !== 0) return this.directions[i] === 1 ? c : -c;
    }
    return 0;
  }

  private compareEntries(a: Entry, b: Entry): number {
    const c = this.compareKeys(a.key, b.key, this.fields.length);
    if (c !== 0) return c;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  }

  /**
   * The document's key, or null when a field holds something the index cannot order.
   *
   * Made at its exact length: every entry keeps its key, and an array grown by `push` from `[]`
   * gets room for 17 values (V8's first growth): ~180 bytes for a two-field key, ~60 at its
   * length. At 200,000 audit-log documents an entry of its six indexes took 282 bytes that way,
   * 161 this way.
   */
  keyOf(doc: Doc): Scalar[] | null {
    const paths = this.paths;
    const n = paths.length;
    if (n === 0) return [];
    const a = valueAt(doc, paths[0]!);
    if (a === UNINDEXABLE) return null;
    if (n === 1) return [a ?? null];
    const b = valueAt(doc, paths[1]!);
    if (b === UNINDEXABLE) return null;
    if (n === 2) return [a ?? null, b ?? null];
    const key: Scalar[] = new Array<Scalar>(n);
    key[0] = a ?? null;
    key[1] = b ?? null;
    for (let i = 2; i < n; i++) {
      const v = valueAt(doc, paths[i]!);
      if (v === UNINDEXABLE) return null;
      key[i] = v ?? null;
    }
    return key;
  }

  /**
   * The key a unique index compares: MongoDB treats a missing field as null, and here
   * unorderable values compare as their JSON text.
   */
  uniqueKey(doc: Doc): string {
    return JSON.stringify(
      this.fields.map((f, i) => {
        const v = valueAt(doc, this.paths[i]!);
        if (v === UNINDEXABLE) return { json: JSON.stringify(resolvePath(doc, f)) };
        return v === undefined ? null : v;
      }),
    );
  }

  /**
   * Makes this the index of a collection's documents, built when it is first read (a query
   * planned on it, a unique check) from the documents the map then holds: until then, writes
   * (`replace`) have nothing to move, since the map they change is what it will be built from.
   *
   * An index is kept in memory only (the store keeps its spec), so one that nothing reads need
   * never be sorted: a rebuild swaps its read models in without sorting them (the CLI's process
   * then exits), and a collection loaded at start sorts only the indexes its queries use. At
   * 30,000 users the four indexes of `users` took 170–290 ms of CPU to build (13–20 % of the
   * users rebuild bench's); the first query that reads one pays for that one (25–75 ms there).
   * A collection's documents are in memory either way: only the sorting waits.
   */
  buildLater(docs: ReadonlyMap<string, Doc>): void {
    this.pending = docs;
    this.sorted.load([]);
    this.unindexable.clear();
  }

  private buildPending(): void {
    const docs = this.pending!;
    this.pending = null;
    this.build(docs.values());
  }

  /** Builds the index over every document of a collection now: one sort. */
  build(docs: Iterable<Doc>): void {
    this.pending = null;
    const entries: Entry[] = [];
    this.unindexable.clear();
    for (const doc of docs) {
      const key = this.keyOf(doc);
      if (!key) this.unindexable.add(doc._id);
      else entries.push({ key, id: doc._id, doc });
    }
    entries.sort((a, b) => this.compareEntries(a, b));
    this.sorted.load(entries);
  }

  /**
   * Moves a document from its version in the index (`before`, unchanged since it was indexed:
   * the store's committed documents are frozen) to its new one (`after`), or in or out of the
   * index when there is no `before` or `after`.
   *
   * The old entry is found by a binary search for `before`'s key and `_id`, not kept in a Map by
   * `_id`: such a Map cost ~40 bytes an entry (at 200,000 audit-log documents, 161 → 124 bytes an
   * entry of its six indexes without it), for a search that a write pays anyway to move an entry.
   */
  replace(id: string, before: Doc | undefined, after: Doc | undefined): void {
    // Not built yet: it will be built from the collection's documents, this one included.
    if (this.pending) return;
    const oldKey = before ? this.keyOf(before) : null;
    const newKey = after ? this.keyOf(after) : null;
    if (oldKey) {
      const old: Entry = { key: oldKey, id, doc: before! };
      if (after && newKey && this.compareKeys(oldKey, newKey, this.fields.length) === 0) {
        const entry = this.sorted.find(old);
        if (entry) {
          entry.doc = after; // same place in the index
          return;
        }
      }
      this.sorted.delete(old);
    }
    this.unindexable.delete(id);
    if (!after) return;
    if (newKey) this.sorted.insert({ key: newKey, id, doc: after });
    else this.unindexable.add(id);
  }

  /** The entries whose first `n` key values lie between `low` and `high` in index order. */
  bounds(low: { key: BoundKey; n: number; inclusive: boolean } | null, high: { key: BoundKey; n: number; inclusive: boolean } | null): [Cursor, Cursor] {
    const from = low
      ? this.entries.partition((e) => {
          const c = this.compareKeys(e.key, low.key, low.n);
          return low.inclusive ? c < 0 : c <= 0;
        })
      : { block: 0, offset: 0 };
    const to = high
      ? this.entries.partition((e) => {
          const c = this.compareKeys(e.key, high.key, high.n);
          return high.inclusive ? c <= 0 : c < 0;
        })
      : this.entries.end();
    return [from, to];
  }
}

function resolvePath(doc: Doc, path: string): unknown {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
