import { describe, expect, it } from 'vitest';
import { SortedBlocks } from './sorted-blocks';

describe('SortedBlocks', () => {
  it('keeps the order of a sorted array through random inserts and deletes, and walks ranges both ways', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    const list = new SortedBlocks<number>((a, b) => a - b, 4); // tiny blocks: many splits and empty blocks
    const reference = new Set<number>();
    for (let step = 0; step < 3000; step++) {
      const v = Math.floor(random() * 500);
      if (random() < 0.6) {
        if (!reference.has(v)) {
          list.insert(v);
          reference.add(v);
        }
      } else expect(list.delete(v)).toBe(reference.delete(v));
      const probe = Math.floor(random() * 500);
      expect(list.find(probe)).toBe(reference.has(probe) ? probe : undefined);
      if (step % 100 === 0) {
        const sorted = [...reference].sort((a, b) => a - b);
        expect(list.size).toBe(sorted.length);
        expect([...list.range({ block: 0, offset: 0 }, list.end())]).toEqual(sorted);
        const lo = Math.floor(random() * 500);
        const hi = lo + Math.floor(random() * 200);
        const from = list.partition((x) => x < lo);
        const to = list.partition((x) => x <= hi);
        const inRange = sorted.filter((x) => x >= lo && x <= hi);
        expect([...list.range(from, to)]).toEqual(inRange);
        expect([...list.range(from, to, true)]).toEqual([...inRange].reverse());
      }
    }
  });

  it('splits the last block too when entries keep coming after the last one', () => {
    const list = new SortedBlocks<number>((a, b) => a - b, 4);
    for (let v = 0; v < 100; v++) list.insert(v);
    expect(Math.max(...list.blockLengths())).toBeLessThanOrEqual(8);
    expect([...list.range({ block: 0, offset: 0 }, list.end())]).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('swaps an entry for one that sorts alike, in its place', () => {
    const list = new SortedBlocks<{ k: number; v: string }>((a, b) => a.k - b.k, 2);
    list.load([1, 2, 3, 4, 5].map((k) => ({ k, v: 'old' })));
    expect(list.swap({ k: 3, v: '' }, { k: 3, v: 'new' })).toBe(true);
    expect(list.swap({ k: 9, v: '' }, { k: 9, v: 'new' })).toBe(false);
    expect([...list.range({ block: 0, offset: 0 }, list.end())].map((e) => e.v)).toEqual(['old', 'old', 'new', 'old', 'old']);
  });

  it('loads sorted entries in one go', () => {
    const list = new SortedBlocks<number>((a, b) => a - b, 3);
    list.load([1, 2, 3, 4, 5, 6, 7]);
    list.insert(0);
    expect(list.delete(4)).toBe(true);
    expect([...list.range({ block: 0, offset: 0 }, list.end(), true)]).toEqual([7, 6, 5, 3, 2, 1, 0]);
  });
});
