import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('repeats for a seed, differs between seeds, and stays in [0, 1)', () => {
    const draw = (seed: number) => {
      const next = seededRandom(seed);
      return Array.from({ length: 1000 }, () => next());
    };
    const xs = draw(99);
    expect(draw(99)).toEqual(xs);
    expect(draw(100)).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
