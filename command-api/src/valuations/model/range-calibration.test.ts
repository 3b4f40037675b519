import { seededRandom, type SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { findComparables } from './comparables';
import { estimateValue, estimateWithParts, RANGE_MIN, RANGE_SPAN, RANGE_Z } from './estimate';
import { calibrateCity, RANGE_CALIBRATION_MIN, rangeScaleOf, type CityCalibration } from './range-calibration';
import { normalDraws } from '../../testing/normal-draws';

/**
 * A town of sales over two years: one suburb, sizes and RVs vary, each price is the home's value
 * × lognormal noise of `noise`. The RV is the value × its own 10 % error.
 */
function town(seed: number, count: number, noise: number, rvError = 0.1): SaleData[] {
  const random = seededRandom(seed);
  const normal = normalDraws(random);
  return Array.from({ length: count }, (_, i) => {
    const floorArea = 80 + Math.round(random() * 170);
    const landArea = 300 + Math.round(random() * 600);
    const value = 8_000 * Math.pow(floorArea, 0.9) * Math.pow(landArea / 500, 0.15);
    const day = new Date(Date.UTC(2024, 6, 1) + Math.floor((i / count) * 700) * 86_400_000).toISOString().slice(0, 10);
    return {
      saleId: `s${seed}-${i}`,
      address: `${i + 1} Kauri Street`,
      suburb: 'Riccarton',
      city: 'Christchurch',
      saleDate: day,
      price: Math.round(value * Math.exp(noise * normal())),
      bedrooms: 3,
      bathrooms: 1,
      floorArea,
      landArea,
      rateableValue: Math.round(value * Math.exp(rvError * normal())),
      latitude: -43.53,
      longitude: 172.59,
      demo: false,
      source: 'test',
    };
  });
}

const figures = { citySaleToRvRatio: 1, cityMedianPricePerM2: null, cityTrendPerMonth: 0 };

const uncalibrated: CityCalibration = { rangeScale: null, comparablesErrorScale: null };

/** Each of the last 60 `sales` valued from the sales before it with this calibration. */
function valueLast60(sales: readonly SaleData[], calibration: CityCalibration) {
  return sales.slice(-60).map((sale) => {
    const at = new Date(`${sale.saleDate}T00:00:00Z`);
    const subject = { ...sale, conditionScores: {} };
    return { sale, e: estimateValue(subject, findComparables(subject, sales.filter((s) => s.saleDate < sale.saleDate), at).comparables, { ...figures, ...calibration, now: at }) };
  });
}

/** The share of `sales` whose price falls inside its own range. */
function coverage(sales: readonly SaleData[], calibration: CityCalibration): number {
  const valued = valueLast60(sales, calibration).map(({ sale, e }) => sale.price >= e.conservativeValue && sale.price <= e.optimisticValue);
  return valued.filter(Boolean).length / valued.length;
}

describe('the range calibration (split conformal on the city’s recent sales)', () => {
  it('widens the range where prices stray more than the model expects, and holds about 4 in 5 of a fresh set of sales', () => {
    const calibration = calibrateCity(town(1, 240, 0.14), figures);
    expect(calibration.rangeScale).toBeGreaterThan(1);
    // Three fresh towns of the same market (180 sales valued): one town's 60 leave the share a few points either way.
    const fresh = [2, 12, 22].map((seed) => town(seed, 240, 0.14));
    const shareInside = (c: CityCalibration) => fresh.reduce((sum, sales) => sum + coverage(sales, c), 0) / fresh.length;
    const before = shareInside(uncalibrated);
    const after = shareInside(calibration);
    expect(before).toBeLessThan(0.75);
    expect(after).toBeGreaterThanOrEqual(0.72);
    expect(after).toBeLessThanOrEqual(0.92);
  });

  it('narrows it where prices keep close to their estimates', () => {
    expect(rangeScaleOf(town(3, 240, 0.02), figures)!).toBeLessThan(rangeScaleOf(town(3, 240, 0.14), figures)!);
  });

  it('needs enough sales it can value, and answers the same every time', () => {
    expect(rangeScaleOf(town(4, RANGE_CALIBRATION_MIN - 1, 0.1), figures)).toBeNull();
    const sales = town(5, 200, 0.1);
    expect(rangeScaleOf(sales, figures)).toBe(rangeScaleOf([...sales].reverse(), figures));
  });

  it('trusts the approach that priced the recent sales better: the RV where it is exact, the comparables where it is not', () => {
    // Exact RVs and noisy prices: the comparables' spread understates how far they stray from an
    // RV-priced home, so their error is scaled up and the blend leans on the RV; with poor RVs, down.
    const exactRv = calibrateCity(town(6, 240, 0.08, 0.005), figures);
    const poorRv = calibrateCity(town(6, 240, 0.08, 0.3), figures);
    expect(exactRv.comparablesErrorScale!).toBeGreaterThan(1);
    expect(poorRv.comparablesErrorScale!).toBeLessThan(1);
    // So the same home's base leans on the RV in the first town and on the comparables in the second.
    const sales = town(6, 240, 0.08, 0.005);
    const sale = sales.at(-1)!;
    const at = new Date(`${sale.saleDate}T00:00:00Z`);
    const subject = { ...sale, conditionScores: {} };
    const { comparables } = findComparables(subject, sales.slice(0, -1), at);
    const comparablesShare = (calibration: CityCalibration) => {
      const line = estimateValue(subject, comparables, { ...figures, ...calibration, now: at }).explanation.find((l) => l.startsWith('Base value:'))!;
      return Number(/^Base value: (\d+) % comparable sales/.exec(line)![1]);
    };
    expect(comparablesShare(exactRv)).toBeLessThan(comparablesShare(poorRv));
  });

  it("keeps each home's own expected error in its range: the town's scale times the home's own, not the town's typical error", () => {
    const sales = town(9, 240, 0.1);
    const calibration = calibrateCity(sales, figures);
    expect(calibration.rangeScale).not.toBeNull();
    const homes = sales.slice(-20).map((sale) => {
      const at = new Date(`${sale.saleDate}T00:00:00Z`);
      const subject = { ...sale, conditionScores: {} };
      const { comparables } = findComparables(subject, sales.filter((s) => s.saleDate < sale.saleDate), at);
      const { estimate, parts } = estimateWithParts(subject, comparables, { ...figures, ...calibration, now: at });
      return { own: parts.baseError, halfWidth: estimate.optimisticValue / estimate.estimatedValue - 1 };
    });
    const unclamped = homes.filter((h) => h.halfWidth > RANGE_MIN + 0.005 && h.halfWidth < RANGE_MIN + RANGE_SPAN - 0.005);
    expect(new Set(unclamped.map((h) => h.own.toFixed(4))).size).toBeGreaterThan(5);
    // Each range is 1.28 × the town's scale × the home's own expected error (up to rounding to $1,000).
    for (const h of unclamped) expect(h.halfWidth / h.own).toBeCloseTo(RANGE_Z * calibration.rangeScale!, 1);
    expect(calibrateCity(town(4, RANGE_CALIBRATION_MIN - 1, 0.1), figures)).toEqual(uncalibrated);
  });
});
