import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a screen is rendered at build time (src/prerender) and while the browser takes that
 * markup over (hydration); true from then on, and at once for a screen rendered in the browser.
 * Controls that only work with the app's scripts stay disabled until then, so a tap on the
 * prerendered page never does something else than the app would (e.g. a native form submit), and
 * what only a browser can run (OpenLayers on the map) waits for it, so the prerendered page and
 * the first render in the browser agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
