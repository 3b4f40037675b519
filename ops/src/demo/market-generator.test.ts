import { findLocation, isInNz, nzLocations } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { cityMarkets } from './city-markets';
import { generateDemoSales, generateHeldOutMarket, splitHeldOut } from './market-generator';

const now = new Date('2026-03-15T09:30:00Z');
const sales = generateDemoSales({ seed: 2026, now, perCity: 100 });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('generateDemoSales', () => {
  it('files metro homes without land of their own as units and apartments, townhouses on small lots in cities, the rest as houses', () => {
    const kindOf = (s: (typeof sales)[number]) => cityMarkets[findLocation(s.city)!.id]?.kind;
    const byType = (type: string) => sales.filter((s) => (s.propertyType ?? 'house') === type);
    const untitled = [...byType('unit'), ...byType('apartment')];
    expect(byType('unit').length).toBeGreaterThan(0);
    expect(byType('apartment').length).toBeGreaterThan(0);
    expect(untitled.every((s) => s.landArea === null && s.bedrooms! <= 2 && kindOf(s) === 'metro')).toBe(true);
    const townhouses = byType('townhouse');
    expect(townhouses.length).toBeGreaterThan(0);
    expect(townhouses.every((s) => s.landArea !== null && s.landArea >= 80 && s.landArea <= 300 && s.bedrooms! >= 2 && s.bedrooms! <= 3)).toBe(true);
    expect(new Set(townhouses.map(kindOf))).toEqual(new Set(['metro', 'city', 'resort']));
    expect(byType('house').every((s) => s.landArea !== null)).toBe(true);
    // A believable mix: houses are still most sales.
    expect(byType('house').length / sales.length).toBeGreaterThan(0.75);
  });

  it('is deterministic for a seed and differs for another seed', () => {
    expect(generateDemoSales({ seed: 2026, now, perCity: 100 })).toEqual(sales);
    expect(generateDemoSales({ seed: 2027, now, perCity: 100 })).not.toEqual(sales);
  });

  it('gives a city the same sales whichever other cities are generated', () => {
    const alone = generateDemoSales({ seed: 2026, now, perCity: 100, locationIds: ['nelson'] });
    expect(alone).toEqual(sales.filter((s) => s.city === 'Nelson'));
  });

  it('covers every location with the asked number of sales', () => {
    expect(sales).toHaveLength(nzLocations.length * 100);
    for (const l of nzLocations) expect(sales.filter((s) => s.city === l.cityName), l.cityName).toHaveLength(100);
    const weighted = generateDemoSales({ seed: 1, now, perCity: (l, m) => (l.id === 'auckland' ? 50 : m.kind === 'rural' ? 2 : 5) });
    expect(weighted.filter((s) => s.city === 'Auckland')).toHaveLength(50);
    expect(weighted.filter((s) => s.city === 'Wairoa')).toHaveLength(2);
  });

  it('prices every city near its demo median', () => {
    for (const l of nzLocations) {
      const m = median(sales.filter((s) => s.city === l.cityName).map((s) => s.price));
      const target = cityMarkets[l.id]!.medianPrice;
      expect(m / target, `${l.cityName}: median ${m} vs ${target}`).toBeGreaterThan(0.75);
      expect(m / target, `${l.cityName}: median ${m} vs ${target}`).toBeLessThan(1.25);
    }
  });

  it('keeps every sale plausible and marked as demo', () => {
    const address = /^(\d+\/)?\d+ [A-Z][a-z]+ (Street|Road|Avenue|Crescent|Place|Terrace|Drive|Lane)$/;
    const problems = (s: (typeof sales)[number]): string[] =>
      [
        s.demo !== true && 'not demo',
        s.source !== 'demo-generator' && 'source',
        findLocation(s.city)?.cityName !== s.city && 'city',
        !address.test(s.address) && 'address',
        !s.suburb && 'suburb',
        !(s.bedrooms! >= 1 && s.bedrooms! <= 6) && 'bedrooms',
        !(s.bathrooms! >= 1 && s.bathrooms! <= 4) && 'bathrooms',
        !(s.floorArea! > 25 && s.floorArea! < 600) && 'floor area',
        s.landArea !== null && s.landArea < (s.propertyType === 'townhouse' ? 80 : 150) && 'land area',
        !(s.price >= 50_000 && s.price < 10_000_000) && 'price',
        s.rateableValue !== null && s.rateableValue / s.price < 0.6 && 'rateable value',
        !isInNz(s.latitude!, s.longitude!) && 'coordinates',
      ].filter((p): p is string => typeof p === 'string');
    expect(sales.flatMap((s) => problems(s).map((p) => `${p}: ${JSON.stringify(s)}`))).toEqual([]);
    // A sale's identity (address, city, date, price) is never repeated.
    expect(new Set(sales.map((s) => [s.address, s.city, s.saleDate, s.price].join('|'))).size).toBe(sales.length);
    // Some sales have no rateable value, most have one.
    const withoutRv = sales.filter((s) => s.rateableValue === null).length / sales.length;
    expect(withoutRv).toBeGreaterThan(0.03);
    expect(withoutRv).toBeLessThan(0.15);
  });

  it('places sales within a few km of their town', () => {
    const far = sales.filter((s) => {
      const l = findLocation(s.city)!;
      const km = Math.hypot((s.latitude! - l.latitude) * 111, (s.longitude! - l.longitude) * 111 * Math.cos((l.latitude * Math.PI) / 180));
      return km > (l.id === 'auckland' || l.id === 'tauranga' ? 30 : 15);
    });
    expect(far).toEqual([]);
  });

  it('dates sales within the last 24 months, denser recently', () => {
    const dates = sales.map((s) => s.saleDate);
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(dates.every((d) => d >= '2024-03-15' && d <= '2026-03-15')).toBe(true);
    const lastYear = dates.filter((d) => d > '2025-03-15').length;
    expect(lastYear / dates.length).toBeGreaterThan(0.6);
    expect(dates.filter((d) => d < '2024-06-01').length).toBeGreaterThan(0);
  });
});

describe('splitHeldOut', () => {
  it('holds out the fraction in every city, deterministically, and loses nothing', () => {
    const { training, heldOut } = splitHeldOut(sales, 0.2, 7);
    expect(training.length + heldOut.length).toBe(sales.length);
    expect(new Set([...training, ...heldOut])).toEqual(new Set(sales));
    for (const l of nzLocations) expect(heldOut.filter((s) => s.city === l.cityName)).toHaveLength(20);
    expect(splitHeldOut(sales, 0.2, 7)).toEqual({ training, heldOut });
    expect(splitHeldOut(sales, 0.2, 8).heldOut).not.toEqual(heldOut);
  });

  it('holds out at least one sale of a small city, never all of it, and refuses odd fractions', () => {
    const few = sales.filter((s) => s.city === 'Bluff').slice(0, 3);
    expect(splitHeldOut(few, 0.05, 1).heldOut).toHaveLength(1);
    expect(splitHeldOut(few, 0.95, 1).training).toHaveLength(1);
    expect(splitHeldOut(few, 0, 1).heldOut).toHaveLength(0);
    expect(() => splitHeldOut(few, 1.5, 1)).toThrow(RangeError);
  });

  it('generateHeldOutMarket is the generator and the split in one call', () => {
    const options = { seed: 3, now, perCity: 10 };
    expect(generateHeldOutMarket({ ...options, heldOutFraction: 0.3 })).toEqual(splitHeldOut(generateDemoSales(options), 0.3, 3));
  });
});
