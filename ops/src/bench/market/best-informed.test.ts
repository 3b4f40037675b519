import { leastSquares } from '@kainga/command-api';
import { describe, expect, it } from 'vitest';
import { bestInformedEstimate, conditionOf, streetLevelOf, streetOfSale } from './best-informed';
import { BENCH_MARKET_DEFAULTS, generateBenchMarket, type BenchSale } from './bench-market';
import { conditionFactor } from './condition';
import { IDIOSYNCRATIC_SD } from './home';
import { median } from './metrics';
import { knowsAllButTheHomeEstimate, oracleEstimate } from './oracle';
import { STREET_LEVEL_SD } from './suburbs';

const market = generateBenchMarket({ seed: 11, now: new Date('2026-06-15T00:00:00Z'), salesPerTown: 600 });
const townOf = (sale: BenchSale) => market.towns.find((t) => t.name === sale.home.town)!;
const earlierOnStreet = (sale: BenchSale) => market.training.filter((s) => streetOfSale(s) === streetOfSale(sale) && s.saleDate < sale.saleDate);
const rvError = BENCH_MARKET_DEFAULTS.rvError;

/** Least-squares slope of y on x: 1 when the inferred means are calibrated (E[truth | mean] = mean). */
const slope = (x: readonly number[], y: readonly number[]) => leastSquares(x.map((xi, i) => ({ x: xi, y: y[i]! })))!.slope;

describe('the best-informed valuer', () => {
  it("reads a street's level from its sales as a Bayesian would: the prior without sales, calibrated means and honest variances with them", () => {
    const none = streetLevelOf([], townOf(market.heldOut[0]!), rvError);
    expect(none).toEqual({ mean: 0, variance: STREET_LEVEL_SD ** 2 });

    const read = market.heldOut.map((sale) => ({ sale, level: streetLevelOf(earlierOnStreet(sale), townOf(sale), rvError) }));
    const truth = read.map(({ sale }) => Math.log(sale.home.hidden.streetLevel));
    const means = read.map(({ level }) => level.mean);
    expect(slope(means, truth)).toBeGreaterThan(0.9);
    expect(slope(means, truth)).toBeLessThan(1.1);
    // Each street's sales narrow it below the prior, and its stated variance is the error it makes.
    const meanVariance = read.reduce((a, { level }) => a + level.variance, 0) / read.length;
    expect(meanVariance).toBeLessThan(STREET_LEVEL_SD ** 2 / 2);
    const squaredError = read.reduce((a, { level }, i) => a + (level.mean - truth[i]!) ** 2, 0) / read.length;
    expect(squaredError / meanVariance).toBeGreaterThan(0.75);
    expect(squaredError / meanVariance).toBeLessThan(1.33);
  });

  it("reads the condition from the owner's ratings, shrunk to the market's grades by how much ratings stray", () => {
    const read = market.heldOut.map((sale) => ({ sale, condition: conditionOf(sale) }));
    const truth = read.map(({ sale }) => Math.log(conditionFactor(sale.home.hidden.condition)));
    // 1.08 here: the ratings' rounding and clamping to 1–5 are treated as plain noise. Unshrunk ratings read 0.86.
    const calibration = slope(read.map(({ condition }) => condition.mean), truth);
    expect(calibration).toBeGreaterThan(0.92);
    expect(calibration).toBeLessThan(1.2);
    const unrated = conditionOf({ home: { ...market.heldOut[0]!.home, conditionScores: {} } });
    expect(unrated.variance).toBeGreaterThan(read[0]!.condition.variance);
  });

  it('stands between the references against the true value: behind knowing the street and condition, well ahead of the rules alone', () => {
    // Against the true value, not the sale price: on a few hundred sales the sale's own luck moves
    // an MdAPE by more than the gaps between these references (the oracle itself read 4.31 % here
    // against 4.30 % for a reference that knows less).
    const fromTruth = (estimate: (sale: BenchSale) => number) => median(market.heldOut.map((sale) => Math.abs(Math.log(estimate(sale) / sale.trueValue))));
    const best = (sale: BenchSale) => bestInformedEstimate(sale, earlierOnStreet(sale), townOf(sale), rvError);
    // Without the ratings and the RV, on a street with no sales, it knows only the market's rules.
    const blind = (sale: BenchSale) => bestInformedEstimate({ ...sale, rateableValue: null, home: { ...sale.home, conditionScores: {} } }, [], townOf(sale), rvError);
    expect(fromTruth(oracleEstimate)).toBe(0);
    expect(fromTruth(knowsAllButTheHomeEstimate)).toBeLessThan(fromTruth(best));
    expect(fromTruth(best)).toBeLessThan(fromTruth(blind) * 0.85);
    // What is left is at least most of the home's own factor, which only the RV (10 % error) sees.
    expect(fromTruth(best)).toBeGreaterThan(0.6745 * IDIOSYNCRATIC_SD * 0.8);
  });
});
