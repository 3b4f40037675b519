import type { Doc, IndexSpec } from './read-store';
import { SortedBlocks, type Cursor } from './sorted-blocks';

/**
 * An index's entry is the document itself: its key is read from it when compared (the documents
 * are frozen, so it cannot change while indexed). See EmbeddedIndex on what that saves.
 */
export type Entry = Doc;

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
 *
 * The list holds the documents themselves, and a comparison reads the indexed fields from them:
 * no entry object nor key array per document. Those cost ~124 bytes an entry and two objects
 * for the GC to trace (at 1,000,000 audit-log documents, six indexes: ~740 MB and 12 million
 * objects, and every full GC marked them all); a reference costs 4 bytes.
 */
export class EmbeddedIndex {
  readonly name: string;
  readonly fields: readonly string[];
  /** Each field's path, split once here rather than for every document an index build or write reads. */
  private readonly paths: readonly (readonly string[])[];
  readonly directions: readonly (1 | -1)[];
  readonly unique: boolean;
  private readonly sorted: SortedBlocks<Doc>;
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
    this.sorted = new SortedBlocks<Doc>((a, b) => this.compareDocs(a, b));
  }

  /** The documents in index order (the index is built first if it is still pending). */
  get entries(): SortedBlocks<Doc> {
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

  /** An indexed document's i-th key value (it is known to be a scalar: see `indexable`). */
  private field(doc: Doc, i: number): Scalar {
    const path = this.paths[i]!;
    if (path.length === 1) return doc[path[0]!] as Scalar;
    return valueAt(doc, path) as Scalar;
  }

  /** Compares an indexed document's first `n` key values with a bound's, in index order. */
  compareDocToKey(doc: Doc, key: BoundKey, n: number): number {
    for (let i = 0; i < n; i++) {
      const c = compareScalars(this.field(doc, i), key[i]);
      if (c !== 0) return this.directions[i] === 1 ? c : -c;
    }
    return 0;
  }

  /** Two indexed documents' keys compared in index order, then their `_id`s. */
  private compareDocs(a: Doc, b: Doc): number {
    const c = this.sameKeyOrder(a, b);
    if (c !== 0) return c;
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  }

  private sameKeyOrder(a: Doc, b: Doc): number {
    for (let i = 0; i < this.paths.length; i++) {
      const c = compareScalars(this.field(a, i), this.field(b, i));
      if (c !== 0) return this.directions[i] === 1 ? c : -c;
    }
    return 0;
  }

  /** Whether every indexed field of the document holds a value the index can order. */
  private indexable(doc: Doc): boolean {
    for (const path of this.paths) if (valueAt(doc, path) === UNINDEXABLE) return false;
    return true;
  }

  /**
   * The document's key, or null when a field holds something the index cannot order (a missing
   * field is null, as a query sees it).
   */
  keyOf(doc: Doc): Scalar[] | null {
    const key: Scalar[] = [];
    for (const path of this.paths) {
      const v = valueAt(doc, path);
      if (v === UNINDEXABLE) return null;
      key.push(v ?? null);
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
   * then exits), and a collection loaded at start sorts only the indexes its queries use (the
   * planner asks only the index it picks whether it is usable: see planQuery). At 30,000 users
   * the four indexes of `users` took 170–290 ms of CPU to build (13–20 % of the users rebuild
   * bench's); the first query that reads one pays for that one (25–75 ms there). A collection's
   * documents are in memory either way: only the sorting waits.
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
    const list: Doc[] = [];
    this.unindexable.clear();
    for (const doc of docs) {
      if (this.indexable(doc)) list.push(doc);
      else this.unindexable.add(doc._id);
    }
    // The keys are read into a column per field once, and positions sorted by them: comparing the
    // documents themselves reads each field by name twice per comparison; at 1,000,000 audit-log
    // documents one index took 5.2–6.9 s of CPU to sort that way, 3.0–4.6 s this way (on a busy
    // 2-core machine; most of what is left is comparing strings scattered through the heap).
    const n = list.length;
    const columns = this.paths.map((_, f) => {
      const column = new Array<Scalar>(n);
      for (let i = 0; i < n; i++) column[i] = this.field(list[i]!, f);
      return column;
    });
    const ids = list.map((d) => d._id);
    const directions = this.directions;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      for (let f = 0; f < columns.length; f++) {
        const column = columns[f]!;
        const c = compareScalars(column[a], column[b]);
        if (c !== 0) return directions[f] === 1 ? c : -c;
      }
      const x = ids[a]!;
      const y = ids[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.sorted.load(order.map((i) => list[i]!));
  }

  /**
   * Moves a document from its version in the index (`before`, unchanged since it was indexed:
   * the store's committed documents are frozen) to its new one (`after`), or in or out of the
   * index when there is no `before` or `after`.
   *
   * The old entry is found by a binary search for `before`'s key and `_id`, not kept in a Map by
   * `_id`: such a Map cost ~40 bytes an entry, for a search that a write pays anyway to move an entry.
   */
  replace(id: string, before: Doc | undefined, after: Doc | undefined): void {
    // Not built yet: it will be built from the collection's documents, this one included.
    if (this.pending) return;
    const wasIn = before !== undefined && this.indexable(before);
    const isIn = after !== undefined && this.indexable(after);
    if (wasIn) {
      // Same key: the same place in the index, the new version in the old one's slot.
      if (isIn && this.sameKeyOrder(before, after) === 0 && this.sorted.swap(before, after)) return;
      this.sorted.delete(before);
    }
    this.unindexable.delete(id);
    if (!after) return;
    if (isIn) this.sorted.insert(after);
    else this.unindexable.add(id);
  }

  /** The entries whose first `n` key values lie between `low` and `high` in index order. */
  bounds(low: { key: BoundKey; n: number; inclusive: boolean } | null, high: { key: BoundKey; n: number; inclusive: boolean } | null): [Cursor, Cursor] {
    const from = low
      ? this.entries.partition((e) => {
          const c = this.compareDocToKey(e, low.key, low.n);
          return low.inclusive ? c < 0 : c <= 0;
        })
      : { block: 0, offset: 0 };
    const to = high
      ? this.entries.partition((e) => {
          const c = this.compareDocToKey(e, high.key, high.n);
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
