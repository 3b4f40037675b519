/**
 * Keys seen within a time window, in memory, oldest first: "this browser session saw this
 * advert less than 24 h ago". A key is claimed before its event is written and released if the
 * write fails, so two requests at once cannot both count, and a failure does not block a retry.
 *
 * Limits (also in docs/advertising.md): it is per process, so N API processes behind a balancer
 * that does not stick sessions may each count a session's impression once (at most N); and it
 * holds at most `maxKeys` (the oldest are forgotten first, so under a flood beyond that the
 * window shrinks rather than memory growing without bound).
 */
export class RecentKeys {
  // Insertion order is expiry order: every key lives the same window.
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  get size(): number {
    return this.seenAt.size;
  }

  /** True (and remembered from `at`) when the key was not seen within the window before `at`. */
  claim(key: string, at: number): boolean {
    this.expire(at);
    const seen = this.seenAt.get(key);
    if (seen !== undefined && at - seen < this.windowMs) return false;
    // Re-inserted, so it moves to the end and the map stays in time order.
    this.seenAt.delete(key);
    this.seenAt.set(key, at);
    if (this.seenAt.size > this.maxKeys) this.seenAt.delete(this.seenAt.keys().next().value!);
    return true;
  }

  /** Whether the key was claimed within the window before `at` (without claiming it). */
  has(key: string, at: number): boolean {
    const seen = this.seenAt.get(key);
    return seen !== undefined && at - seen < this.windowMs;
  }

  /** Forgets a claim whose event was not recorded. */
  release(key: string, at: number): void {
    if (this.seenAt.get(key) === at) this.seenAt.delete(key);
  }

  /** Remembers a key seen at `at` (warming from the log: oldest first). */
  remember(key: string, at: number): void {
    this.claim(key, at);
  }

  /** Forgets the keys past the window at `now` (the retention schedule's sweep, and every claim); answers how many. */
  expire(now: number): number {
    let forgotten = 0;
    for (const [key, at] of this.seenAt) {
      if (now - at < this.windowMs) break;
      this.seenAt.delete(key);
      forgotten++;
    }
    return forgotten;
  }
}
