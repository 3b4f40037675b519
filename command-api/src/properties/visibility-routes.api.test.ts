import type { PropertyDirectoryPage, PropertyVisibility, PublicPropertyExtent, PublicPropertyLocation } from '@kainga/contracts';
import { handleCommand, waitForProjection } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/sessions';
import { watchReads } from '../testing/store-reads';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { propertyDecider, propertyStream } from './property';

let t: TestApp;
let owner: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let ownerId: string;

const metadata = { actorId: null, actorRoles: [], correlationId: 'test', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };
const url = (id: string) => `/api/properties/${id}/visibility`;

/** A registered, located property of `ownerOf` (as a valuation registers it). */
async function place(id: string, ownerOf: string, address: string, city: string) {
  const ctx = (step: string) => ({ metadata, idempotencyKey: `${id}:${step}` });
  const details = { address, suburb: 'Kelburn', city, floorArea: 120, landArea: 400, bedrooms: 3, bathrooms: 1, rateableValue: null };
  await handleCommand(t.stores.eventStore, propertyDecider, propertyStream(id), { type: 'RegisterProperty', propertyId: id, ownerId: ownerOf, details, demo: false, at: metadata.occurredAt }, ctx('register'));
  const r = await handleCommand(t.stores.eventStore, propertyDecider, propertyStream(id), { type: 'LocateProperty', latitude: -41.29, longitude: 174.77, precision: 'address', geocoder: 'test', at: metadata.occurredAt }, ctx('locate'));
  await waitForProjection(t.stores.readStore, 'properties', r.position);
}

/** PUT as `who` (the test client has no put). */
const put = (who: ReturnType<typeof client> | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: url(id), payload: payload as never, cookies: who?.cookie ? { [SESSION_COOKIE]: who.cookie } : {} });

/** What a signed-out visitor sees of property `id` on the map, in the directory and in the summaries. */
async function publicly(id: string) {
  const anyone = client(t.app);
  const map = (await anyone.get('/api/public/property-locations')).json() as PublicPropertyLocation[];
  const wellington = (await anyone.get('/api/public/property-locations?city=Wellington')).json() as PublicPropertyLocation[];
  const directory = (await anyone.get('/api/public/property-directory')).json() as PropertyDirectoryPage;
  const inCity = (await anyone.get('/api/public/property-directory?city=Wellington')).json() as PropertyDirectoryPage;
  const searched = (await anyone.get('/api/public/property-directory?search=Kelburn')).json() as PropertyDirectoryPage;
  const cities = (await anyone.get('/api/public/property-directory/cities')).json() as string[];
  const extent = (await anyone.get('/api/public/property-locations/extent')).json() as PublicPropertyExtent;
  return {
    onMap: map.some((p) => p.id === id),
    onCityMap: wellington.some((p) => p.id === id),
    inDirectory: directory.properties.some((p) => p.id === id),
    inCityDirectory: inCity.properties.some((p) => p.id === id),
    inSearch: searched.properties.some((p) => p.id === id),
    directoryTotal: directory.total,
    cities,
    extent,
    location: (await anyone.get(`/api/public/property-locations/${id}`)).statusCode,
    summary: (await anyone.get(`/api/summaries/properties/${id}`)).statusCode,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = client(t.app);
  ownerId = (await owner.register('owner@example.nz')).id;
  other = client(t.app);
  await other.register('other@example.nz');
  await place('mine', ownerId, '12 Kelburn Parade', 'Wellington');
  await place('theirs', 'someone-else', '1 Other Road', 'Nelson');
});
afterAll(() => t.close());

describe('property visibility', () => {
  it('starts public: the owner reads it, and the public sees the property', async () => {
    const res = await owner.get(url('mine'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ propertyId: 'mine', public: true });
    expect(await publicly('mine')).toMatchObject({ onMap: true, onCityMap: true, inDirectory: true, inCityDirectory: true, inSearch: true, directoryTotal: 2, cities: ['Nelson', 'Wellington'], location: 200, summary: 200 });
  });

  it('lets the owner hide it: gone from every public read at once, still the owner’s', async () => {
    const res = await put(owner, 'mine', { public: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PropertyVisibility>()).toEqual({ propertyId: 'mine', public: false });
    const seen = await publicly('mine');
    expect(seen).toMatchObject({ onMap: false, onCityMap: false, inDirectory: false, inCityDirectory: false, inSearch: false, directoryTotal: 1, cities: ['Nelson'], location: 404, summary: 404 });
    expect(seen.extent.count).toBe(1);
    // No cache may keep the one-property answer past the change.
    expect((await client(t.app).get('/api/public/property-locations/theirs')).headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
    // The owner's own view still has it.
    expect((await owner.get('/api/properties/mine/map-details')).json()).toMatchObject({ property: { address: '12 Kelburn Parade' }, isOwner: true });
    expect((await owner.get(url('mine'))).json()).toEqual({ propertyId: 'mine', public: false });
  });

  it('records nothing when it is hidden again', async () => {
    const before = (await t.stores.eventStore.readStream(propertyStream('mine'))).length;
    const res = await put(owner, 'mine', { public: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ propertyId: 'mine', public: false });
    expect((await t.stores.eventStore.readStream(propertyStream('mine'))).length).toBe(before);
  });

  it('lets the owner show it again: back in every public read', async () => {
    const res = await put(owner, 'mine', { public: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ propertyId: 'mine', public: true });
    expect(await publicly('mine')).toMatchObject({ onMap: true, onCityMap: true, inDirectory: true, inCityDirectory: true, inSearch: true, directoryTotal: 2, cities: ['Nelson', 'Wellington'], location: 200, summary: 200 });
    const types = (await t.stores.eventStore.readStream(propertyStream('mine'))).map((e) => e.type);
    expect(types).toEqual(['PropertyRegistered', 'PropertyLocated', 'PropertyHiddenFromPublic', 'PropertyShownInPublic']);
  });

  it('refuses anyone but the owner (403), a stranger’s property included, with a message', async () => {
    for (const res of [await put(other, 'mine', { public: false }), await other.get(url('mine')), await put(owner, 'theirs', { public: false })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the owner of this property can change whether it is shown publicly.');
    }
    expect((await publicly('mine')).onMap).toBe(true);
    expect((await publicly('theirs')).onMap).toBe(true);
  });

  it('answers 401 signed out, 404 for an unknown property, 400 for a body that is not { public: boolean }', async () => {
    const signedOut = await put(null, 'mine', { public: false });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toEqual(expect.any(String));
    expect((await client(t.app).get(url('mine'))).statusCode).toBe(401);
    const unknown = await put(owner, 'nope', { public: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Property not found.');
    expect((await owner.get(url('nope'))).statusCode).toBe(404);
    for (const body of [{}, { public: 'no' }, { public: false, extra: 1 }]) {
      const res = await put(owner, 'mine', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await publicly('mine')).onMap).toBe(true);
  });
});

describe('the public reads stay indexed with hidden properties left out', () => {
  /** Registers `n` more Christchurch properties, newer than every one before. */
  let seeded = 0;
  async function seed(n: number) {
    let last = null;
    for (let i = 0; i < n; i += 1) {
      seeded += 1;
      const id = `chc-${seeded}`;
      const details = { address: `${seeded} Test Street`, suburb: 'Riccarton', city: 'Christchurch', floorArea: 100, landArea: 400, bedrooms: 3, bathrooms: 1, rateableValue: null };
      const at = new Date(Date.UTC(2026, 1, 1) + seeded * 60_000).toISOString();
      last = (await handleCommand(t.stores.eventStore, propertyDecider, propertyStream(id), { type: 'RegisterProperty', propertyId: id, ownerId: 'someone-else', details, demo: false, at }, { metadata, idempotencyKey: `${id}:register` })).position;
    }
    await waitForProjection(t.stores.readStore, 'properties', last);
  }
  const cost = async (path: string) => {
    const reads = watchReads(t.stores.readStore, 'properties');
    try {
      const res = await client(t.app).get(path);
      expect(res.statusCode).toBe(200);
      return { scans: reads.scans, walked: reads.walked(), total: (res.json() as PropertyDirectoryPage).total };
    } finally {
      reads.restore();
    }
  };

  it('walks the first page and the hidden ones only, at any size', async () => {
    expect((await put(owner, 'mine', { public: false })).statusCode).toBe(200);
    await seed(20);
    const first = await cost('/api/public/property-directory?limit=10');
    // The page: ten entries of the newest-first index; the total: the one hidden entry.
    expect(first).toEqual({ scans: 0, walked: { 'createdAt_-1__id_1': 10, 'hidden_1_city_1_createdAt_-1__id_1': 1 }, total: 21 });
    await seed(200);
    expect(await cost('/api/public/property-directory?limit=10')).toEqual({ ...first, total: 221 });
    // One city's page and the list of cities walk the public entries of the hidden-first index.
    expect((await cost('/api/public/property-directory?city=Nelson')).scans).toBe(0);
    const cities = await cost('/api/public/property-directory/cities');
    expect(cities.scans).toBe(0);
    expect(Object.keys(cities.walked)).toEqual(['hidden_1_city_1_createdAt_-1__id_1']);
    expect((await put(owner, 'mine', { public: true })).statusCode).toBe(200);
  });
});
