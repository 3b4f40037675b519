/** Documents (and their parts) frozen by `deepFreeze`: safe to share, nothing can change them. */
const frozen = new WeakSet<object>();

/**
 * Freezes a value and everything it holds, in place. The embedded store freezes each
 * document once when it is written, so reads can hand out the stored document itself instead
 * of a deep copy: a caller that tries to change it gets a TypeError (ESM code is strict),
 * never a silently corrupted store.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozen.has(value)) return value;
  for (const v of Object.values(value)) deepFreeze(v);
  Object.freeze(value);
  frozen.add(value);
  return value;
}

/** Whether `deepFreeze` froze this value (so sharing it is safe). */
export const isDeepFrozen = (value: unknown): boolean => typeof value === 'object' && value !== null && frozen.has(value);
