/**
 * A personal answer with its copy on the device (offline/private-store.ts): online, the fresh
 * answer is returned and saved; without a network, the saved copy is returned with the time it
 * was saved, so the screen can say how old it is. Any answer from the server (an error too)
 * passes through unchanged.
 */
import { isNetworkError } from '../../offline/network-required';

export interface SavedCopy<T> {
  value: T;
  savedAt: string;
}
export interface WithDeviceCopy<T> {
  value: T;
  /** When the copy shown was saved; null when it is the server's fresh answer. */
  savedAt: string | null;
}
export interface DeviceCopyStore<T> {
  read(): Promise<SavedCopy<T> | undefined>;
  write(copy: SavedCopy<T>): Promise<void>;
}

export async function fetchOrDeviceCopy<T>(fetcher: () => Promise<T>, store: DeviceCopyStore<T>, now: () => Date = () => new Date()): Promise<WithDeviceCopy<T>> {
  let value: T;
  try {
    value = await fetcher();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await store.read();
    if (!copy) throw error;
    return { value: copy.value, savedAt: copy.savedAt };
  }
  await store.write({ value, savedAt: now().toISOString() });
  return { value, savedAt: null };
}
