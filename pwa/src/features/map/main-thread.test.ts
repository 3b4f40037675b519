import { describe, expect, it } from 'vitest';
import { batches, mapInBatches, yieldToMain } from './main-thread';

describe('main-thread pieces', () => {
  it('cuts items into consecutive slices, the last one shorter', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([1, 2], 5)).toEqual([[1, 2]]);
    expect(batches([], 3)).toEqual([]);
  });

  it('takes a size below 1 as 1', () => {
    expect(batches(['a', 'b'], 0)).toEqual([['a'], ['b']]);
  });

  it('maps every item in order, pausing between batches only', async () => {
    const events: string[] = [];
    const out = await mapInBatches(
      [1, 2, 3, 4, 5],
      2,
      (n) => {
        events.push(`map ${n}`);
        return n * 10;
      },
      () => false,
      async () => {
        events.push('pause');
      },
    );
    expect(out).toEqual([10, 20, 30, 40, 50]);
    expect(events).toEqual(['map 1', 'map 2', 'pause', 'map 3', 'map 4', 'pause', 'map 5']);
  });

  it('abandons the work when cancelled between batches', async () => {
    let cancelled = false;
    const mapped: number[] = [];
    const out = await mapInBatches(
      [1, 2, 3, 4],
      2,
      (n) => {
        mapped.push(n);
        return n;
      },
      () => cancelled,
      async () => {
        cancelled = true;
      },
    );
    expect(out).toBeNull();
    expect(mapped).toEqual([1, 2]);
  });

  it('yields to the main thread and resumes', async () => {
    let ranBetween = false;
    setTimeout(() => (ranBetween = true), 0);
    await yieldToMain();
    await yieldToMain();
    expect(ranBetween).toBe(true);
  });
});
