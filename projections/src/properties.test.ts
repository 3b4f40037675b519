import { type EmbeddedReadStore, applyBatch, type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { countPublicProperties, findProperty, findPublicProperty, locatedProperties, propertiesProjector } from './properties';
import { directoryCities, directoryPage } from './property-directory';

const event = recordedEvents();
const details = (address: string, suburb: string, city: string) => ({ address, suburb, city, floorArea: 120, landArea: 400, bedrooms: 3, bathrooms: 1, rateableValue: null });
const registered = (propertyId: string, address: string, suburb: string, city: string, registeredAt: string) =>
  event(`property-${propertyId}`, 'PropertyRegistered', { propertyId, ownerId: 'o1', ...details(address, suburb, city), demo: false, registeredAt });
const located = (propertyId: string) =>
  event(`property-${propertyId}`, 'PropertyLocated', { propertyId, latitude: -41.29, longitude: 174.77, precision: 'address', accuracyKm: null, geocoder: 'test', locatedAt: '2026-02-01T00:00:00.000Z' });
const hidden = (propertyId: string) => event(`property-${propertyId}`, 'PropertyHiddenFromPublic', { propertyId, by: 'o1', at: '2026-03-01T00:00:00.000Z' });
const shown = (propertyId: string) => event(`property-${propertyId}`, 'PropertyShownInPublic', { propertyId, by: 'o1', at: '2026-03-02T00:00:00.000Z' });

const storeWith = (events: RecordedEvent[]) => projectedStore([propertiesProjector], events);
const apply = (store: EmbeddedReadStore, events: RecordedEvent[]) => applyBatch(store, propertiesProjector, events, 'properties', (c) => c);

const homes = [
  registered('w1', '12 Kelburn Parade', 'Kelburn', 'Wellington', '2026-01-01T00:00:00.000Z'),
  located('w1'),
  registered('w2', '3 The Terrace', 'Te Aro', 'Wellington', '2026-01-02T00:00:00.000Z'),
  located('w2'),
  registered('n1', '5 Hardy Street', 'Central', 'Nelson', '2026-01-03T00:00:00.000Z'),
  located('n1'),
];

describe('properties projector: hidden from the public', () => {
  it('registers every property public', async () => {
    const store = await storeWith(homes);
    expect(await findProperty(store, 'w1')).toMatchObject({ hidden: false, address: '12 Kelburn Parade' });
    expect(await countPublicProperties(store)).toBe(3);
  });

  it('marks a property hidden and public again, and a change of its details leaves that alone', async () => {
    const store = await storeWith([...homes, hidden('w1')]);
    expect(await findProperty(store, 'w1')).toMatchObject({ hidden: true, updatedAt: '2026-03-01T00:00:00.000Z' });
    await apply(store, [event('property-w1', 'PropertyDetailsChanged', { propertyId: 'w1', ...details('12 Kelburn Parade', 'Kelburn', 'Wellington'), bedrooms: 4, changedAt: '2026-03-01T12:00:00.000Z' })]);
    expect(await findProperty(store, 'w1')).toMatchObject({ hidden: true, bedrooms: 4 });
    await apply(store, [shown('w1')]);
    expect(await findProperty(store, 'w1')).toMatchObject({ hidden: false });
  });

  it('leaves a hidden property out of every public read, not out of the owner’s', async () => {
    const store = await storeWith([...homes, hidden('w1'), hidden('n1')]);
    // The owner's (and admins') read.
    expect(await findProperty(store, 'w1')).not.toBeNull();
    // The public's.
    expect(await findPublicProperty(store, 'w1')).toBeNull();
    expect(await findPublicProperty(store, 'w2')).toMatchObject({ _id: 'w2' });
    expect((await locatedProperties(store)).map((p) => p._id)).toEqual(['w2']);
    expect((await locatedProperties(store, { city: 'Wellington' })).map((p) => p._id)).toEqual(['w2']);
    expect((await locatedProperties(store, { city: 'Nelson' })).map((p) => p._id)).toEqual([]);
    expect((await locatedProperties(store, { bbox: { minLon: 174, minLat: -42, maxLon: 175, maxLat: -41 } })).map((p) => p._id)).toEqual(['w2']);
    expect(await countPublicProperties(store)).toBe(1);
    const ids = async (request: Parameters<typeof directoryPage>[1]) => {
      const page = await directoryPage(store, request);
      return { ids: page.rows.map((r) => r._id), matching: page.matching, total: page.total };
    };
    expect(await ids({ offset: 0, limit: 10 })).toEqual({ ids: ['w2'], matching: 1, total: 1 });
    expect(await ids({ city: 'Wellington', offset: 0, limit: 10 })).toEqual({ ids: ['w2'], matching: 1, total: 1 });
    expect(await ids({ city: 'Wellington', search: 'kelburn', offset: 0, limit: 10 })).toEqual({ ids: [], matching: 0, total: 1 });
    // All cities: by city, suburb, street and whole address.
    for (const search of ['Wellington', 'Kelburn', 'Kelburn Parade', '12 Kelburn', 'Nelson', 'Hardy']) {
      expect((await ids({ search, offset: 0, limit: 10 })).ids, search).not.toContain('w1');
      expect((await ids({ search, offset: 0, limit: 10 })).ids, search).not.toContain('n1');
    }
    expect((await ids({ search: 'Te Aro', offset: 0, limit: 10 })).ids).toEqual(['w2']);
    // A city whose only property is hidden is not offered either.
    expect(await directoryCities(store)).toEqual(['Wellington']);

    await apply(store, [shown('w1'), shown('n1')]);
    expect(await directoryCities(store)).toEqual(['Nelson', 'Wellington']);
    expect(await ids({ offset: 0, limit: 10 })).toEqual({ ids: ['n1', 'w2', 'w1'], matching: 3, total: 3 });
    expect((await locatedProperties(store)).map((p) => p._id)).toEqual(['n1', 'w2', 'w1']);
    expect(await findPublicProperty(store, 'w1')).toMatchObject({ _id: 'w1' });
  });

  it('declares the index the public reads of one city and the hidden count walk', () => {
    expect(propertiesProjector.indexes?.properties?.map((i) => i.keys)).toContainEqual({ hidden: 1, city: 1, createdAt: -1, _id: 1 });
    expect(propertiesProjector.version).toBe(6);
  });
});

describe('properties projector: the latest valuation', () => {
  const estimate = {
    estimatedValue: 950_000,
    conservativeValue: 880_000,
    optimisticValue: 1_020_000,
    baseValue: 930_000,
    conditionAdjustment: 20_000,
    marketAdjustment: 0,
    confidence: 72,
    engine: 'model',
    engineVersion: 'kainga-model-11',
    explanation: ['x'],
    fallbackReason: null,
  };
  const completed = (valuationId: string, dates: { completedAt: string; requestedAt?: string }) =>
    event(`valuation-${valuationId}`, 'ValuationCompleted', { ...estimate, valuationId, propertyId: 'w1', ...dates });

  it('is dated when it was asked for, as every list of valuations dates it', async () => {
    // Asked for late on 20 November, worked out after midnight.
    const store = await storeWith([...homes, completed('v1', { requestedAt: '2026-11-20T10:59:00.000Z', completedAt: '2026-11-20T11:01:00.000Z' })]);
    expect((await findProperty(store, 'w1'))?.latestValuation).toMatchObject({ valuationId: 'v1', createdAt: '2026-11-20T10:59:00.000Z', estimatedValue: 950_000 });
  });

  it('is dated when it finished when its result does not say when it was asked for (events recorded before it did)', async () => {
    const store = await storeWith([...homes, completed('v0', { completedAt: '2026-05-01T09:00:00.000Z' })]);
    expect((await findProperty(store, 'w1'))?.latestValuation).toMatchObject({ valuationId: 'v0', createdAt: '2026-05-01T09:00:00.000Z' });
  });
});

describe('properties projector: where a home was placed', () => {
  const placed = (propertyId: string, data: { precision: string; accuracyKm: number | null; geocoder: string }) =>
    event(`property-${propertyId}`, 'PropertyLocated', { propertyId, latitude: -41.29, longitude: 174.77, ...data, locatedAt: '2026-02-01T00:00:00.000Z' });

  it('keeps how exactly, how far off it may be and what placed it; the embedded geocoder’s old "suburb" points read as the town’s they are', async () => {
    const store = await storeWith([
      registered('s1', '2 Rata Street', 'Riccarton', 'Christchurch', '2026-01-01T00:00:00.000Z'),
      placed('s1', { precision: 'street', accuracyKm: 0.3, geocoder: 'sales' }),
      registered('e1', '9 Rata Street', 'Ricarton', 'Christchurch', '2026-01-01T00:00:00.000Z'),
      placed('e1', { precision: 'suburb', accuracyKm: null, geocoder: 'embedded' }),
    ]);
    expect(await findProperty(store, 's1')).toMatchObject({ locationPrecision: 'street', locationAccuracyKm: 0.3, locatedBy: 'sales' });
    expect(await findProperty(store, 'e1')).toMatchObject({ locationPrecision: 'city', locationAccuracyKm: null, locatedBy: 'embedded' });
  });
});
