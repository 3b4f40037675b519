import { describe, expect, it } from 'vitest';
import { rvBroughtForward, suburbPricePerM2 } from './baselines';
import type { BenchSale } from './bench-market';

/** A sale with only what the baselines read. */
const sale = (saleDate: string, price: number, rateableValue: number | null, suburb = 'Hillcrest', floorArea = 100): BenchSale =>
  ({ saleDate, price, rateableValue, home: { suburb, floorArea } }) as unknown as BenchSale;

describe('naive baselines', () => {
  const earlier = [
    ...Array.from({ length: 10 }, (_, i) => sale(`2026-05-${String(i + 1).padStart(2, '0')}`, 600_000 + i * 10_000, 500_000)),
    ...Array.from({ length: 10 }, (_, i) => sale(`2025-01-${String(i + 1).padStart(2, '0')}`, 400_000, 500_000, 'Riverside', 50)),
  ];

  it('(a) brings the RV forward by the median price/RV of the last 3 months (10 sales there)', () => {
    // Ratios 1.20 … 1.38, median 1.29.
    expect(rvBroughtForward(sale('2026-06-10', 0, 400_000), earlier)).toBeCloseTo(400_000 * 1.29, 6);
    expect(rvBroughtForward(sale('2026-06-10', 0, null), earlier)).toBeNull();
    expect(rvBroughtForward(sale('2026-06-10', 0, 400_000), [])).toBeNull();
  });

  it("(b) multiplies the floor area by the suburb's median $/m², the town's when the suburb has too few", () => {
    expect(suburbPricePerM2(sale('2026-06-10', 0, null, 'Hillcrest', 120), earlier)).toBeCloseTo(120 * 6_450, 6);
    // Riverside's 10 sales are over 12 months old: the 24-month window holds them.
    expect(suburbPricePerM2(sale('2026-06-10', 0, null, 'Riverside', 60), earlier)).toBeCloseTo(60 * 8_000, 6);
    // A suburb with no sales falls back to the town's, whose last 3 months already hold 10 sales (6,000 … 6,900 $/m²).
    expect(suburbPricePerM2(sale('2026-06-10', 0, null, 'Nowhere', 100), earlier)).toBeCloseTo(100 * 6_450, 6);
    // Without those, the town's window widens to 24 months: the Riverside sales alone.
    expect(suburbPricePerM2(sale('2026-06-10', 0, null, 'Nowhere', 100), earlier.slice(10))).toBeCloseTo(100 * 8_000, 6);
  });
});
