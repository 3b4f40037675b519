import type { SaleData } from '@kainga/contracts';
import { ensureIndexes, type EmbeddedReadStore } from '@kainga/platform';
import { temporaryReadStore } from '@kainga/platform/testing';
import { cityKey, SALES, salesProjector } from '@kainga/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findComparables } from './model';
import { researchComparables } from './research';

const now = new Date('2026-05-31T20:00:00Z'); // already 1 June in New Zealand: month ends differ
const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Sales in three towns: one busy (enough in 3 months), one thin (the model widens), one with only old sales. */
function sales(): SaleData[] {
  const towns: [string, number, number][] = [
    ['Auckland', 400, 700], // [city, count, spread of days back]
    ['Gisborne', 6, 700],
    ['Westport', 4, 600],
  ];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  return towns.flatMap(([city, count, spread]) =>
    Array.from({ length: count }, (_, i) => ({
      saleId: `${city}-${i}`,
      address: `${i + 1} Test Street`,
      suburb: 'Central',
      city,
      saleDate: day(city === 'Westport' ? 200 + Math.floor(random() * spread) : Math.floor(random() * spread)),
      price: 500_000 + Math.floor(random() * 700_000),
      bedrooms: 2 + Math.floor(random() * 3),
      bathrooms: 1 + Math.floor(random() * 2),
      floorArea: 90 + Math.floor(random() * 120),
      landArea: 300 + Math.floor(random() * 500),
      rateableValue: null,
      latitude: -36.85 + random() / 20,
      longitude: 174.76 + random() / 20,
      demo: true,
      source: 'test',
    })),
  );
}

describe('researchComparables', () => {
  let store: EmbeddedReadStore;
  const all = sales();
  beforeAll(async () => {
    store = temporaryReadStore('kainga-research-');
    await ensureIndexes(store, [salesProjector]);
    await store.commit(all.map((s) => ({ collection: SALES, insertOne: { document: { _id: s.saleId, ...s, cityKey: cityKey(s.city) } } })));
  });
  afterAll(async () => {
    await store.close();
  });

  const geocoder = { geocode: async () => null, describe: 'none' } as never;
  const subject = (city: string) => ({ address: '9 Subject Road', suburb: 'Central', city, bedrooms: 3, bathrooms: 2, floorArea: 150, landArea: 600, rateableValue: null, latitude: -36.84, longitude: 174.77 });
  const placed = (city: string) => {
    const { latitude, longitude, ...details } = subject(city);
    return { ...details, location: { latitude, longitude, precision: 'address' as const, geocoder: 'test' } };
  };

  it.each(['Auckland', 'Gisborne', 'Westport'])('in %s answers exactly what the model gives on all of the town’s sales', async (city) => {
    const expected = findComparables(subject(city), all, now);
    expect(await researchComparables({ readStore: store, geocoder }, placed(city), now)).toEqual(expected);
  });

  it('covers both paths: a town settled in the first window, and towns that widen', () => {
    expect(findComparables(subject('Auckland'), all, now).windowMonths).toBe(3);
    expect(findComparables(subject('Gisborne'), all, now).windowMonths).toBeGreaterThan(3);
    expect(findComparables(subject('Westport'), all, now).windowMonths).toBe(24);
  });
});
