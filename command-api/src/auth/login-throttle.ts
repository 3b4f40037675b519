/** One limit: at most `max` failures within `windowMs`. */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /** One account from one address: the owner's own device is never locked by someone else's guesses. */
  perPair: ThrottleRule;
  /** One account from every address together: a much higher bound, so a spread attack is still capped (ASVS 2.2.1: ≤ 100 an hour). */
  perAccount: ThrottleRule;
  /** One address across every account: password spraying from one place. */
  perAddress: ThrottleRule;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perPair: { max: 5, windowMs: 15 * 60_000 },
  perAccount: { max: 100, windowMs: 60 * 60_000 },
  perAddress: { max: 20, windowMs: 15 * 60_000 },
};

/** Past this many tracked keys, expired ones are swept, so spraying many names cannot grow memory for ever. */
const SWEEP_ABOVE = 50_000;

/**
 * Brute-force limits for sign-in, in sliding windows. Five wrong passwords lock only the pair
 * (account, address) that made them: an attacker elsewhere cannot lock the owner out, while the
 * account as a whole still has a ceiling. Kept in memory per API process, so with N API replicas
 * an attacker gets at most N times the budget (noted in docs/security.md).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now = () => Date.now(),
  ) {}

  private keys(account: string, address: string): [string, ThrottleRule][] {
    return [
      [`p:${account}\u0000${address}`, this.limits.perPair],
      [`a:${account}`, this.limits.perAccount],
      [`ip:${address}`, this.limits.perAddress],
    ];
  }

  private recent(key: string, rule: ThrottleRule): number[] {
    const since = this.now() - rule.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(account: string, address: string): number {
    const waits = this.keys(account, address).map(([key, rule]) => {
      const list = this.recent(key, rule);
      return list.length >= rule.max ? list[list.length - rule.max]! + rule.windowMs - this.now() : 0;
    });
    return Math.max(0, ...waits);
  }

  fail(account: string, address: string) {
    if (this.failures.size > SWEEP_ABOVE) this.sweep();
    for (const [key, rule] of this.keys(account, address)) this.failures.set(key, [...this.recent(key, rule), this.now()]);
  }

  /** The owner got in from here: their own earlier typos no longer count against this device. */
  succeed(account: string, address: string) {
    this.failures.delete(this.keys(account, address)[0]![0]);
  }

  /**
   * Forgets the failures older than every window (an account's email and an address are held no
   * longer than they count: the retention schedule runs this each minute); answers how many keys went.
   */
  sweep(): number {
    const longest = Math.max(this.limits.perPair.windowMs, this.limits.perAccount.windowMs, this.limits.perAddress.windowMs);
    const since = this.now() - longest;
    let forgotten = 0;
    for (const [key, list] of this.failures) {
      if (list.at(-1)! > since) continue;
      this.failures.delete(key);
      forgotten++;
    }
    return forgotten;
  }

  /** Keys held (tests). */
  get size(): number {
    return this.failures.size;
  }
}
