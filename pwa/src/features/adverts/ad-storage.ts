/** The slice of Web Storage the advert logic uses, so tests can hand it a plain map. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's storage, or null where it is unavailable (private modes that throw, a server
 * render): adverts then rotate from a random start and de-duplicate only within the page.
 */
export function browserStorage(kind: 'local' | 'session'): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Storage writes can throw (quota, disabled storage); an advert must never break the screen for that. */
export function safeSet(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // nothing to do: the value just is not remembered
  }
}

export function safeGet(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** A storage that lives as long as the page: the fallback when the browser's is unavailable. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
