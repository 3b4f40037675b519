import { describe, expect, it } from 'vitest';
import { seededRandom } from '@kainga/contracts';
import { bootstrapInterval, confidenceBuckets, coverage, errorFallsWithConfidence, expectedAbsoluteError, fifthsBy, mdape, mdapeInterval, mdapeRatioInterval, median, ranks, relativeError, soldWithinTen, spearman, summariseErrors } from './metrics';

describe('bench metrics', () => {
  it('median and MdAPE', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(mdape([-0.1, 0.02, 0.05, -0.3])).toBeCloseTo(0.075, 10);
    expect(relativeError(110, 100)).toBeCloseTo(0.1, 10);
  });

  it('summarises errors: MdAPE, within 10 % / 20 %, bias', () => {
    const s = summariseErrors([-0.25, -0.15, 0.05, 0.1, 0.3]);
    expect(s.count).toBe(5);
    expect(s.mdape).toBeCloseTo(0.15, 10);
    expect(s.within10).toBeCloseTo(2 / 5, 10);
    expect(s.within20).toBeCloseTo(3 / 5, 10);
    expect(s.bias).toBeCloseTo(0.05, 10);
  });

  it('coverage counts prices inside [low, high], ends included', () => {
    expect(
      coverage([
        { price: 100, low: 90, high: 110 },
        { price: 110, low: 90, high: 110 },
        { price: 89, low: 90, high: 110 },
        { price: 120, low: 90, high: 110 },
      ]),
    ).toBe(0.5);
  });

  it('Spearman: +1, −1, ties averaged, NaN without spread', () => {
    expect(ranks([10, 30, 20, 20])).toEqual([1, 4, 2.5, 2.5]);
    expect(spearman([1, 2, 3, 4], [10, 20, 35, 1000])).toBeCloseTo(1, 10);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 10);
    // Hand-worked: ranks x 1..5, y [2, 1, 4, 3, 5]: Σd² = 4, ρ = 1 − 6·4 / (5·24) = 0.8.
    expect(spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50])).toBeCloseTo(0.8, 10);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it('says whether a price sold within ±10 % of its estimate, as the confidence means it', () => {
    // error = (estimate − price) / price: the estimate 10 % above the price leaves the price 9.1 % below it.
    expect(soldWithinTen(0.1)).toBe(true);
    expect(soldWithinTen(0.12)).toBe(false); // the price 10.7 % below
    // The estimate 9.5 % below the price: the price is 10.5 % above the estimate.
    expect(soldWithinTen(-0.095)).toBe(false);
    expect(soldWithinTen(-0.09)).toBe(true); // 9.9 % above
    expect(soldWithinTen(0)).toBe(true);
  });

  it('buckets confidence as the results page does, with count and median error', () => {
    const buckets = confidenceBuckets([
      { confidence: 40, error: 0.3 },
      { confidence: 64, error: -0.2 },
      { confidence: 65, error: 0.1 },
      { confidence: 74, error: -0.12 },
      { confidence: 85, error: 0.02 },
      { confidence: 95, error: -0.04 },
    ]);
    expect(buckets.map((b) => [b.label, b.count])).toEqual([
      ['Low', 1],
      ['Fair', 1],
      ['Good', 2],
      ['High', 0],
      ['Very High', 2],
    ]);
    expect(buckets[2]!.mdape).toBeCloseTo(0.11, 10);
    // Good states 69.5 % on average. Of its two sales one sold within ±10 % of its estimate (the
    // estimate 10 % above the price: the price 9.1 % below it), the other not (13.6 % above it).
    expect(buckets[2]!.statedConfidence).toBeCloseTo(69.5, 10);
    expect(buckets[2]!.soldWithin).toBe(0.5);
    expect(buckets[3]!.statedConfidence).toBeNaN();
    expect(buckets[3]!.soldWithin).toBeNaN();
    expect(buckets[4]!.soldWithin).toBe(1);
    expect(buckets[3]!.mdape).toBeNaN();
    expect(buckets[4]!.mdape).toBeCloseTo(0.03, 10);
    expect(buckets[4]!.mdapeInterval.low).toBeLessThanOrEqual(buckets[4]!.mdape);
    expect(buckets[4]!.mdapeInterval.high).toBeGreaterThanOrEqual(buckets[4]!.mdape);
    expect(buckets[3]!.mdapeInterval.low).toBeNaN();
    expect(errorFallsWithConfidence(buckets, 1)).toBe(true);
    expect(errorFallsWithConfidence(buckets, 3)).toBe(false);
    const flat = confidenceBuckets([
      { confidence: 70, error: 0.05 },
      { confidence: 90, error: 0.06 },
    ]);
    expect(errorFallsWithConfidence(flat, 1)).toBe(false);
  });

  it('expects the absolute error of an estimate from the sale, knowing its error from the true value and the sale noise', () => {
    expect(expectedAbsoluteError(-0.05, 0)).toBe(0.05);
    // An estimate at the true value: E|σZ| = σ√(2/π).
    expect(expectedAbsoluteError(0, 0.06)).toBeCloseTo(0.06 * Math.sqrt(2 / Math.PI), 12);
    // Far off: the noise hardly matters.
    expect(expectedAbsoluteError(0.5, 0.06)).toBeCloseTo(0.5, 6);
    expect(expectedAbsoluteError(-0.03, 0.06)).toBe(expectedAbsoluteError(0.03, 0.06));
    // Against a simulation (a fixed stream of normals by Box–Muller).
    let seed = 1;
    const uniform = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const z = Array.from({ length: 200_000 }, () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()));
    for (const [a, sigma] of [[0.04, 0.06], [0.1, 0.05], [0, 0.1]] as const) {
      const simulated = z.reduce((sum, x) => sum + Math.abs(a - sigma * x), 0) / z.length;
      expect(expectedAbsoluteError(a, sigma)).toBeCloseTo(simulated, 3);
    }
  });

  describe('bootstrap intervals', () => {
    /** n standard normals (Box–Muller), seeded. */
    const normals = (n: number, seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));
    };
    const medianOf = (xs: readonly number[]) => (ix: readonly number[]) => median(ix.map((i) => xs[i]!));

    it("a median's interval is as wide as its sampling error, and half as wide on four times the cases", () => {
      const small = normals(400, 1);
      const interval = bootstrapInterval(small.length, medianOf(small));
      expect(interval.low).toBeLessThan(median(small));
      expect(interval.high).toBeGreaterThan(median(small));
      // The median of n normals strays by 1.2533 / √n: ±0.12 at 95 % for 400.
      expect(interval.high - interval.low).toBeGreaterThan(0.15);
      expect(interval.high - interval.low).toBeLessThan(0.35);
      const large = normals(1600, 2);
      const narrower = bootstrapInterval(large.length, medianOf(large));
      const ratio = (narrower.high - narrower.low) / (interval.high - interval.low);
      expect(ratio).toBeGreaterThan(0.35);
      expect(ratio).toBeLessThan(0.65);
      // Seeded: the same cases give the same interval.
      expect(bootstrapInterval(small.length, medianOf(small))).toEqual(interval);
    });

    it('holds the true median about 95 times in 100 draws', () => {
      let held = 0;
      for (let draw = 0; draw < 100; draw++) {
        const xs = normals(200, 100 + draw);
        const { low, high } = bootstrapInterval(xs.length, medianOf(xs), 400);
        if (low <= 0 && 0 <= high) held += 1;
      }
      expect(held).toBeGreaterThanOrEqual(88);
      expect(held).toBeLessThanOrEqual(100);
    });

    it("resamples two valuers' errors in pairs: a valuer always 1.2× another's error is 1.2× in every resample", () => {
      const oracle = normals(300, 3).map((z) => 0.05 * z);
      const model = oracle.map((e) => 1.2 * e);
      const paired = mdapeRatioInterval(model, oracle);
      expect(paired.low).toBeCloseTo(1.2, 10);
      expect(paired.high).toBeCloseTo(1.2, 10);
      // Were they drawn apart, the ratio would swing by tens of percent.
      const apart = mdapeRatioInterval(normals(300, 4).map((z) => 0.06 * z), oracle);
      expect(apart.high - apart.low).toBeGreaterThan(0.2);
      expect(() => mdapeRatioInterval([0.1], [])).toThrow();
    });

    it('gives no interval without cases, and none wider than nothing for constant errors', () => {
      expect(mdapeInterval([]).low).toBeNaN();
      expect(mdapeInterval([0.05, -0.05, 0.05])).toEqual({ low: 0.05, high: 0.05 });
    });
  });

  it('fifthsBy: five groups of nearly equal size in order of the key, ties in their order', () => {
    const groups = fifthsBy([9, 1, 8, 2, 7, 3, 6, 4, 5, 0, 5, 5], (x) => x);
    expect(groups.map((g) => g.length)).toEqual([2, 2, 3, 2, 3]);
    expect(groups.flat()).toEqual([0, 1, 2, 3, 4, 5, 5, 5, 6, 7, 8, 9]);
    const tied = fifthsBy(['a', 'b', 'c', 'd', 'e'], () => 1);
    expect(tied).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
    expect(fifthsBy([], (x: number) => x)).toEqual([[], [], [], [], []]);
  });
});
