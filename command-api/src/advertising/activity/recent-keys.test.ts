import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys';

describe('RecentKeys', () => {
  it('claims a key once per window, and again once the window has passed', () => {
    const keys = new RecentKeys(1000, 100);
    expect(keys.claim('a', 0)).toBe(true);
    expect(keys.claim('a', 999)).toBe(false);
    expect(keys.claim('b', 999)).toBe(true);
    expect(keys.claim('a', 1000)).toBe(true);
    // 'b' expired and was forgotten; 'a' was claimed again at 1000.
    expect(keys.claim('x', 2500)).toBe(true);
    expect(keys.size).toBe(1);
  });

  it('releases a claim whose event was not recorded, but not a later one', () => {
    const keys = new RecentKeys(1000, 100);
    expect(keys.claim('a', 10)).toBe(true);
    keys.release('a', 10);
    expect(keys.claim('a', 20)).toBe(true);
    keys.release('a', 10);
    expect(keys.claim('a', 30)).toBe(false);
  });

  it('holds at most maxKeys, forgetting the oldest first', () => {
    const keys = new RecentKeys(10_000, 2);
    keys.remember('a', 1);
    keys.remember('b', 2);
    keys.remember('c', 3);
    expect(keys.size).toBe(2);
    expect(keys.claim('a', 4)).toBe(true);
    expect(keys.claim('c', 5)).toBe(false);
  });
});
