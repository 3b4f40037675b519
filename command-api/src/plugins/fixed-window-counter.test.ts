import { describe, expect, it } from 'vitest';
import { FixedWindowCounter, MAX_KEYS } from './fixed-window-counter';

describe('FixedWindowCounter', () => {
  it('allows max requests a window per key, then says how long until the window ends', () => {
    let now = 1_000;
    const counter = new FixedWindowCounter(2, 60_000, () => now);
    expect(counter.hit('a')).toBe(0);
    now += 10_000;
    expect(counter.hit('a')).toBe(0);
    expect(counter.hit('a')).toBe(50_000);
    expect(counter.hit('b')).toBe(0);
    now += 50_000;
    // The window of 'a' has ended: a new one starts with this request.
    expect(counter.hit('a')).toBe(0);
    expect(counter.hit('a')).toBe(0);
    expect(counter.hit('a')).toBe(60_000);
  });

  it('forgets ended windows when swept', () => {
    let now = 0;
    const counter = new FixedWindowCounter(1, 1_000, () => now);
    counter.hit('a');
    now = 500;
    counter.hit('b');
    now = 1_200;
    counter.sweep();
    expect(counter.size).toBe(1);
    expect(counter.hit('b')).toBe(300);
  });

  it('stays bounded under a flood of keys, keeping the keys seen last', () => {
    const counter = new FixedWindowCounter(1, 60_000, () => 0);
    for (let i = 0; i <= MAX_KEYS; i++) counter.hit(`k${i}`);
    expect(counter.size).toBeLessThanOrEqual(MAX_KEYS);
    expect(counter.hit(`k${MAX_KEYS}`)).toBe(60_000);
    // The first key was forgotten to make room: it starts again.
    expect(counter.hit('k0')).toBe(0);
  });
});
