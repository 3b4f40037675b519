import { seededRandom, type SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { findComparables } from './comparables';
import { estimateValue } from './estimate';
import { RANGE_CALIBRATION_MIN, rangeScaleOf } from './range-calibration';

/**
 * A town of sales over two years: one suburb, sizes and RVs vary, each price is the home's value
 * × lognormal noise of `noise`. The RV is the value × its own 10 % error.
 */
function town(seed: number, count: number, noise: number): SaleData[] {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
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
      rateableValue: Math.round(value * Math.exp(0.1 * normal())),
      latitude: -43.53,
      longitude: 172.59,
      demo: false,
      source: 'test',
    };
  });
}

const figures = { citySaleToRvRatio: 1, cityMedianPricePerM2: null, cityTrendPerMonth: 0 };

/** The share of `sales` whose price falls inside its own range, each valued from the sales before it with this scale. */
function coverage(sales: readonly SaleData[], rangeScale: number | null): number {
  const valued = sales.slice(-60).map((sale) => {
    const at = new Date(`${sale.saleDate}T00:00:00Z`);
    const subject = { ...sale, conditionScores: {} };
    const e = estimateValue(subject, findComparables(subject, sales.filter((s) => s.saleDate < sale.saleDate), at).comparables, { ...figures, now: at, rangeScale });
    return sale.price >= e.conservativeValue && sale.price <= e.optimisticValue;
  });
  return valued.filter(Boolean).length / valued.length;
}

describe('the range calibration (split conformal on the city’s recent sales)', () => {
  it('widens the range where prices stray more than the model expects, and holds about 4 in 5 of a fresh set of sales', () => {
    const calibration = town(1, 240, 0.14);
    const scale = rangeScaleOf(calibration, figures)!;
    expect(scale).toBeGreaterThan(1);
    const fresh = town(2, 240, 0.14);
    const before = coverage(fresh, null);
    const after = coverage(fresh, scale);
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
});
