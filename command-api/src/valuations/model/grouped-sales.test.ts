import { propertyTypes, seededRandom, type SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { findComparables, prepareSales, type ValuationSubject } from './comparables';
import { haversineKm } from './distance';
import { findComparablesInGroups, groupSales, nearestKmOf } from './grouped-sales';

// 12:00 NZST on Monday 15 June 2026.
const now = new Date('2026-06-15T00:00:00Z');
const random = seededRandom(20261128);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const maybe = <T>(value: T) => (random() < 0.1 ? null : value);

describe('nearestKmOf', () => {
  it('is never further than any point of the box, at New Zealand latitudes, boxes up to a degree', () => {
    for (let round = 0; round < 2000; round++) {
      const south = -47 + random() * 13;
      const west = 166 + random() * 12;
      const box = { south, north: south + random() * random(), west, east: west + random() * random() };
      const point = { latitude: south - 1 + random() * 3, longitude: west - 1 + random() * 3 };
      const nearest = nearestKmOf(point, box);
      for (let i = 0; i < 40; i++) {
        // Corners and edges as well as inside: the nearest point is on an edge when outside.
        const edge = i % 4;
        const latitude = edge === 0 ? box.south : edge === 1 ? box.north : box.south + random() * (box.north - box.south);
        const longitude = edge === 2 ? box.west : edge === 3 ? box.east : box.west + random() * (box.east - box.west);
        expect(nearest).toBeLessThanOrEqual(haversineKm(point, { latitude, longitude }));
      }
    }
  });

  it('gives no bound for a box wider than a suburb or a point far off in longitude', () => {
    expect(nearestKmOf({ latitude: -41, longitude: 170 }, { south: -41, north: -40.5, west: 174, east: 176 })).toBe(0);
    expect(nearestKmOf({ latitude: -41, longitude: 170 }, { south: -41, north: -40.5, west: 174, east: 174.5 })).toBe(0);
    expect(nearestKmOf({ latitude: -41, longitude: 174.2 }, { south: -41.2, north: -41.1, west: 174, east: 174.5 })).toBeGreaterThan(10);
  });
});

describe('findComparablesInGroups', () => {
  // Suburbs of two towns a few km apart, as a town's are; sales scattered about a km around them.
  const suburbs = ['Ponsonby', 'Grey Lynn', 'Herne Bay', 'Mt Eden', 'Ōtāhuhu', 'Onehunga', 'Takapuna', 'Albany'].map((name, i) => ({
    name,
    latitude: -36.85 + (i % 3) * 0.04 - (i > 5 ? 0.1 : 0),
    longitude: 174.75 + Math.floor(i / 3) * 0.05,
  }));
  let seq = 0;
  const randomSale = (): SaleData => {
    const suburb = pick(suburbs);
    seq += 1;
    const located = random() > 0.05;
    return {
      saleId: `sale-${String(seq).padStart(5, '0')}`,
      address: `${seq} Example Road`,
      suburb: random() < 0.03 ? '' : suburb.name,
      city: pick(['Auckland', 'auckland ', 'Wellington']),
      // Mostly recent; a few older, in the future, or not a date.
      saleDate: random() < 0.05 ? pick(['2026-06-20', '2026-02-30', '2025-09-30']) : new Date(now.getTime() - Math.floor(random() * 120) * 86_400_000).toISOString().slice(0, 10),
      price: random() < 0.03 ? 0 : Math.round(600_000 + random() * 900_000),
      floorArea: maybe(pick([90, 110, 150, 150, 180, 240])),
      landArea: maybe(pick([0, 300, 450, 600, 800])),
      bedrooms: maybe(pick([1, 2, 3, 3, 4, 5])),
      bathrooms: maybe(pick([1, 2, 2, 3])),
      rateableValue: null,
      latitude: located ? suburb.latitude + (random() - 0.5) * 0.02 : null,
      longitude: located ? suburb.longitude + (random() - 0.5) * 0.02 : null,
      ...(random() < 0.8 ? { propertyType: pick(propertyTypes) } : {}),
      demo: random() < 0.5,
      source: 'test',
    };
  };
  const randomHome = (): ValuationSubject => {
    const suburb = pick(suburbs);
    const located = random() > 0.2;
    return {
      address: '12 Rata Street',
      suburb: random() < 0.1 ? pick(['', 'Nowhere']) : suburb.name,
      city: pick(['Auckland', 'Wellington', 'Hamilton']),
      latitude: located ? suburb.latitude + (random() - 0.5) * 0.02 : null,
      longitude: located ? suburb.longitude + (random() - 0.5) * 0.02 : null,
      floorArea: maybe(pick([100, 150, 200])),
      landArea: maybe(pick([0, 500, 700])),
      bedrooms: maybe(pick([2, 3, 4])),
      bathrooms: maybe(pick([1, 2])),
      rateableValue: null,
      propertyType: pick(propertyTypes),
    };
  };

  it('answers exactly what rating every sale gives whenever the first window holds enough, and null when it must widen', () => {
    const answered = new Set<string>();
    let rated = 0;
    let offered = 0;
    for (let round = 0; round < 30; round++) {
      // Towns from thin to busy: a few rounds leave the first window short.
      const sales = Array.from({ length: round % 5 === 0 ? 8 : 200 + round * 20 }, randomSale);
      // A sale's price is read once for each sale the search looks at.
      let reads = 0;
      const watched = sales.map((s) => new Proxy(s, { get: (target, key) => (key === 'price' && reads++, target[key as keyof SaleData]) }));
      const grouped = groupSales(prepareSales(watched));
      for (let h = 0; h < 20; h++) {
        const home = randomHome();
        const expected = findComparables(home, sales, now);
        reads = 0;
        const result = findComparablesInGroups(home, grouped, now);
        if (expected.windowMonths === 3) {
          expect(result).toEqual(expected);
          answered.add(expected.comparables.length === 5 ? 'five' : 'fewer');
          rated += reads;
          offered += sales.length;
        } else {
          expect(result).toBeNull();
          answered.add('widened');
        }
      }
    }
    expect([...answered].sort()).toEqual(['fewer', 'five', 'widened']);
    // Groups that could not place were skipped: well under every sale looked at.
    expect(rated / offered).toBeLessThan(0.5);
  });

  it('rates a group that can only tie the fifth: a tie on match goes to the newer sale', () => {
    // The home is in neither suburb, so both groups can match 90 at most; the first holds five
    // sales at 90, the second one sale at 90 that is newer, so it takes a place.
    const alike = { city: 'Auckland', propertyType: 'house' as const, price: 1_000_000, floorArea: 150, landArea: 600, bedrooms: 3, bathrooms: 2, latitude: -36.85, longitude: 174.75 };
    const older = Array.from({ length: 5 }, (_, i) => ({ ...randomSale(), ...alike, suburb: 'Ponsonby', saleDate: `2026-06-0${i + 1}` }));
    const newer = { ...randomSale(), ...alike, suburb: 'Grey Lynn', saleDate: '2026-06-10' };
    const home: ValuationSubject = { ...randomHome(), ...alike, suburb: 'Parnell' };
    const result = findComparablesInGroups(home, groupSales(prepareSales([...older, newer])), now);
    expect(result).toEqual(findComparables(home, [...older, newer], now));
    expect(result!.comparables.map((c) => c.saleId)).toEqual([newer, ...older.slice(1).reverse()].map((s) => s.saleId));
  });
});
