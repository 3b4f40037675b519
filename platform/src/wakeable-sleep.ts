/**
 * Resolves after `ms`, or as soon as `wakeAll(wakers)` is called, whichever comes first: a wait
 * that something can end early (a runner stopping, a projection moving on).
 */
export function sleepUnlessWoken(wakers: Set<() => void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      wakers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    wakers.add(wake);
  });
}

/** Ends every wait of `sleepUnlessWoken` on `wakers` now. */
export function wakeAll(wakers: Set<() => void>): void {
  if (wakers.size === 0) return;
  for (const wake of [...wakers]) wake();
}
