import type { SaleData } from '@kainga/contracts';
import { type EmbeddedReadStore, ensureIndexes } from '@kainga/platform';
import { temporaryReadStore } from '@kainga/platform/testing';
import { cityKey, SALES, salesProjector } from '@kainga/projections';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cityMarketFor } from './city-market';
import { cityMarketFigures } from './model';

const now = new Date('2026-05-31T20:00:00Z'); // already 1 June in New Zealand
const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Sales a week apart over three years (some older than the two-year window), in two towns. */
function sales(): SaleData[] {
  return ['Nelson', 'Napier'].flatMap((city, t) =>
    Array.from({ length: 160 }, (_, i) => ({
      saleId: `${city}-${i}`,
      address: `${i + 1} Test Street`,
      suburb: 'Central',
      city,
      saleDate: day(i * 7),
      price: 600_000 + t * 50_000 + ((i * 7919) % 300_000) - i * 400,
      bedrooms: 3,
      bathrooms: 1,
      floorArea: 100 + (i % 60),
      landArea: 500,
      rateableValue: 550_000 + ((i * 104_729) % 200_000),
      latitude: null,
      longitude: null,
      demo: true,
      source: 'test',
    })),
  );
}

const saleWrite = (s: SaleData) => ({ collection: SALES, insertOne: { document: { _id: s.saleId, ...s, cityKey: cityKey(s.city) } } });

describe('cityMarketFor', () => {
  let store: EmbeddedReadStore;
  const all = sales();
  beforeEach(async () => {
    store = temporaryReadStore('kainga-city-market-');
    await ensureIndexes(store, [salesProjector]);
    await store.commit(all.map(saleWrite), { name: 'sales', position: '00000000000000000001' });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await store.close();
  });

  /** How many times the sales read model is read while `run` goes on. */
  async function salesReads(run: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(store, 'collection');
    await run();
    const n = spy.mock.calls.filter(([name]) => name === SALES).length;
    spy.mockRestore();
    return n;
  }

  it('gives the model’s figures over all of the city’s sales', async () => {
    for (const city of ['Nelson', 'Napier']) {
      const figures = await cityMarketFor(store, city, now);
      expect(figures).toEqual(cityMarketFigures(city, all, now));
      expect(figures.salesCount).toBeGreaterThan(90);
      expect(figures.cityTrendPerMonth).not.toBeNull();
    }
  });

  it('reads the sales once while they do not change, again once a sale is recorded', async () => {
    expect(await salesReads(() => cityMarketFor(store, 'Nelson', now))).toBe(1);
    expect(await salesReads(async () => {
      for (let i = 0; i < 5; i++) await cityMarketFor(store, 'nelson ', now);
    })).toBe(0);
    // The projection scanned past events that are not sales (a valuation's): its checkpoint moves
    // with no writes, and the figures are still the same.
    await store.commit([], { name: 'sales', position: '00000000000000000002' });
    expect(await salesReads(() => cityMarketFor(store, 'Nelson', now))).toBe(0);
    const recent = { ...all[0]!, saleId: 'Nelson-new', price: 2_500_000, rateableValue: 1_000_000 };
    await store.commit([saleWrite(recent)], { name: 'sales', position: '00000000000000000003' });
    let figures;
    expect(await salesReads(async () => (figures = await cityMarketFor(store, 'Nelson', now)))).toBe(1);
    // In the read model's order (newest first, then by id), so the sums add up in the same order.
    expect(figures).toEqual(cityMarketFigures('Nelson', [all[0]!, recent, ...all.slice(1)], now));
  });

  it('finds a town typed with runs of spaces, and keeps one set of figures for both spellings', async () => {
    const plymouth = all.slice(0, 40).map((s, i) => ({ ...s, saleId: `NP-${i}`, city: 'New Plymouth' }));
    await store.commit(plymouth.map(saleWrite), { name: 'sales', position: '00000000000000000002' });
    expect(await cityMarketFor(store, 'New  Plymouth', now)).toEqual(cityMarketFigures('New Plymouth', plymouth, now));
    expect(await salesReads(() => cityMarketFor(store, 'New Plymouth', now))).toBe(0);
  });

  it('works the figures out again on a new New Zealand day', async () => {
    await cityMarketFor(store, 'Napier', now);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(await salesReads(() => cityMarketFor(store, 'Napier', tomorrow))).toBe(1);
    expect(await cityMarketFor(store, 'Napier', tomorrow)).toEqual(cityMarketFigures('Napier', all, tomorrow));
  });
});
