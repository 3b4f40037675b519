/**
 * Start-up work of the map cut into pieces, so no piece blocks the page for long: between pieces
 * the browser can paint, answer input and run the page's other work (on a phone, OpenLayers'
 * set-up and thousands of markers in one go would hold the main thread for hundreds of ms).
 */

/** Features made per piece: a few ms on a phone. */
export const FEATURE_BATCH = 250;

/** Lets the browser run other tasks first (scheduler.yield where there is one, else a new task). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A hidden page paints no frames: past this, {@link afterNextPaint} goes on without one. */
export const PAINT_WAIT_MS = 250;

/**
 * Resolves in a new task just after the browser's next frame (its style, layout and paint done),
 * or after {@link PAINT_WAIT_MS} when no frame comes (a hidden page). Work that reads the layout
 * then finds it up to date instead of forcing it.
 */
export function afterNextPaint(
  frame: (callback: () => void) => void = (callback) => requestAnimationFrame(() => callback()),
  later: (callback: () => void, ms: number) => void = (callback, ms) => void setTimeout(callback, ms),
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    // A frame's callbacks run before its layout and paint; a task queued from there runs after them.
    frame(() => later(finish, 0));
    later(finish, PAINT_WAIT_MS);
  });
}

/** The items in consecutive slices of at most `size` (at least 1), in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}

/**
 * Maps the items a batch at a time, yielding to the main thread between batches; answers null if
 * `cancelled()` becomes true on the way (the work is then abandoned).
 */
export async function mapInBatches<T, R>(
  items: readonly T[],
  size: number,
  map: (item: T) => R,
  cancelled: () => boolean,
  pause: () => Promise<void> = yieldToMain,
): Promise<R[] | null> {
  const out: R[] = [];
  const slices = batches(items, size);
  for (let i = 0; i < slices.length; i += 1) {
    if (i > 0) await pause();
    if (cancelled()) return null;
    for (const item of slices[i]!) out.push(map(item));
  }
  return out;
}
