import { applyBatch, type RecordedEvent } from '@kainga/platform';
import { projectedStore } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { pageProperties, propertiesProjector } from './properties';

let position = 0;
const registered = (propertyId: string, address: string, suburb: string, city: string, registeredAt: string): RecordedEvent => ({
  id: `e${++position}`,
  type: 'PropertyRegistered',
  data: { propertyId, ownerId: 'o1', address, suburb, city, floorArea: 120, landArea: 400, bedrooms: 3, bathrooms: 1, rateableValue: null, demo: false, registeredAt },
  metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' },
  streamName: `property-${propertyId}`,
  revision: 0,
  position: String(position).padStart(20, '0'),
  recordedAt: '',
});

async function storeWith() {
  const store = await projectedStore([propertiesProjector]);
  await applyBatch(
    store,
    propertiesProjector,
    [
      registered('p1', '12 Kauri Street', 'Ponsonby', 'Auckland', '2026-01-01T00:00:00.000Z'),
      registered('p2', '4 Rimu Road', 'Kelburn', 'Wellington', '2026-01-02T00:00:00.000Z'),
      registered('p3', '7 Aroha Avenue', 'Ōtāhuhu', 'Auckland', '2026-01-03T00:00:00.000Z'),
      // Two in the same millisecond: `_id` orders them.
      registered('p5', '1 Kauri Lane', 'Riccarton', 'Christchurch', '2026-01-04T00:00:00.000Z'),
      registered('p4', '9 Beach Road', 'Kaiti', 'Gisborne', '2026-01-04T00:00:00.000Z'),
    ],
    'properties',
    (c) => c,
  );
  return store;
}
const ids = (page: { items: { _id: string }[] }) => page.items.map((p) => p._id);

describe('pageProperties', () => {
  it('pages newest first, ties broken by id, and counts every property', async () => {
    const store = await storeWith();
    const first = await pageProperties(store, { skip: 0, limit: 3 });
    expect(first.total).toBe(5);
    expect(ids(first)).toEqual(['p4', 'p5', 'p3']);
    expect(ids(await pageProperties(store, { skip: 3, limit: 3 }))).toEqual(['p2', 'p1']);
  });

  it('finds a prefix of the address, the street, the suburb or the city, each property once', async () => {
    const store = await storeWith();
    const search = async (q: string) => ids(await pageProperties(store, { skip: 0, limit: 10 }, q));
    expect(await search('kauri')).toEqual(['p5', 'p1']);
    expect(await search('12 kau')).toEqual(['p1']);
    expect(await search('otahuhu')).toEqual(['p3']);
    expect(await search('AUCK')).toEqual(['p3', 'p1']);
    // "Ka": Kauri Lane, Kaiti, Kauri Street — and Kelburn not.
    expect(await search('ka')).toEqual(['p4', 'p5', 'p1']);
    expect(await search('street')).toEqual([]);
    const second = await pageProperties(store, { skip: 1, limit: 1 }, 'auckland');
    expect(second).toMatchObject({ total: 2, items: [{ _id: 'p1', address: '12 Kauri Street' }] });
  });
});
