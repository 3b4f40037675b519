import { nzLocations } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { cityMarkets, marketOf, suburbsOf } from './city-markets';

describe('cityMarkets (approximate demo figures)', () => {
  it('has a market for every location and nothing else', () => {
    expect(Object.keys(cityMarkets).sort()).toEqual(nzLocations.map((l) => l.id).sort());
  });

  it('keeps every figure plausible', () => {
    for (const l of nzLocations) {
      const m = marketOf(l);
      expect(m.medianPrice, l.id).toBeGreaterThanOrEqual(300_000);
      expect(m.medianPrice, l.id).toBeLessThanOrEqual(2_000_000);
      // The median home's floor area (median ÷ $/m²) is a believable house.
      expect(m.medianPrice / m.pricePerSqm, l.id).toBeGreaterThan(120);
      expect(m.medianPrice / m.pricePerSqm, l.id).toBeLessThan(180);
      expect(m.landShare).toBeGreaterThan(0.2);
      expect(m.landShare).toBeLessThan(0.7);
      expect(m.yearlyTrend).toBeGreaterThanOrEqual(-0.03);
      expect(m.yearlyTrend).toBeLessThanOrEqual(0.04);
      expect(m.saleToRv).toBeGreaterThan(0.75);
      expect(m.saleToRv).toBeLessThan(1.15);
    }
  });

  it('orders the well-known markets as the news does', () => {
    const median = (id: string) => cityMarkets[id]!.medianPrice;
    expect(median('queenstown')).toBeGreaterThanOrEqual(1_500_000);
    expect(median('auckland')).toBeGreaterThanOrEqual(1_050_000);
    expect(median('auckland')).toBeLessThanOrEqual(1_200_000);
    expect(median('wellington')).toBeCloseTo(850_000, -5);
    expect(median('christchurch')).toBeCloseTo(700_000, -5);
    expect(median('queenstown')).toBeGreaterThan(median('auckland'));
    expect(median('auckland')).toBeGreaterThan(median('wellington'));
    expect(median('wellington')).toBeGreaterThan(median('christchurch'));
    expect(median('christchurch')).toBeGreaterThan(median('invercargill'));
  });

  it('gives real suburbs to the big cities and compass quarters elsewhere, all close to the centre', () => {
    const auckland = nzLocations[0]!;
    expect(suburbsOf(auckland).map((s) => s.name)).toContain('Ponsonby');
    expect(suburbsOf(nzLocations.at(-1)!).map((s) => s.name)).toEqual(['Central', 'North', 'East', 'West', 'South']);
    for (const l of nzLocations) {
      for (const s of suburbsOf(l)) {
        const km = Math.hypot((s.latitude - l.latitude) * 111, (s.longitude - l.longitude) * 111 * Math.cos((l.latitude * Math.PI) / 180));
        expect(km, `${s.name}, ${l.cityName}`).toBeLessThan(25);
      }
    }
  });
});
