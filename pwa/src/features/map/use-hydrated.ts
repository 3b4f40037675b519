import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the page is rendered at build time and while the browser hydrates it (React then
 * uses the server value), true from the next render on, and at once on a page the browser renders
 * itself. What only a browser can run (OpenLayers) waits for it, so the prerendered page and the
 * first render in the browser agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
