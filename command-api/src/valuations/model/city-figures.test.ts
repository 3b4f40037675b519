import type { SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { cityMarketFigures, cityTrendPerMonthOf } from './city-figures';
import { leastSquares } from './statistics';

const now = new Date('2026-06-15T00:00:00Z');
const sale = (o: Partial<SaleData>): SaleData => ({
  saleId: 's',
  address: '1 Road',
  suburb: 'Te Aro',
  city: 'Wellington',
  saleDate: '2026-05-01',
  price: 1_000_000,
  bedrooms: 3,
  bathrooms: 1,
  floorArea: 100,
  landArea: 400,
  rateableValue: 800_000,
  latitude: null,
  longitude: null,
  demo: false,
  source: 'test',
  ...o,
});

describe('cityMarketFigures', () => {
  it('takes medians over the city sales of the last 24 months', () => {
    const figures = cityMarketFigures(' wellington ', [
      sale({ price: 900_000, rateableValue: 1_000_000, floorArea: 100 }), // 0.9, 9,000
      sale({ price: 1_200_000, rateableValue: 1_000_000, floorArea: 120 }), // 1.2, 10,000
      sale({ price: 1_100_000, rateableValue: null, floorArea: 100 }), // —, 11,000
      sale({ price: 1_000_000, rateableValue: 800_000, floorArea: null }), // 1.25, —
      sale({ city: 'Auckland', price: 5_000_000 }),
      sale({ saleDate: '2026-06-16', price: 9_000_000 }), // future
      sale({ saleDate: '2024-06-14', price: 9_000_000 }), // older than 24 months
      sale({ saleDate: 'soon', price: 9_000_000 }),
    ], now);
    // Fewer than 10 sales: no trend (the field is new in kainga-model-2), so the ratio is not brought to today either.
    expect(figures).toEqual({ citySaleToRvRatio: 1.2, cityMedianPricePerM2: 10_000, cityTrendPerMonth: null, salesCount: 4 });
  });

  it('is null when the city has no sales', () => {
    expect(cityMarketFigures('Gore', [sale({})], now)).toEqual({ citySaleToRvRatio: null, cityMedianPricePerM2: null, cityTrendPerMonth: null, salesCount: 0 });
  });

  it("fits the city's trend on size-adjusted prices and brings the sale-to-RV ratios to today along it", () => {
    // Twelve sales a month apart, prices falling exactly 1 % a month (ln), sizes alternating: no noise, so no shrinking.
    const sales = Array.from({ length: 12 }, (_, i) => {
      const big = i % 2 === 0;
      const floorArea = big ? 200 : 100;
      const landArea = big ? 800 : 400;
      const size = Math.pow(floorArea, 0.6) * Math.pow(landArea, 0.15);
      const saleDate = new Date(Date.UTC(2026, 5 - i, 15)).toISOString().slice(0, 10);
      const daysAgo = (now.getTime() - Date.parse(`${saleDate}T00:00:00Z`)) / 86_400_000;
      const price = 100 * size * Math.exp((0.01 * daysAgo) / 30.4375);
      return sale({ saleDate, floorArea, landArea, price, rateableValue: price / 1.1 / Math.exp((0.01 * daysAgo) / 30.4375) });
    });
    const figures = cityMarketFigures('Wellington', sales, now);
    expect(figures.cityTrendPerMonth).toBeCloseTo(-0.01, 6);
    // Every RV says 1.1 × today's price level: brought to today, every ratio is exactly 1.1.
    expect(figures.citySaleToRvRatio).toBeCloseTo(1.1, 6);
    expect(figures.salesCount).toBe(12);
  });

  it('shrinks a trend by its uncertainty, and needs 10 sales with floor and land areas', () => {
    const points = (noise: number[]) => noise.map((n, i) => ({ daysAgo: i * 30, price: 1_000_000 * Math.exp(n - 0.001 * i), floorArea: 100, landArea: 500 }));
    const noisy = [0.2, -0.15, 0.1, -0.2, 0.18, -0.1, 0.05, -0.12, 0.15, -0.05, 0.1, -0.2];
    // Without noise the trend is kept exactly: ln price falls 0.001 per 30 days → +0.1014 % a month.
    expect(cityTrendPerMonthOf(points(noisy.map(() => 0)))).toBeCloseTo((0.001 * 30.4375) / 30, 10);
    // With noise: t = −slope of ln(size-adjusted price) on months ago, se from the residuals, t × t² / (t² + se²).
    const xy = points(noisy).map((p) => ({ x: p.daysAgo / 30.4375, y: Math.log(p.price / (Math.pow(100, 0.6) * Math.pow(500, 0.15))) }));
    const fit = leastSquares(xy)!;
    const sxx = xy.reduce((s, p) => s + (p.x - fit.meanX) ** 2, 0);
    const se2 = xy.reduce((s, p) => s + (p.y - fit.intercept - fit.slope * p.x) ** 2, 0) / (xy.length - 2) / sxx;
    const t = -fit.slope;
    const shrunk = cityTrendPerMonthOf(points(noisy))!;
    expect(shrunk).toBeCloseTo((t * t * t) / (t * t + se2), 12);
    expect(Math.abs(shrunk)).toBeLessThan(Math.abs(t) / 2); // |t| < se here: mostly noise
    expect(cityTrendPerMonthOf(points(noisy).slice(0, 9))).toBeNull();
    expect(cityTrendPerMonthOf(points(noisy).map((p) => ({ ...p, landArea: null })))).toBeNull();
    expect(cityTrendPerMonthOf(points(noisy).map((p) => ({ ...p, daysAgo: 10 })))).toBeNull();
  });
});
