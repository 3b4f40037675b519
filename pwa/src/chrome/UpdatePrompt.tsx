import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/**
 * Service-worker registration and the update prompt. The worker is registered with
 * `registerType: 'prompt'`: when a new version has installed and is waiting, a banner offers
 * 'Reload', which activates the waiting worker (skip waiting) and reloads the page.
 */
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
let needRefresh = false;
const listeners = new Set<() => void>();

function register(): void {
  if (updateServiceWorker || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  updateServiceWorker = registerSW({
    onNeedRefresh() {
      needRefresh = true;
      listeners.forEach((l) => l());
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The banner itself (antd Alert) loads only when an update is waiting. */
const UpdateBanner = lazy(() => import('./UpdateBanner'));

export function UpdatePrompt() {
  useEffect(register, []);
  const waiting = useSyncExternalStore(subscribe, () => needRefresh, () => false);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner onReload={() => void updateServiceWorker?.(true)} />
    </Suspense>
  );
}
