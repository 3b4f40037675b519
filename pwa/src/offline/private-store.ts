/**
 * Personal data kept on the device for one signed-in person (DESIGN "API rules": a partner's
 * leads for offline reading, the responses they wrote offline): IndexedDB, every entry under a
 * key that starts with the person's id, so one account never reads another's.
 *
 * Wiped with the service worker's personal cache (private-cache.ts): whenever the server says the
 * signed-in person changed or signed out, or the app starts signed out, every entry not belonging
 * to the new person is deleted. Sign-out therefore leaves nothing personal behind.
 */
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { CACHE_OWNER_KEY } from './cache-names';

/** The key of one named entry of one person. */
export const privateKey = (userId: string, name: string) => `${userId}/${name}`;

/** Which stored keys to delete when the device now belongs to `owner` (null: signed out). */
export function keysNotOwnedBy(stored: readonly IDBValidKey[], owner: string | null): IDBValidKey[] {
  const prefix = owner === null ? null : privateKey(owner, '');
  return stored.filter((key) => prefix === null || typeof key !== 'string' || !key.startsWith(prefix));
}

let idbStore: UseStore | null = null;
function store(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  idbStore ??= createStore('kainga-private', 'by-user');
  return idbStore;
}

/** The entry, or undefined when none is kept (or storage is blocked). */
export async function readPrivate<T>(userId: string, name: string): Promise<T | undefined> {
  const s = store();
  if (!s) return undefined;
  try {
    return await get<T>(privateKey(userId, name), s);
  } catch (error) {
    console.warn('Could not read saved personal data', error);
    return undefined;
  }
}

/** Saves the entry; a blocked or full storage only means it is not kept. */
export async function writePrivate(userId: string, name: string, value: unknown): Promise<void> {
  const s = store();
  if (!s) return;
  try {
    await set(privateKey(userId, name), value, s);
  } catch (error) {
    console.warn('Could not save personal data for offline use', error);
  }
}

export async function deletePrivate(userId: string, name: string): Promise<void> {
  const s = store();
  if (!s) return;
  await del(privateKey(userId, name), s).catch((error: unknown) => console.warn('Could not delete saved personal data', error));
}

/** Deletes everything that does not belong to `owner` (everything when null). */
export async function clearPrivateStoreExcept(owner: string | null): Promise<void> {
  const s = store();
  if (!s) return;
  const drop = keysNotOwnedBy(await keys(s), owner);
  await Promise.all(drop.map((key) => del(key, s)));
}

/**
 * The person the device's personal data belongs to: the last one the server confirmed
 * (private-cache.ts records it). Offline, with the signed-in hint still set, screens use it to
 * open that person's saved data when the user call cannot be answered.
 */
export function recordedOwner(): string | null {
  try {
    return localStorage.getItem(CACHE_OWNER_KEY);
  } catch {
    return null;
  }
}
