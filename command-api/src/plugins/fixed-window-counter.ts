/** Keys one counter holds at most; past it, the oldest tenth is forgotten (see `hit`). */
export const MAX_KEYS = 100_000;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Requests counted per key in fixed windows of `windowMs`: a key's window starts with its first
 * request and allows `max` requests until it ends.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`: 0 when it is allowed, else the milliseconds until its window ends. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window) {
      if (this.windows.size >= MAX_KEYS) this.makeRoom(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    } else if (window.endsAt <= now) {
      window.count = 0;
      window.endsAt = now + this.windowMs;
    }
    window.count += 1;
    return window.count > this.max ? window.endsAt - now : 0;
  }

  /** Forgets the windows that have ended; answers how many. */
  sweep(now = this.now()): number {
    let forgotten = 0;
    for (const [key, window] of this.windows) {
      if (window.endsAt > now) continue;
      this.windows.delete(key);
      forgotten++;
    }
    return forgotten;
  }

  /** Keys held (tests). */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Room for a new key when a flood of addresses (one host can hold many IPv6 /64s) has filled the
   * counter: ended windows first, then the keys first seen longest ago (a Map keeps insertion
   * order), so memory stays bounded and the keys counted most recently keep their counts.
   */
  private makeRoom(now: number): void {
    this.sweep(now);
    if (this.windows.size < MAX_KEYS) return;
    let drop = Math.ceil(MAX_KEYS / 10);
    for (const key of this.windows.keys()) {
      this.windows.delete(key);
      if (--drop === 0) break;
    }
  }
}
