import { Query } from 'mingo';
import type { Doc, Filter } from './read-store';

/** Compiled mingo queries kept by their filter's JSON; far more than the distinct filters a route repeats. */
const CACHED_QUERIES = 512;
const queries = new Map<string, Query>();

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** `field: scalar` or `field: { $ne: scalar }` on a top-level field: what most read-model filters say. */
type Test = { field: string; value: Scalar; equal: boolean };

/**
 * The test of one document against a filter, with mingo's answers. Compiling a mingo Query costs
 * ~24 µs (measured on the bench machine), more than half of a small API request: so a filter of
 * plain equalities (and `$ne`) on top-level fields is tested here directly, falling back to mingo
 * only for a document whose field is an array (where equality means "contains"); any other filter
 * is compiled once and kept by its JSON, so a route asking the same question reuses it.
 */
export function matcherOf(filter: Filter): (doc: Doc) => boolean {
  const tests = simpleTests(filter);
  if (!tests) return compiled(filter);
  let query: Query | null = null;
  return (doc) => {
    for (const t of tests) {
      const v = doc[t.field];
      if (v === t.value) {
        if (t.equal) continue;
        return false;
      }
      if (Array.isArray(v)) return (query ??= compiledQuery(filter)).test(doc);
      // A missing field, null, an object or another scalar: not equal.
      if (t.equal) return false;
    }
    return true;
  };
}

function simpleTests(filter: Filter): Test[] | null {
  const tests: Test[] = [];
  for (const field in filter) {
    if (field.startsWith('$') || field.includes('.')) return null;
    const value = filter[field];
    if (isScalar(value)) tests.push({ field, value, equal: true });
    else if (isNe(value)) tests.push({ field, value: value.$ne, equal: false });
    else return null;
  }
  return tests;
}

function isNe(value: unknown): value is { $ne: Scalar } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  let n = 0;
  for (const _ in value) n += 1;
  return n === 1 && '$ne' in value && isScalar((value as { $ne: unknown }).$ne);
}

function compiled(filter: Filter): (doc: Doc) => boolean {
  const query = compiledQuery(filter);
  return (doc) => query.test(doc);
}

function compiledQuery(filter: Filter): Query {
  const key = keyOf(filter);
  if (key === null) return new Query(filter);
  let query = queries.get(key);
  if (query) {
    // Most recently used last: the oldest is the first key.
    queries.delete(key);
  } else {
    query = new Query(filter);
    if (queries.size >= CACHED_QUERIES) queries.delete(queries.keys().next().value!);
  }
  queries.set(key, query);
  return query;
}

/**
 * A filter's JSON with the values JSON would blur kept apart (a RegExp is `{}` to JSON, a Date
 * its ISO string, NaN null, undefined nothing); null for a filter holding a function (not kept).
 */
function keyOf(filter: Filter): string | null {
  let cacheable = true;
  const key = JSON.stringify(filter, function (this: Record<string, unknown>, k: string, v: unknown) {
    const raw = this[k];
    if (raw instanceof RegExp) return { $regexp: [raw.source, raw.flags] };
    if (raw instanceof Date) return { $date: raw.getTime() };
    if (raw === undefined) return { $undefined: true };
    if (typeof raw === 'number' && !Number.isFinite(raw)) return { $number: String(raw) };
    if (typeof raw === 'function' || typeof raw === 'symbol' || typeof raw === 'bigint') cacheable = false;
    return typeof v === 'bigint' ? null : v;
  });
  return cacheable ? key : null;
}
