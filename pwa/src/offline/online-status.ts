import { useSyncExternalStore } from 'react';

/** Whether the browser says it has a network (navigator.onLine), kept up to date by its events. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine !== false;
}

export function subscribeOnlineStatus(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser has a network; re-renders on every change. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnlineStatus, isOnline, () => true);
}
