import { seededRandom } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { clamp, coefficientOfVariation, leastSquares, mean, median, weightedMedian, quantile, truncatedNormalSd, tukeyFences, TYPED_SORT_FROM, withinTukeyFences } from './statistics';
import { normalDraws } from '../../testing/normal-draws';

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('refuses an empty list', () => {
    expect(() => median([])).toThrow();
    expect(() => mean([])).toThrow();
  });
  it('sorts numerically on both sides of TYPED_SORT_FROM, negatives and decimals included', () => {
    // Descending integers −n/2 … n/2 − 1 as decimals: a string sort would misplace them.
    for (const n of [TYPED_SORT_FROM - 2, TYPED_SORT_FROM]) {
      const values = Array.from({ length: n }, (_, i) => (n / 2 - 1 - i) / 10);
      expect(median(values)).toBeCloseTo(-0.05, 12);
      expect(quantile(values, 0)).toBeCloseTo(-n / 20, 12);
      expect(quantile(values, 1)).toBeCloseTo((n / 2 - 1) / 10, 12);
    }
  });
});

describe('weightedMedian', () => {
  it('follows the weight, not the count', () => {
    expect(weightedMedian([{ value: 1, weight: 1 }, { value: 2, weight: 1 }, { value: 10, weight: 5 }])).toBe(10);
    expect(weightedMedian([{ value: 7500, weight: 60 }, { value: 8000, weight: 80 }, { value: 8500, weight: 60 }])).toBe(8000);
  });
  it('equals the ordinary median with equal weights', () => {
    expect(weightedMedian([4, 1, 3, 2].map((value) => ({ value, weight: 3 })))).toBe(2.5);
    expect(weightedMedian([5, 1, 3].map((value) => ({ value, weight: 1 })))).toBe(3);
  });
  it('counts every value equally when all weights are zero', () => {
    expect(weightedMedian([{ value: 1, weight: 0 }, { value: 9, weight: 0 }, { value: 5, weight: 0 }])).toBe(5);
  });
  it('does not depend on the input order', () => {
    const items = [{ value: 3, weight: 20 }, { value: 1, weight: 50 }, { value: 2, weight: 40 }];
    expect(weightedMedian(items)).toBe(weightedMedian([...items].reverse()));
    expect(weightedMedian(items)).toBe(2);
  });
});

describe('coefficientOfVariation', () => {
  it('is the population standard deviation over the mean', () => {
    expect(coefficientOfVariation([7500, 8000, 8500])).toBeCloseTo(Math.sqrt(500000 / 3) / 8000, 12);
    expect(coefficientOfVariation([5, 5, 5])).toBe(0);
  });
});

describe('leastSquares', () => {
  it('fits a line exactly through collinear points', () => {
    const fit = leastSquares([{ x: 0, y: 1 }, { x: 1, y: 3 }, { x: 2, y: 5 }]);
    expect(fit?.slope).toBeCloseTo(2, 12);
    expect(fit?.intercept).toBeCloseTo(1, 12);
  });
  it('gives the hand-computed slope for the worked example', () => {
    // x̄ = 30, ȳ = 8000, Sxx = 1800, Sxy = −30000 → b = −16.67
    expect(leastSquares([{ x: 30, y: 8000 }, { x: 60, y: 7500 }, { x: 0, y: 8500 }])?.slope).toBeCloseTo(-30000 / 1800, 9);
  });
  it('is null when no slope can be fitted', () => {
    expect(leastSquares([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toBeNull();
    expect(leastSquares([{ x: 1, y: 1 }])).toBeNull();
  });
});

describe('clamp', () => {
  it('keeps a value within bounds', () => {
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-5, 0, 3)).toBe(0);
    expect(clamp(2, 0, 3)).toBe(2);
  });
});

describe('quantile', () => {
  it('interpolates between order statistics, as NumPy and R do by default', () => {
    expect(quantile([3, 1, 2, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([5], 0.9)).toBe(5);
    expect(quantile([1, 2], 1)).toBe(2);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('withinTukeyFences (which calibration sales look like market sales)', () => {
  it('keeps sales within 1.5 interquartile ranges of the quartiles and leaves out a family transfer far below', () => {
    // ln(price / estimate) of twenty market sales spread ±8 %, and two transfers at 60 % of the value.
    const market = Array.from({ length: 20 }, (_, i) => -0.08 + (0.16 * i) / 19);
    const inside = withinTukeyFences([...market, Math.log(0.6), Math.log(0.62)]);
    expect(market.every(inside)).toBe(true);
    expect(inside(Math.log(0.6))).toBe(false);
    expect(inside(Math.log(1.35))).toBe(false);
  });
});

describe('truncatedNormalSd (a spread read back through fences drawn for another)', () => {
  /** n draws of a normal with this sd (Box–Muller on a seeded stream). */
  const normals = (n: number, sd: number, seed: number) => {
    const normal = normalDraws(seededRandom(seed));
    return Array.from({ length: n }, () => sd * normal());
  };
  const meanSquareWithin = (xs: readonly number[], low: number, high: number) => {
    const kept = xs.filter((x) => x >= low && x <= high);
    return kept.reduce((sum, x) => sum + x * x, 0) / kept.length;
  };

  it('gives back the sd of a normal cut at fences that sit at fewer of its sds than they were drawn for', () => {
    // Fences drawn for sd 1 (Tukey's on a normal: ±2.70); a group with sd 2 keeps only ±1.35 of its sds.
    for (const sd of [0.5, 1, 2, 3]) {
      const xs = normals(200_000, sd, 7);
      const within = meanSquareWithin(xs, -2.698, 2.698);
      if (sd > 1) expect(Math.sqrt(within)).toBeLessThan(sd * 0.8);
      expect(truncatedNormalSd(within, -2.698, 2.698) / sd).toBeCloseTo(1, 1);
    }
  });

  it('reads a normal cut at Tukey’s fences as the 0.971 the town’s spread divides by, and uneven fences too', () => {
    expect(truncatedNormalSd(0.971 ** 2, -2.698, 2.698)).toBeCloseTo(1, 2);
    const xs = normals(200_000, 1.5, 3);
    expect(truncatedNormalSd(meanSquareWithin(xs, -2, 3.5), -2, 3.5) / 1.5).toBeCloseTo(1, 1);
  });

  it('keeps a spread far inside the fences as it is, and caps one no normal cut there could give', () => {
    expect(truncatedNormalSd(0.01, -10, 10)).toBeCloseTo(0.1, 6);
    // The widest a cut at ±1 can hold is a uniform's mean square, 1/3.
    expect(truncatedNormalSd(0.5, -1, 1)).toBeCloseTo(4 * Math.sqrt(0.5), 9);
    expect(truncatedNormalSd(0, -1, 1)).toBe(0);
  });

  it('agrees with withinTukeyFences on where the fences are', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 40];
    const { low, high } = tukeyFences(xs);
    const inside = withinTukeyFences(xs);
    expect(xs.filter(inside)).toEqual(xs.filter((x) => x >= low && x <= high));
    expect(inside(40)).toBe(false);
  });
});
