import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('locks an account after 5 failures for the rest of the window, then lets it try again', () => {
    let now = 0;
    const t = new LoginThrottle({ perAccount: 5, perAddress: 100, windowMs: 1000 }, () => now);
    for (let i = 0; i < 5; i++) {
      expect(t.retryAfter('a', 'ip1')).toBe(0);
      t.fail('a', 'ip1');
      now += 10;
    }
    expect(t.retryAfter('a', 'ip2')).toBe(950);
    expect(t.retryAfter('b', 'ip1')).toBe(0);
    now = 1001;
    expect(t.retryAfter('a', 'ip1')).toBe(0);
  });

  it('limits one address across many accounts', () => {
    const t = new LoginThrottle({ perAccount: 100, perAddress: 3, windowMs: 1000 }, () => 0);
    t.fail('a', 'ip');
    t.fail('b', 'ip');
    t.fail('c', 'ip');
    expect(t.retryAfter('d', 'ip')).toBeGreaterThan(0);
    expect(t.retryAfter('d', 'other')).toBe(0);
  });

  it('clears an account on success', () => {
    const t = new LoginThrottle({ perAccount: 1, perAddress: 100, windowMs: 1000 }, () => 0);
    t.fail('a', 'ip');
    expect(t.retryAfter('a', 'ip')).toBeGreaterThan(0);
    t.succeed('a');
    expect(t.retryAfter('a', 'ip')).toBe(0);
  });
});
