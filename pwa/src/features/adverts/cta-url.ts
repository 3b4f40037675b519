/**
 * An advert's call-to-action address, or null if it is not a web address. The server validates
 * ctaUrl when the content is written; the browser checks again because it is about to open it.
 */
export function ctaHref(url: string | null | undefined): string | null {
  try {
    const parsed = new URL((url ?? '').trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/**
 * How long a click waits for its record before the call-to-action opens: long enough for a
 * healthy server, short enough that the browser still counts the opening as the person's own act
 * (Chrome's transient activation lasts 5 s) and nobody waits for a slow one.
 */
export const CLICK_RECORD_WAIT_MS = 1_000;

/** Wait for `work`, but no longer than `ms`. */
export function waitBriefly(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
