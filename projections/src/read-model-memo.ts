import type { ReadStore } from '@kainga/platform';

/** Answers remembered per store, by slot; far more slots than any caller uses (cities, stats). */
const MAX_SLOTS = 1000;
const memo = new WeakMap<ReadStore, Map<string, { key: string; value: Promise<unknown> }>>();

/**
 * An answer worked out from read models, kept in `slot` while `key` stays the same — a key made of
 * the versions of the read models' documents (ReadStore.getDataVersion, committed with them, so
 * the documents cannot change without it moving) and whatever else the answer depends on (the
 * day). A failed
 * answer is not kept: the next caller tries again.
 */
export function whileUnchanged<T>(store: ReadStore, slot: string, key: string, compute: () => Promise<T>): Promise<T> {
  let slots = memo.get(store);
  if (!slots) memo.set(store, (slots = new Map()));
  const hit = slots.get(slot);
  if (hit?.key === key) return hit.value as Promise<T>;
  const value = compute();
  if (!hit && slots.size >= MAX_SLOTS) slots.clear();
  slots.set(slot, { key, value });
  value.catch(() => slots.get(slot)?.value === value && slots.delete(slot));
  return value;
}
