import { describe, expect, it } from 'vitest';
import { afterNextPaint, batches, mapInBatches, PAINT_WAIT_MS, yieldToMain } from './main-thread';

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

  /** A frame and timers run by hand: what afterNextPaint asked for, in order. */
  function fakeClock() {
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; ms: number }[] = [];
    return {
      frames,
      timers,
      frame: (callback: () => void) => void frames.push(callback),
      later: (callback: () => void, ms: number) => void timers.push({ callback, ms }),
    };
  }
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('goes on in a task queued from the next frame, not in the frame itself', async () => {
    const clock = fakeClock();
    const p = afterNextPaint(clock.frame, clock.later);
    expect(clock.frames).toHaveLength(1);
    expect(clock.timers.map((t) => t.ms)).toEqual([PAINT_WAIT_MS]);
    clock.frames[0]!();
    expect(await settled(p)).toBe(false);
    expect(clock.timers.map((t) => t.ms)).toEqual([PAINT_WAIT_MS, 0]);
    clock.timers[1]!.callback();
    expect(await settled(p)).toBe(true);
    // The fallback firing later changes nothing.
    clock.timers[0]!.callback();
  });

  it('goes on without a frame when none comes (a hidden page)', async () => {
    const clock = fakeClock();
    const p = afterNextPaint(clock.frame, clock.later);
    clock.timers[0]!.callback();
    expect(await settled(p)).toBe(true);
  });
});
