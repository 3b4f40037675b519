import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleLimits } from './login-throttle';

const limits = (overrides: Partial<ThrottleLimits> = {}): ThrottleLimits => ({
  perPair: { max: 5, windowMs: 1000 },
  perAccount: { max: 100, windowMs: 4000 },
  perAddress: { max: 100, windowMs: 1000 },
  ...overrides,
});

describe('LoginThrottle', () => {
  it('locks an account from one address after 5 failures for the rest of the window, then lets it try again', () => {
    let now = 0;
    const t = new LoginThrottle(limits(), () => now);
    for (let i = 0; i < 5; i++) {
      expect(t.retryAfter('a', 'ip1')).toBe(0);
      t.fail('a', 'ip1');
      now += 10;
    }
    expect(t.retryAfter('a', 'ip1')).toBe(950);
    now = 1001;
    expect(t.retryAfter('a', 'ip1')).toBe(0);
  });

  it('never locks the owner at another address out because of guesses made elsewhere', () => {
    const t = new LoginThrottle(limits(), () => 0);
    for (let i = 0; i < 20; i++) t.fail('a', 'attacker');
    expect(t.retryAfter('a', 'attacker')).toBeGreaterThan(0);
    expect(t.retryAfter('a', 'owner')).toBe(0);
  });

  it('still caps an account across all addresses, at a much higher bound', () => {
    const t = new LoginThrottle(limits({ perAccount: { max: 12, windowMs: 4000 } }), () => 0);
    for (let ip = 0; ip < 3; ip++) for (let i = 0; i < 4; i++) t.fail('a', `ip${ip}`);
    expect(t.retryAfter('a', 'fresh')).toBe(4000);
    expect(t.retryAfter('b', 'fresh')).toBe(0);
  });

  it('limits one address across many accounts', () => {
    const t = new LoginThrottle(limits({ perAddress: { max: 3, windowMs: 1000 } }), () => 0);
    t.fail('a', 'ip');
    t.fail('b', 'ip');
    t.fail('c', 'ip');
    expect(t.retryAfter('d', 'ip')).toBeGreaterThan(0);
    expect(t.retryAfter('d', 'other')).toBe(0);
  });

  it('clears the account at that address on success, and only there', () => {
    const t = new LoginThrottle(limits({ perPair: { max: 1, windowMs: 1000 } }), () => 0);
    t.fail('a', 'ip');
    t.fail('a', 'elsewhere');
    expect(t.retryAfter('a', 'ip')).toBeGreaterThan(0);
    t.succeed('a', 'ip');
    expect(t.retryAfter('a', 'ip')).toBe(0);
    expect(t.retryAfter('a', 'elsewhere')).toBeGreaterThan(0);
  });

  it('forgets an account and an address once their failures are older than every window', () => {
    let now = 0;
    const t = new LoginThrottle(limits(), () => now);
    t.fail('someone@example.nz', '203.0.113.9');
    now = 3999;
    expect(t.sweep()).toBe(0);
    expect(t.size).toBe(3);
    now = 4000;
    expect(t.sweep()).toBe(3);
    expect(t.size).toBe(0);
  });
});
