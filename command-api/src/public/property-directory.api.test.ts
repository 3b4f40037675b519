import type { PropertyDirectoryPage } from '@kainga/contracts';
import { handleCommand, waitForProjection, type Position } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { propertyDecider, propertyStream } from '../properties/property';
import { startTestApp, type TestApp } from '../testing/test-app';

const URL_DIRECTORY = '/api/public/property-directory';
const metadata = { actorId: null, actorRoles: [], correlationId: 'test', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

let t: TestApp;
let last: Position | null = null;
let registered = 0;

/** Registers a property (or changes its details), each a minute after the one before: newest first is the reverse order. */
async function register(id: string, address: string, suburb: string, city: string) {
  registered += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, registered)).toISOString();
  const details = { address, suburb, city, floorArea: 120, landArea: 500, bedrooms: 3, bathrooms: 2, rateableValue: null };
  const r = await handleCommand(t.stores.eventStore, propertyDecider, propertyStream(id), { type: 'RegisterProperty', propertyId: id, ownerId: 'owner-1', details, demo: false, at }, {
    metadata,
    idempotencyKey: `${id}:register:${registered}`,
  });
  last = r.position;
}

/** A completed valuation of the property (as the valuation workflow records it). */
async function value(propertyId: string, estimatedValue: number) {
  const data = {
    valuationId: `v-${propertyId}`,
    propertyId,
    estimatedValue,
    conservativeValue: estimatedValue * 0.9,
    optimisticValue: estimatedValue * 1.1,
    baseValue: estimatedValue,
    conditionAdjustment: 0,
    marketAdjustment: 0,
    confidence: 80,
    engine: 'model',
    engineVersion: 'test',
    completedAt: '2026-02-01T00:00:00.000Z',
  };
  const r = await t.stores.eventStore.append(`valuation-v-${propertyId}`, [{ id: crypto.randomUUID(), type: 'ValuationCompleted', data, metadata }], { expectedRevision: 'no_stream' });
  last = r.position;
}

const page = async (query = '') => {
  const res = await t.app.inject({ url: `${URL_DIRECTORY}${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json() as PropertyDirectoryPage;
};
const addresses = (p: PropertyDirectoryPage) => p.properties.map((x) => x.address);

beforeAll(async () => {
  t = await startTestApp();
  await register('w1', '12 Aro Street', 'Aro Valley', 'Wellington');
  await register('w2', '1 Vogel Street', 'Te Aro', 'Wellington');
  await register('w3', '3/45A Cuba Street', 'Te Aro', 'Wellington');
  await register('n1', '5 Hardy Street', 'Central', 'Nelson');
  await register('g1', '40 Bank Street', 'Regent', 'Whangārei');
  await register('a1', 'Flat 2, 10 Aroha Road', 'Ponsonby', 'Auckland');
  await register('a2', '9 Queen Street', 'Wellington Point', 'Auckland');
  await value('w1', 950_000);
  await waitForProjection(t.stores.readStore, 'properties', last);
});
afterAll(() => t.close());

describe('GET /api/public/property-directory', () => {
  it('answers a page newest first with how many match and how many there are, each card in the public shape', async () => {
    const all = await page();
    expect(all).toMatchObject({ matching: 7, total: 7, offset: 0, limit: 24 });
    expect(addresses(all)).toEqual(['9 Queen Street', 'Flat 2, 10 Aroha Road', '40 Bank Street', '5 Hardy Street', '3/45A Cuba Street', '1 Vogel Street', '12 Aro Street']);
    expect(all.properties.find((p) => p.id === 'w1')).toEqual({
      id: 'w1', address: '12 Aro Street', suburb: 'Aro Valley', city: 'Wellington', bedrooms: 3, bathrooms: 2, floorArea: 120, valueBand: expect.objectContaining({ low: expect.any(Number), high: expect.any(Number) }), demo: false,
    });
    const band = all.properties.find((p) => p.id === 'w1')!.valueBand!;
    expect(band.low).toBeLessThan(950_000);
    expect(band.high).toBeGreaterThan(950_000);
    expect(all.properties.find((p) => p.id === 'w2')!.valueBand).toBeNull();
  });

  it('pages with offset and limit; matching and total stay those of the whole query', async () => {
    const first = await page('?limit=3');
    const second = await page('?limit=3&offset=3');
    const third = await page('?limit=3&offset=6');
    expect([...addresses(first), ...addresses(second), ...addresses(third)]).toEqual(addresses(await page()));
    expect(third.properties).toHaveLength(1);
    for (const p of [first, second, third]) expect(p).toMatchObject({ matching: 7, total: 7, limit: 3 });
    expect((await page('?offset=50')).properties).toEqual([]);
  });

  it("narrows to one city, and searches that city's address, suburb and city as a case- and accent-insensitive substring", async () => {
    expect(await page('?city=Wellington')).toMatchObject({ matching: 3, total: 7 });
    expect(addresses(await page('?city=Wellington&search=ARO'))).toEqual(['3/45A Cuba Street', '1 Vogel Street', '12 Aro Street']);
    expect(addresses(await page('?city=Wellington&search=aro%20%20S'))).toEqual(['12 Aro Street']);
    expect(addresses(await page('?city=Wellington&search=ub'))).toEqual(['3/45A Cuba Street']);
    expect(addresses(await page('?city=Wellington&search=%2045a'))).toEqual(['3/45A Cuba Street']);
    expect((await page('?city=Wellington&search=lingt')).matching).toBe(3);
    expect((await page('?city=Whang%C4%81rei&search=whangarei')).matching).toBe(1);
    // Regular-expression characters are plain text.
    expect((await page('?city=Wellington&search=.*')).matching).toBe(0);
    expect(await page('?city=Nowhere')).toMatchObject({ matching: 0, total: 7, properties: [] });
  });

  it('searches every city by the same case-insensitive substring, newest first (issue 49)', async () => {
    // Words from the middle of a street name and of a suburb, with and without a city.
    expect(addresses(await page('?search=oha%20RO'))).toEqual(['Flat 2, 10 Aroha Road']);
    expect(addresses(await page('?search=oha%20RO&city=Auckland'))).toEqual(['Flat 2, 10 Aroha Road']);
    expect(addresses(await page('?search=onsonby'))).toEqual(['Flat 2, 10 Aroha Road']);
    expect(addresses(await page('?search=ogel'))).toEqual(['1 Vogel Street']);
    expect(addresses(await page('?search=ogel&city=Wellington'))).toEqual(['1 Vogel Street']);
    const welling = await page('?search=Welling');
    // The three in Wellington and the Auckland property in Wellington Point, newest first.
    expect(addresses(welling)).toEqual(['9 Queen Street', '3/45A Cuba Street', '1 Vogel Street', '12 Aro Street']);
    expect(welling).toMatchObject({ matching: 4, total: 7 });
    expect(addresses(await page('?search=aro'))).toEqual(['Flat 2, 10 Aroha Road', '3/45A Cuba Street', '1 Vogel Street', '12 Aro Street']);
    expect((await page('?search=STREET')).matching).toBe(6);
    expect(addresses(await page('?search=%20%20WHANGAREI'))).toEqual(['40 Bank Street']);
    expect(addresses(await page('?search=3%2F45a'))).toEqual(['3/45A Cuba Street']);
    // Regular-expression characters are plain text here too.
    expect((await page('?search=.*')).matching).toBe(0);
    expect((await page('?search=%20%20')).matching).toBe(7);
    // Pages of a search run on.
    const first = await page('?search=welling&limit=2');
    const second = await page('?search=welling&limit=2&offset=2');
    expect([...addresses(first), ...addresses(second)]).toEqual(addresses(welling));
    expect(second.matching).toBe(4);
  });

  it("answers, for one city, exactly that city's share of the all-cities answer", async () => {
    const cities = ['Wellington', 'Auckland', 'Nelson', 'Whangārei'];
    for (const search of ['aro', 'road', 'street', 'ar', 'welling', 'e', 'te ']) {
      const everywhere = (await page(`?search=${encodeURIComponent(search)}`)).properties;
      for (const city of cities) {
        const one = await page(`?search=${encodeURIComponent(search)}&city=${encodeURIComponent(city)}`);
        const share = everywhere.filter((p) => p.city === city);
        expect(one.properties, `${search} in ${city}`).toEqual(share);
        expect(one.matching, `${search} in ${city}`).toBe(share.length);
      }
    }
  });

  it('finds a property by its new details after they change', async () => {
    await register('n1', '7 Trafalgar Street', 'Central', 'Nelson');
    await waitForProjection(t.stores.readStore, 'properties', last);
    expect(addresses(await page('?search=trafalgar'))).toEqual(['7 Trafalgar Street']);
    expect((await page('?search=hardy')).matching).toBe(0);
    expect((await page()).total).toBe(7);
  });

  it('refuses bad paging and search with 400 {message}', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'], ['?limit=61', 'limit'], ['?limit=ten', 'limit'], ['?offset=-1', 'offset'], ['?offset=1.5', 'offset'],
      ['?offset=100001', 'offset'], [`?search=${'a'.repeat(101)}`, 'search'], ['?city=', 'city'], ['?city=%20', 'city'],
    ] as const) {
      const res = await t.app.inject({ url: `${URL_DIRECTORY}${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(field);
    }
  });

  it('answers 304 to its ETag until the read model changes, and compresses a large page', async () => {
    const first = await t.app.inject({ url: URL_DIRECTORY });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
    const again = await t.app.inject({ url: URL_DIRECTORY, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.app.inject({ url: `${URL_DIRECTORY}?limit=2` })).headers.etag).not.toBe(etag);
    const br = await t.app.inject({ url: URL_DIRECTORY, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);

    await register('d1', '1 Princes Street', 'Central', 'Dunedin');
    await waitForProjection(t.stores.readStore, 'properties', last);
    const changed = await t.app.inject({ url: URL_DIRECTORY, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ matching: 8, total: 8 });
  });
});

describe('GET /api/public/property-directory/cities', () => {
  it('lists the distinct cities, sorted, with an ETag', async () => {
    const res = await t.app.inject({ url: `${URL_DIRECTORY}/cities` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Auckland', 'Dunedin', 'Nelson', 'Wellington', 'Whangārei']);
    const again = await t.app.inject({ url: `${URL_DIRECTORY}/cities`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
