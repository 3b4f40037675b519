import { createHash } from 'node:crypto';

/** A reload, or the same person opening the link again soon after, is one open. */
export const REOPEN_WINDOW_MS = 30 * 60_000;
/** Most visitors remembered at once: past it the oldest go first (a flood costs memory no more than this). */
const MAX_REMEMBERED = 50_000;

/**
 * The visitors who opened each link lately, in this process's memory only, by a digest of link,
 * address and browser (never the address itself), forgotten after REOPEN_WINDOW_MS. Per process,
 * as the advert filter's are: with N replicas a visitor bounced between them may count up to N
 * times in the window.
 */
export class RecentOpens {
  private readonly seen = new Map<string, number>();

  /** True for the first open of this visitor in the window (and remembers it); false for a repeat. */
  firstOpen(shareId: string, ip: string, userAgent: string, now: number): boolean {
    const key = createHash('sha256').update(`${shareId}\n${ip}\n${userAgent}`).digest('base64url');
    const at = this.seen.get(key);
    if (at !== undefined && now - at < REOPEN_WINDOW_MS) return false;
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > MAX_REMEMBERED) this.forget(now);
    return true;
  }

  /** Drops the expired (in insertion order, oldest first), then the oldest beyond the bound. */
  forget(now: number): void {
    for (const [key, at] of this.seen) {
      if (now - at < REOPEN_WINDOW_MS && this.seen.size <= MAX_REMEMBERED) break;
      this.seen.delete(key);
    }
  }
}
