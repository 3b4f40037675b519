/**
 * `derive` made to work out its answer once per frozen value. The embedded read store hands out
 * the same deep-frozen document until the document changes (a change stores a new one), so what
 * is derived from a document can be kept by its identity, and goes when the document does
 * (WeakMap). A value that is not frozen (MongoDB's documents, new on every read; one a caller
 * built) could change, so it is derived each time. Used where a hot path derived the same thing
 * from the same document on every request (a session's expiry, a signed-in User, a sale as the
 * comparables search reads it). `derive` must not answer undefined.
 */
export function oncePerFrozen<K extends object, V>(derive: (value: K) => V): (value: K) => V {
  const kept = new WeakMap<K, V>();
  return (value) => {
    let derived = kept.get(value);
    if (derived === undefined) {
      derived = derive(value);
      if (Object.isFrozen(value)) kept.set(value, derived);
    }
    return derived;
  };
}
