import { seededRandom, type SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { cityMarketFigures, cityTrendPerMonthOf, suburbSaleToRvRatiosOf } from './city-figures';
import { leastSquares } from './statistics';
import { normalDraws } from '../../testing/normal-draws';

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
    expect(figures).toEqual({ citySaleToRvRatio: 1.2, citySaleToRvSpread: null, townModelRvCovariance: null, cityMedianPricePerM2: 10_000, cityTrendPerMonth: null, rangeScale: null, comparablesErrorScale: null, townModel: null, salesCount: 4 });
  });

  it('is null when the city has no sales', () => {
    expect(cityMarketFigures('Gore', [sale({})], now)).toEqual({ citySaleToRvRatio: null, citySaleToRvSpread: null, townModelRvCovariance: null, cityMedianPricePerM2: null, cityTrendPerMonth: null, rangeScale: null, comparablesErrorScale: null, townModel: null, salesCount: 0 });
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

  it('shrinks a trend by its uncertainty, weighs recent sales most, and needs 10 sales with floor and land areas', () => {
    const points = (noise: number[]) => noise.map((n, i) => ({ daysAgo: i * 30, price: 1_000_000 * Math.exp(n - 0.001 * i), floorArea: 100, landArea: 500 }));
    const noisy = [0.2, -0.15, 0.1, -0.2, 0.18, -0.1, 0.05, -0.12, 0.15, -0.05, 0.1, -0.2];
    // Without noise the trend is kept exactly: ln price falls 0.001 per 30 days → +0.1014 % a month.
    expect(cityTrendPerMonthOf(points(noisy.map(() => 0)))).toBeCloseTo((0.001 * 30.4375) / 30, 10);
    // With noise, by hand: weights e^(−months/6), weighted least squares of ln(size-adjusted price)
    // on months ago, t = −slope, se² = σ² Σw²(x − x̄)² / Sxx², σ² on the weights' effective count.
    const xy = points(noisy).map((p) => ({ x: p.daysAgo / 30.4375, y: Math.log(p.price / (Math.pow(100, 0.6) * Math.pow(500, 0.15))) }));
    const w = xy.map((p) => Math.exp(-p.x / 6));
    const W = w.reduce((a, b) => a + b, 0);
    const mx = xy.reduce((s, p, i) => s + w[i]! * p.x, 0) / W;
    const my = xy.reduce((s, p, i) => s + w[i]! * p.y, 0) / W;
    const sxx = xy.reduce((s, p, i) => s + w[i]! * (p.x - mx) ** 2, 0);
    const slope = xy.reduce((s, p, i) => s + w[i]! * (p.x - mx) * (p.y - my), 0) / sxx;
    const effective = W ** 2 / w.reduce((s, v) => s + v * v, 0);
    const sigma2 = (xy.reduce((s, p, i) => s + w[i]! * (p.y - (my - slope * mx) - slope * p.x) ** 2, 0) / W) * (effective / (effective - 2));
    const se2 = (sigma2 * xy.reduce((s, p, i) => s + w[i]! ** 2 * (p.x - mx) ** 2, 0)) / sxx ** 2;
    const t = -slope;
    const shrunk = cityTrendPerMonthOf(points(noisy))!;
    expect(shrunk).toBeCloseTo((t * t * t) / (t * t + se2), 12);
    expect(Math.abs(shrunk)).toBeLessThan(Math.abs(t) / 2); // |t| < se here: mostly noise
    expect(cityTrendPerMonthOf(points(noisy).slice(0, 9))).toBeNull();
    expect(cityTrendPerMonthOf(points(noisy).map((p) => ({ ...p, landArea: null })))).toBeNull();
    expect(cityTrendPerMonthOf(points(noisy).map((p) => ({ ...p, daysAgo: 10 })))).toBeNull();
  });

  it('sees a market that turned: rising 1 % a month for 18 months, then falling 1 % a month for the last 6', () => {
    const sales = Array.from({ length: 48 }, (_, i) => {
      const monthsAgo = i / 2;
      const level = monthsAgo >= 6 ? 0.01 * (24 - monthsAgo) : 0.18 - 0.01 * (6 - monthsAgo);
      return { daysAgo: monthsAgo * 30.4375, price: 1_000_000 * Math.exp(level), floorArea: 100, landArea: 500 };
    });
    // A straight line through all 24 months says the market still rises ~0.6 % a month.
    const plain = leastSquares(sales.map((s) => ({ x: s.daysAgo / 30.4375, y: Math.log(s.price) })))!;
    expect(-plain.slope).toBeGreaterThan(0.005);
    // Weighted towards the last months, the trend is a quarter of that: the turn is already seen.
    const trend = cityTrendPerMonthOf(sales)!;
    expect(trend).toBeLessThan(-plain.slope / 2);
    expect(trend).toBeGreaterThan(-0.01);
  });
});

describe('cityMarketFigures: how far a sale strays from its RV, and what it shares with the town model', () => {
  it('measures the RV spread and the error both approaches share, the family transfers left out', () => {
    // True ln value = 13.5 + 0.6 ln(F/120) + 0.2 ln(L/500); a sale's price strays by its own luck
    // (sd 0.06), the RV by the council's error (sd 0.1): the RV approach strays by √(0.06² + 0.1²)
    // and shares the sale's luck (0.06² = 0.0036) with the town model. One sale in 20 is a family
    // transfer at 70 % of the value.
    const random = seededRandom(7);
    const normal = normalDraws(random);
    const sales = Array.from({ length: 600 }, (_, i) => {
      const floorArea = 80 + Math.round(random() * 160);
      const landArea = 300 + Math.round(random() * 600);
      const value = Math.exp(13.5 + 0.6 * Math.log(floorArea / 120) + 0.2 * Math.log(landArea / 500));
      const price = i % 20 === 0 ? value * 0.7 : value * Math.exp(0.06 * normal());
      const day = 1 + (i % 28);
      return sale({ saleId: `s${i}`, address: `${i + 1} Road`, saleDate: `2026-05-${String(day).padStart(2, '0')}`, price, floorArea, landArea, rateableValue: value * Math.exp(0.1 * normal()) });
    });
    const figures = cityMarketFigures('Wellington', sales, now);
    expect(figures.citySaleToRvSpread!).toBeGreaterThan(0.117 * 0.85);
    expect(figures.citySaleToRvSpread!).toBeLessThan(0.117 * 1.15);
    expect(figures.townModelRvCovariance!).toBeGreaterThan(0.0036 * 0.6);
    expect(figures.townModelRvCovariance!).toBeLessThan(0.0036 * 1.4);
  });

  it('is null below 30 sales with an RV', () => {
    const sales = Array.from({ length: 29 }, (_, i) => sale({ saleId: `s${i}`, price: 1_000_000 + i * 10_000 }));
    const figures = cityMarketFigures('Wellington', sales, now);
    expect(figures.citySaleToRvSpread).toBeNull();
    expect(figures.townModelRvCovariance).toBeNull();
  });

  it("reads each suburb's own price-to-RV ratio where the suburbs moved apart, and the city's where they did not", () => {
    const random = seededRandom(11);
    const normal = normalDraws(random);
    // Six suburbs of 40 sales, ratios straying 8 % about their suburb's.
    const ratiosOf = (levels: readonly number[]) =>
      levels.flatMap((level, k) => Array.from({ length: 40 }, () => ({ suburb: `Suburb ${k}`, value: 1.1 * Math.exp(level + 0.08 * normal()), weight: 1 })));
    // Apart by ±10 %: each keeps nearly all of its own (a suburb's median is unsure by ~1.6 %).
    const apart = suburbSaleToRvRatiosOf(ratiosOf([-0.1, -0.05, 0, 0, 0.05, 0.1]), 1.1, 0.08);
    expect(Math.log(apart['suburb 5']! / 1.1)).toBeGreaterThan(0.07);
    expect(Math.log(apart['suburb 0']! / 1.1)).toBeLessThan(-0.07);
    // Together: each reads about the city's (what is left is their medians' own luck, mostly shrunk away).
    const together = suburbSaleToRvRatiosOf(ratiosOf([0, 0, 0, 0, 0, 0]), 1.1, 0.08);
    for (const ratio of Object.values(together)) expect(Math.abs(Math.log(ratio / 1.1))).toBeLessThan(0.01);
    // One suburb alone says nothing of how far suburbs differ.
    expect(suburbSaleToRvRatiosOf(ratiosOf([0.1]), 1.1, 0.08)).toEqual({});
  });

  it("hands each suburb's ratio to the estimate, brought to today along the suburb's own trend", () => {
    // Four suburbs: Kelburn's and Thorndon's prices rose 1 % a month faster than Newtown's and
    // Berhampore's over two years, and the RVs, set before, do not show it.
    const random = seededRandom(12);
    const suburbs = ['Kelburn', 'Newtown', 'Thorndon', 'Berhampore'];
    const sales = Array.from({ length: 480 }, (_, i) => {
      const monthsAgo = (Math.floor(i / 4) % 24) + 0.5;
      const suburb = suburbs[i % 4]!;
      const level = suburb === 'Kelburn' || suburb === 'Thorndon' ? 0.2 - 0.01 * monthsAgo : 0;
      const floorArea = 80 + Math.round(random() * 150);
      const price = Math.round(900_000 * Math.exp(level + 0.5 * Math.log(floorArea / 120) + 0.03 * (random() - 0.5)));
      const saleDate = new Date(now.getTime() - monthsAgo * 30.4375 * 86_400_000).toISOString().slice(0, 10);
      return sale({ saleId: `s${i}`, address: `${i} Road`, suburb, saleDate, price, floorArea, landArea: 400, rateableValue: Math.round(price / Math.exp(level) / 1000) * 1000 });
    });
    const figures = cityMarketFigures('Wellington', sales, now);
    const ratios = figures.suburbSaleToRvRatios!;
    // Today Kelburn sells at e^0.2 its RV's ratio against Newtown's.
    expect(Math.log(ratios['kelburn']! / ratios['newtown']!)).toBeGreaterThan(0.15);
    expect(Math.log(ratios['kelburn']! / ratios['newtown']!)).toBeLessThan(0.25);
  });
});
