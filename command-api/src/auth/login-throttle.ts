/**
 * Brute-force limits for sign-in: failures are counted per account and per client address in
 * a sliding window; a success clears the account's count. Kept in memory per API process, so
 * with N API replicas an attacker gets at most N times the budget (noted in the README).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
    private readonly now = () => Date.now(),
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(account: string, address: string): number {
    const a = this.recent(`a:${account}`);
    const b = this.recent(`ip:${address}`);
    const wait = (list: number[], max: number) => (list.length >= max ? list[list.length - max]! + this.limits.windowMs - this.now() : 0);
    return Math.max(wait(a, this.limits.perAccount), wait(b, this.limits.perAddress), 0);
  }

  fail(account: string, address: string) {
    for (const key of [`a:${account}`, `ip:${address}`]) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  succeed(account: string) {
    this.failures.delete(`a:${account}`);
  }
}
