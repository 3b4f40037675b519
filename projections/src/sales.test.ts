import type { SaleData } from '@kainga/contracts';
import { applyBatch, type EmbeddedReadStore, ensureIndexes, type RecordedEvent } from '@kainga/platform';
import { temporaryReadStore } from '@kainga/platform/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cityKey, salesInCity, salesProjector } from './sales';

const sale = (saleId: string, city: string, saleDate: string): SaleData => ({
  saleId,
  address: '1 Test Street',
  suburb: 'Westown',
  city,
  saleDate,
  price: 650_000,
  bedrooms: 3,
  bathrooms: 1,
  floorArea: 120,
  landArea: 600,
  rateableValue: 600_000,
  latitude: null,
  longitude: null,
  demo: false,
  source: 'test',
});

const recorded = (data: SaleData, i: number): RecordedEvent => ({
  id: `e${i}`,
  type: 'SaleRecorded',
  data,
  metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' },
  streamName: `sale-${data.saleId}`,
  revision: 0,
  position: String(i + 1).padStart(20, '0'),
  recordedAt: '',
});

describe('sales lookup by town', () => {
  let store: EmbeddedReadStore;
  beforeEach(async () => {
    store = temporaryReadStore('kainga-sales-');
    await ensureIndexes(store, [salesProjector]);
    const sales = [sale('a', 'New Plymouth', '2026-10-01'), sale('b', 'new  plymouth ', '2026-09-01'), sale('c', 'Taupō', '2026-10-02'), sale('d', 'Napier', '2026-10-03')];
    await applyBatch(store, salesProjector, sales.map(recorded), 'sales', (c) => c);
  });
  afterEach(async () => {
    await store.close();
  });

  it('keys a town in lower case, without marks, trimmed, with runs of spaces as one', () => {
    expect(cityKey('  New \t Plymouth ')).toBe('new plymouth');
    expect(cityKey('Taupō')).toBe('taupo');
    expect(cityKey('Whanganui')).not.toBe(cityKey('Wanganui'));
  });

  it("finds a town's sales however its name is spaced or marked, newest first, and no other town's", async () => {
    const ids = async (city: string, since = '2026-01-01') => (await salesInCity(store, city, since)).map((s) => s._id);
    expect(await ids('New Plymouth')).toEqual(['a', 'b']);
    expect(await ids('New  Plymouth')).toEqual(['a', 'b']);
    expect(await ids('new plymouth', '2026-09-15')).toEqual(['a']);
    expect(await ids('Taupo')).toEqual(['c']);
    expect(await ids('Taupō ')).toEqual(['c']);
    expect(await ids('Plymouth')).toEqual([]);
  });

  it('is a new version of the read model, so a store keyed the old way is rebuilt at start', () => {
    expect(salesProjector.version).toBe(2);
  });
});
