import { locationById, normalizePlaceName, nzLocations } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { cityMarkets, marketOf, suburbsOf, townsWithSuburbs } from './city-markets';

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

  it('gives every town real suburbs (no generated compass names), all close to the centre', () => {
    expect(suburbsOf(nzLocations[0]!).map((s) => s.name)).toContain('Ponsonby');
    expect(suburbsOf(locationById('taupo')!).map((s) => s.name)).toEqual(expect.arrayContaining(['Nukuhau', 'Acacia Bay', 'Wharewaka']));
    expect(suburbsOf(locationById('whanganui')!).map((s) => s.name)).toEqual(expect.arrayContaining(['Gonville', 'Castlecliff', 'Durie Hill']));
    expect(suburbsOf(locationById('tauranga')!).map((s) => s.name)).toContain('Ōtūmoetai');
    for (const l of nzLocations) {
      for (const s of suburbsOf(l)) {
        const km = Math.hypot((s.latitude - l.latitude) * 111, (s.longitude - l.longitude) * 111 * Math.cos((l.latitude * Math.PI) / 180));
        // Within 13.8 km (28 for the spread-out Auckland and Tauranga), so the generator's sales, up to
        // 1.1 km from a suburb's centre, stay within the 15 km its test allows.
        expect(km, `${s.name}, ${l.cityName}`).toBeLessThan(l.id === 'auckland' || l.id === 'tauranga' ? 28 : 13.8);
      }
    }
  });

  it('lists suburbs for every town and for no other, so no town falls back to made-up names', () => {
    expect([...townsWithSuburbs].sort()).toEqual(nzLocations.map((l) => l.id).sort());
    expect(() => suburbsOf({ id: 'atlantis' })).toThrow(/No demo suburbs/);
  });

  it('gives every town at least three suburbs, unique, none a generic compass or "Central" name', () => {
    const generic = ['North', 'South', 'East', 'West', 'Central', 'Inner', 'Outer', 'Centre', 'City', 'CBD', 'Suburb'];
    // Real suburbs whose official name is the town's and a compass point.
    const realCompassNames = new Set(['Hamilton East', 'Whanganui East']);
    for (const l of nzLocations) {
      const names = suburbsOf(l).map((s) => s.name);
      expect(names.length, l.id).toBeGreaterThanOrEqual(3);
      expect(new Set(names).size, `${l.id}: ${names.join(', ')}`).toBe(names.length);
      for (const name of names) {
        expect(name, l.id).toMatch(/^\S(.*\S)?$/);
        expect(generic, `${name}, ${l.cityName}`).not.toContain(name);
        // "<Town> North", "North <Town>" (with or without macrons) only for the real ones.
        const townAndCompass = generic.some((g) => [`${l.cityName} ${g}`, `${g} ${l.cityName}`].some((n) => normalizePlaceName(n) === normalizePlaceName(name)));
        expect(townAndCompass && !realCompassNames.has(name), `${name}, ${l.cityName}`).toBe(false);
      }
    }
  });

  it('spreads suburb price levels believably: every town has dearer and cheaper parts, towns within about ±25 %', () => {
    for (const l of nzLocations) {
      const factors = suburbsOf(l).map((s) => s.priceFactor);
      const geoMean = Math.exp(factors.reduce((a, f) => a + Math.log(f), 0) / factors.length);
      const levels = factors.map((f) => f / geoMean);
      // The dearest part about 15 % or more above the cheapest.
      expect(Math.max(...levels) / Math.min(...levels), l.id).toBeGreaterThan(1.14);
      // Big cities span from their cheapest to their dearest suburbs; a provincial city less; a town about ±25 %.
      const kind = marketOf(l).kind;
      const [low, high] = kind === 'metro' ? [0.6, 1.7] : kind === 'city' ? [0.7, 1.45] : [0.75, 1.3];
      for (const level of levels) {
        expect(level, l.id).toBeGreaterThanOrEqual(low);
        expect(level, l.id).toBeLessThanOrEqual(high);
      }
    }
  });
});
