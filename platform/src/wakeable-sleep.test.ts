import { describe, expect, it } from 'vitest';
import { sleepUnlessWoken, wakeAll } from './wakeable-sleep';

describe('sleepUnlessWoken', () => {
  it('ends every wait when woken, long before its time, and forgets them', async () => {
    const wakers = new Set<() => void>();
    const waits = [sleepUnlessWoken(wakers, 60_000), sleepUnlessWoken(wakers, 60_000)];
    expect(wakers.size).toBe(2);
    wakeAll(wakers);
    await Promise.all(waits);
    expect(wakers.size).toBe(0);
  });

  it('ends on its own after its time, and forgets it', async () => {
    const wakers = new Set<() => void>();
    await sleepUnlessWoken(wakers, 5);
    expect(wakers.size).toBe(0);
    wakeAll(wakers);
  });
});
