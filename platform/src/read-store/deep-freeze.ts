/**
 * Values frozen by `deepFreeze`: safe to share, nothing can change them. Only the values
 * `deepFreeze` was called on (documents) are remembered, not every object inside them: a
 * WeakSet entry per nested object cost more than the freezing itself (a valuation document
 * holds ~60 objects) and weighed on every full GC once a million objects were in it.
 */
const frozen = new WeakSet<object>();

/**
 * Freezes a value and everything it holds, in place. The embedded store freezes each
 * document once when it is written, so reads can hand out the stored document itself instead
 * of a deep copy: a caller that tries to change it gets a TypeError (ESM code is strict),
 * never a silently corrupted store.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozen.has(value)) return value;
  freezeTree(value);
  frozen.add(value);
  return value;
}

/**
 * Freezes a document and everything it holds without remembering it (isDeepFrozen stays false, so
 * a write handed it copies it, as any other document): for the documents a store loads from disk
 * or adopts from a rebuild, a million at a time. The WeakSet entry cost ~0.45 µs a document
 * (0.45 s of the 7–8 s of CPU loading 1,000,000 audit-log documents took) and a million entries
 * for every full GC to go through.
 */
export function freezeDocument<T>(value: T): T {
  if (typeof value === 'object' && value !== null) freezeTree(value);
  return value;
}

/** Every object under `value` (whatever froze it before: a shallow freeze says nothing about the inside). */
function freezeTree(value: object): void {
  if (Array.isArray(value)) {
    for (const v of value) if (typeof v === 'object' && v !== null) freezeTree(v);
  } else {
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k];
      if (typeof v === 'object' && v !== null) freezeTree(v);
    }
  }
  Object.freeze(value);
}

/** Whether `deepFreeze` froze this value (so sharing it is safe). */
export const isDeepFrozen = (value: unknown): boolean => typeof value === 'object' && value !== null && frozen.has(value);
