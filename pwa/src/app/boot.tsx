import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';

/**
 * Starts the app in #root: takes a page prerendered at build time over where it stands (hydrates),
 * or renders into the empty shell. Inside a transition, so React renders in slices that leave the
 * main thread free between them instead of one long task on a slow phone.
 */
export function start(root: HTMLElement, prerendered: boolean): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerendered) {
    startTransition(() => void hydrateRoot(root, app, { onRecoverableError }));
  } else {
    root.replaceChildren();
    startTransition(() => createRoot(root).render(app));
  }
}

function onRecoverableError(error: unknown) {
  console.warn('The prerendered page was rendered again in the browser', error);
}
