import { Query } from 'mingo';
import type { Update } from './read-store';

/**
 * Applies the update operators of the ReadStore port ($set, $inc, $push, $addToSet, $unset,
 * $pull; $setOnInsert is the caller's) to a document in place, with MongoDB's semantics for
 * dotted paths. Hand-written because projections run it for every event: mingo's general
 * updater builds its operator context on every call and was 90 % of a rebuild's time.
 * Returns whether the document changed. `$setOnInsert` is left to the caller (it applies only
 * when an upsert inserts).
 */
export function applyUpdate(doc: Record<string, unknown>, update: Update): boolean {
  let changed = false;
  for (const op in update) {
    const fields = update[op as keyof Update] as Record<string, unknown> | undefined;
    if (!fields || op === '$setOnInsert') continue;
    for (const path in fields) {
      const value = fields[path];
      // Most paths are one field: no split, no walk.
      const { parent, key } = path.includes('.') ? walk(doc, path, op !== '$unset' && op !== '$pull') : { parent: doc, key: path };
      if (!parent) continue;
      const current = parent[key];
      switch (op) {
        case '$set':
          if (!equal(current, value)) {
            parent[key] = copy(value);
            changed = true;
          }
          break;
        case '$inc':
          if (current !== undefined && typeof current !== 'number') throw new Error(`Cannot $inc non-numeric field ${path}`);
          if (value !== 0 || current === undefined) {
            parent[key] = ((current as number | undefined) ?? 0) + (value as number);
            changed = true;
          }
          break;
        case '$push':
        case '$addToSet': {
          if (current !== undefined && !Array.isArray(current)) throw new Error(`Cannot ${op} to non-array field ${path}`);
          const list = (current as unknown[] | undefined) ?? [];
          const each = isEach(value) ? value.$each : [value];
          for (const item of each) {
            if (op === '$addToSet' && list.some((x) => equal(x, item))) continue;
            list.push(copy(item));
            changed = true;
          }
          if (current === undefined) {
            parent[key] = list;
            changed = true;
          }
          break;
        }
        case '$unset':
          if (key in parent) {
            delete parent[key];
            changed = true;
          }
          break;
        case '$pull': {
          if (!Array.isArray(current)) break;
          const query = isCondition(value) ? new Query(value as Record<string, unknown>) : null;
          const matches = (x: unknown) => (query ? query.test(x as Record<string, unknown>) : equal(x, value));
          const kept = current.filter((x) => !matches(x));
          if (kept.length !== current.length) {
            parent[key] = kept;
            changed = true;
          }
          break;
        }
        default:
          throw new Error(`Unsupported update operator ${op}`);
      }
    }
  }
  return changed;
}

/** The object holding the last segment of a dotted path, created on the way when asked. */
function walk(doc: Record<string, unknown>, path: string, create: boolean): { parent: Record<string, unknown> | null; key: string } {
  const parts = path.split('.');
  let node: Record<string, unknown> = doc;
  for (const part of parts.slice(0, -1)) {
    let next = node[part];
    if (next === undefined || next === null) {
      if (!create) return { parent: null, key: '' };
      next = node[part] = {};
    }
    if (typeof next !== 'object') throw new Error(`Cannot update ${path}: ${part} is not an object`);
    node = next as Record<string, unknown>;
  }
  return { parent: node, key: parts[parts.length - 1]! };
}

const isEach = (v: unknown): v is { $each: unknown[] } => typeof v === 'object' && v !== null && Array.isArray((v as { $each?: unknown }).$each);
/** A $pull value that is a query on the elements (`{ n: { $gt: 2 } }`), not a value to remove. */
const isCondition = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).some((x) => typeof x === 'object' && x !== null && Object.keys(x).some((k) => k.startsWith('$')));

/** Values from the update are copied so the document never shares objects with the caller. */
const copy = <T>(v: T): T => copyValue(v);

/**
 * A deep copy of a value. Plain objects and arrays (all a read model holds) are copied by hand,
 * several times faster than `structuredClone`, which remains for anything else (a Date).
 *
 * An object is copied by a spread, which V8 does in one step from the original's shape, and
 * then its nested objects are copied in place. Copied field by field (`out[k] = …`), the
 * rebuild's valuations and their 34 condition scores ended up, once frozen, as hash-table
 * ("dictionary mode") objects (V8's %HasFastProperties), slower to read, to freeze and to
 * JSON.stringify: bench:scale's 2,000 valuations at 10× took 35–71 ms to stringify that way and
 * 26 ms this way (what JSON.parse makes: 25 ms).
 */
export function copyValue<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(copyValue) as T;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k in out) {
    const x = out[k];
    if (typeof x !== 'object' || x === null) continue;
    // `out.__proto__ = …` would set the prototype: a field of that name is defined instead.
    if (k === '__proto__') Object.defineProperty(out, k, { value: copyValue(x), writable: true, enumerable: true, configurable: true });
    else out[k] = copyValue(x);
  }
  return out as T;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
