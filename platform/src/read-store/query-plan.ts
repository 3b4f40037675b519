import { compareScalars, TypeEdge, type BoundKey, type EmbeddedIndex, type Entry, type Scalar } from './embedded-index';
import type { Filter, Sort } from './read-store';

/** A bound of an index walk: the first `n` key values compared with `key`. */
interface Bound {
  key: BoundKey;
  n: number;
  inclusive: boolean;
}

/**
 * How the embedded store answers a query from an index: the key ranges to walk (in index
 * order), whether walking them returns the query's sort order (forwards or backwards), and
 * whether the ranges are exactly the filter (else every entry is still tested with mingo).
 */
export interface Plan {
  index: EmbeddedIndex;
  ranges: { low: Bound | null; high: Bound | null }[];
  servesSort: boolean;
  reverse: boolean;
  exact: boolean;
}

/** What the filter says of one field, as far as an index can use it. */
type Edge = { v: Scalar | TypeEdge; inclusive: boolean };
type Predicate = { points: Scalar[]; exact: boolean } | { low: Edge; high: Edge; exact: boolean };

const isScalar = (v: unknown): v is Exclude<Scalar, undefined> =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));
const isOrderable = (v: unknown): v is number | string | boolean => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** `null` matches a missing field too, which the index keys as null. */
const pointsOf = (v: Exclude<Scalar, undefined>): Scalar[] => [v];

function predicateOf(value: unknown): Predicate | null {
  if (isScalar(value)) return { points: pointsOf(value), exact: true };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const ops = value as Record<string, unknown>;
  const keys = Object.keys(ops);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) return null;
  const alone = keys.length === 1;
  if ('$eq' in ops && isScalar(ops.$eq)) return { points: pointsOf(ops.$eq), exact: alone };
  if ('$in' in ops && Array.isArray(ops.$in) && ops.$in.every(isScalar)) {
    const points = [...new Set(ops.$in.flatMap(pointsOf))];
    return { points, exact: alone };
  }
  const low = '$gt' in ops && isOrderable(ops.$gt) ? { v: ops.$gt, inclusive: false } : '$gte' in ops && isOrderable(ops.$gte) ? { v: ops.$gte, inclusive: true } : null;
  const high = '$lt' in ops && isOrderable(ops.$lt) ? { v: ops.$lt, inclusive: false } : '$lte' in ops && isOrderable(ops.$lte) ? { v: ops.$lte, inclusive: true } : null;
  if (!low && !high) return null;
  // A range compares values of its bound's type only (MongoDB and mingo bracket by type): an
  // open side ends where that type does, and the walk is then exactly the range.
  const type = (low ?? high)!.v;
  const sameType = !low || !high || typeof low.v === typeof high.v;
  const exact = sameType && keys.length === (low ? 1 : 0) + (high ? 1 : 0);
  return {
    low: low ?? { v: TypeEdge.of(type, false), inclusive: true },
    high: high ?? { v: TypeEdge.of(type, true), inclusive: true },
    exact,
  };
}

/** The plan for one index, or null when the index neither narrows the filter nor serves the sort. */
function planFor(index: EmbeddedIndex, predicates: Map<string, Predicate>, filterKeys: string[], sort: Sort | undefined): { plan: Plan; score: number } | null {
  const { fields, directions } = index;
  const prefix: Scalar[] = [];
  const used = new Set<string>();
  let exact = true;
  let p = 0;
  for (; p < fields.length; p++) {
    const pred = predicates.get(fields[p]!);
    if (!pred || !('points' in pred) || pred.points.length !== 1) break;
    prefix.push(pred.points[0]);
    used.add(fields[p]!);
    exact &&= pred.exact;
  }
  // A literal, not a helper arrow: a named inner function is made on every query (and wrapped
  // in esbuild's __name when run through tsx: ~1.7 % of a small request's CPU).
  let ranges: Plan['ranges'] = [p === 0 ? { low: null, high: null } : { low: { key: prefix, n: p, inclusive: true }, high: { key: prefix, n: p, inclusive: true } }];
  let bounded = p;
  const next = p < fields.length ? predicates.get(fields[p]!) : undefined;
  if (next) {
    const dir = directions[p]!;
    used.add(fields[p]!);
    bounded += 1;
    if ('points' in next) {
      exact &&= next.exact;
      // Boxed: Array.prototype.sort puts undefined last without asking the comparator.
      const points = next.points
        .map((v) => ({ v }))
        .sort((a, b) => dir * compareScalars(a.v, b.v))
        .map((p) => p.v);
      ranges = points.map((v) => ({ low: { key: [...prefix, v], n: p + 1, inclusive: true }, high: { key: [...prefix, v], n: p + 1, inclusive: true } }));
    } else {
      exact &&= next.exact;
      const [first, last] = dir === 1 ? [next.low, next.high] : [next.high, next.low];
      ranges = [{ low: { key: [...prefix, first.v], n: p + 1, inclusive: first.inclusive }, high: { key: [...prefix, last.v], n: p + 1, inclusive: last.inclusive } }];
    }
  }
  exact &&= filterKeys.every((k) => used.has(k));

  // The sort, less the fields the prefix fixes, must run along the index from field p on,
  // all in the index's directions or all against them; `_id` may follow (entries tie on it).
  const wanted = Object.entries(sort ?? {}).filter(([f]) => !prefix.some((_, i) => fields[i] === f));
  let servesSort = true;
  let reverse = false;
  for (let j = 0; j < wanted.length && servesSort; j++) {
    const [field, dir] = wanted[j]!;
    const at = p + j;
    if (j === 0) reverse = at < fields.length ? dir !== directions[at] : dir === -1;
    if (at < fields.length) servesSort = fields[at] === field && (dir === directions[at]) !== reverse;
    else servesSort = at === fields.length && field === '_id' && (dir === 1) !== reverse;
  }
  const sorted = servesSort && wanted.length > 0;
  if (bounded === 0 && !sorted) return null;
  if (reverse) ranges.reverse();
  return { plan: { index, ranges, servesSort, reverse, exact }, score: bounded * 2 + (sorted ? 3 : 0) };
}

/** The best index plan for a filter and sort among the usable indexes, or null to scan. */
export function planQuery(indexes: readonly EmbeddedIndex[], filter: Filter, sort?: Sort): Plan | null {
  const predicates = new Map<string, Predicate>();
  const filterKeys = Object.keys(filter);
  for (const k of filterKeys) {
    if (k.startsWith('$')) continue;
    const pred = predicateOf(filter[k]);
    if (pred) predicates.set(k, pred);
  }
  // Planned on the indexes' fields first; only the best plan's index is asked whether it is usable,
  // which sorts it if it is still pending (EmbeddedIndex.buildLater): the first query of a loaded
  // collection sorts the one index it reads, not all of them (the audit log's six at a million
  // documents: the first page sorted all six).
  const candidates: { plan: Plan; score: number }[] = [];
  for (const index of indexes) {
    const candidate = planFor(index, predicates, filterKeys, sort);
    if (candidate) candidates.push(candidate);
  }
  // Stable: among equal scores the first declared index wins, as before.
  candidates.sort((a, b) => b.score - a.score);
  for (const c of candidates) if (c.plan.index.usable) return c.plan;
  return null;
}

/** The entries a plan walks, in its order. */
export function* walk(plan: Plan): Generator<Entry> {
  for (const { low, high } of plan.ranges) {
    const [from, to] = plan.index.bounds(low, high);
    yield* plan.index.entries.range(from, to, plan.reverse);
  }
}
