import type { PublicPropertyLocation } from '@kainga/contracts';
import { handleCommand, waitForProjection, type Position } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { propertyDecider, propertyStream } from '../properties/property';
import { startTestApp, type TestApp } from '../testing/test-app';
import { acceptedEncoding, matchesEtag } from './cached-answers';
import { sampleRows } from './property-locations';

const URL_ALL = '/api/public/property-locations';
const metadata = { actorId: null, actorRoles: [], correlationId: 'test', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

let t: TestApp;
let last: Position | null = null;

/** A registered, located property (through the property's own commands, as a valuation does). */
async function locate(id: string, city: string, latitude: number, longitude: number) {
  const ctx = (step: string) => ({ metadata, idempotencyKey: `${id}:${step}` });
  const details = { address: `${id} Test Road`, suburb: 'Centre', city, floorArea: 100, landArea: 400, bedrooms: 3, bathrooms: 1, rateableValue: null };
  await handleCommand(t.stores.eventStore, propertyDecider, propertyStream(id), { type: 'RegisterProperty', propertyId: id, ownerId: 'owner-1', details, demo: false, at: metadata.occurredAt }, ctx('register'));
  const r = await handleCommand(t.stores.eventStore, propertyDecider, propertyStream(id), { type: 'LocateProperty', latitude, longitude, precision: 'address', geocoder: 'test', at: metadata.occurredAt }, ctx('locate'));
  last = r.position;
}

beforeAll(async () => {
  t = await startTestApp();
  await locate('wgtn-1', 'Wellington', -41.29, 174.78);
  await locate('wgtn-2', 'Wellington', -41.3, 174.77);
  await locate('akl-1', 'Auckland', -36.85, 174.76);
  await locate('chatham-1', 'Chatham Islands', -43.95, -176.56);
  // Enough properties for the body to pass the compression threshold.
  for (let i = 0; i < 12; i += 1) await locate(`chc-${i}`, 'Christchurch', -43.53 + i / 1000, 172.63);
  await waitForProjection(t.stores.readStore, 'properties', last);
});
afterAll(() => t.close());

const ids = (body: string) => (JSON.parse(body) as PublicPropertyLocation[]).map((l) => l.id).sort();

describe('GET /api/public/property-locations', () => {
  it('answers every located property in the spec shape, with a strong ETag and Cache-Control', async () => {
    const res = await t.app.inject({ url: URL_ALL });
    expect(res.statusCode).toBe(200);
    const all = res.json() as PublicPropertyLocation[];
    expect(all).toHaveLength(16);
    expect(all.find((l) => l.id === 'wgtn-1')).toEqual({
      id: 'wgtn-1', address: 'wgtn-1 Test Road', suburb: 'Centre', city: 'Wellington', latitude: '-41.29', longitude: '174.78',
      bedrooms: 3, bathrooms: 1, floorArea: 100, landArea: 400, hasValuation: false, valuationLow: null, valuationHigh: null, demo: false,
    });
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
  });

  it('answers 304 without a body to If-None-Match with the current ETag, and 200 after a change', async () => {
    const first = await t.app.inject({ url: URL_ALL });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url: URL_ALL, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await t.app.inject({ url: URL_ALL, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: URL_ALL, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    await locate('wgtn-3', 'Wellington', -41.31, 174.79);
    await waitForProjection(t.stores.readStore, 'properties', last);
    const changed = await t.app.inject({ url: URL_ALL, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ids(changed.body)).toContain('wgtn-3');
  });

  it('narrows to a bounding box, across the antimeridian too, and to a city', async () => {
    const wellington = await t.app.inject({ url: `${URL_ALL}?bbox=174.7,-41.35,174.9,-41.25` });
    expect(wellington.statusCode).toBe(200);
    expect(ids(wellington.body)).toEqual(['wgtn-1', 'wgtn-2', 'wgtn-3']);
    const acrossTheAntimeridian = await t.app.inject({ url: `${URL_ALL}?bbox=174,-45,-176,-36` });
    expect(ids(acrossTheAntimeridian.body)).toEqual(['akl-1', 'chatham-1', 'wgtn-1', 'wgtn-2', 'wgtn-3']);
    const auckland = await t.app.inject({ url: `${URL_ALL}?city=Auckland` });
    expect(ids(auckland.body)).toEqual(['akl-1']);
    const both = await t.app.inject({ url: `${URL_ALL}?city=Wellington&bbox=174.775,-41.35,174.9,-41.25` });
    expect(ids(both.body)).toEqual(['wgtn-1', 'wgtn-3']);
    expect(wellington.headers.etag).not.toBe(auckland.headers.etag);
  });

  it('refuses a malformed box with 400 {message}', async () => {
    for (const bbox of ['1,2,3', 'a,b,c,d', '174,-41,175,-42', '200,-41,201,-40', '1,,2,3']) {
      // Twice: a refused box is not remembered as a parsed one.
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ url: `${URL_ALL}?bbox=${bbox}` });
        expect(res.statusCode, bbox).toBe(400);
        expect(res.json().message, bbox).toMatch(/bbox/);
      }
    }
  });

  it('answers a box asked again (parsed once) exactly as the first time, whichever way it is written', async () => {
    const first = await t.app.inject({ url: `${URL_ALL}?bbox=174.7,-41.35,174.9,-41.25&limit=2` });
    const again = await t.app.inject({ url: `${URL_ALL}?bbox=174.7,-41.35,174.9,-41.25&limit=2` });
    const spelledOtherwise = await t.app.inject({ url: `${URL_ALL}?bbox=174.70,-41.350, 174.9,-41.25&limit=2` });
    for (const res of [again, spelledOtherwise]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first.body);
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers['content-length']).toBe(first.headers['content-length']);
      expect(res.headers['x-total-count']).toBe('3');
    }
    expect(ids(first.body)).toHaveLength(2);
  });

  it('sends brotli or gzip when the client accepts it; the body decompresses to the same JSON', async () => {
    const plain = await t.app.inject({ url: URL_ALL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: URL_ALL, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gzip = await t.app.inject({ url: URL_ALL, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });
});

describe('GET /api/public/property-locations?limit=', () => {
  it('bounds the answer to an even sample and says how many matched in X-Total-Count', async () => {
    const all = await t.app.inject({ url: URL_ALL });
    const total = (all.json() as unknown[]).length;
    expect(all.headers['x-total-count']).toBe(String(total));
    const limited = await t.app.inject({ url: `${URL_ALL}?limit=5` });
    expect(limited.statusCode).toBe(200);
    expect(limited.headers['x-total-count']).toBe(String(total));
    const sample = ids(limited.body);
    expect(sample).toHaveLength(5);
    expect(ids(all.body)).toEqual(expect.arrayContaining(sample));
    // The same sample every time, with its own ETag, and a 304 for it.
    expect(ids((await t.app.inject({ url: `${URL_ALL}?limit=5` })).body)).toEqual(sample);
    expect(limited.headers.etag).not.toBe(all.headers.etag);
    expect((await t.app.inject({ url: `${URL_ALL}?limit=5`, headers: { 'if-none-match': limited.headers.etag as string } })).statusCode).toBe(304);
    // A limit above the matches changes nothing.
    const box = await t.app.inject({ url: `${URL_ALL}?bbox=174.7,-41.35,174.9,-41.25&limit=100` });
    expect(box.headers['x-total-count']).toBe('3');
    expect(ids(box.body)).toHaveLength(3);
  });

  it('refuses a bad limit with 400 {message}', async () => {
    for (const limit of ['0', '5001', 'many', '2.5']) {
      const res = await t.app.inject({ url: `${URL_ALL}?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message, limit).toMatch(/limit/);
    }
  });

  it('samples by id hash, keeping the original order', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ _id: `p-${i}` }));
    const sample = sampleRows(rows, 10);
    expect(sample).toHaveLength(10);
    expect(sample.map((r) => Number(r._id.slice(2)))).toEqual([...sample.map((r) => Number(r._id.slice(2)))].sort((a, b) => a - b));
    expect(sampleRows(rows, 10)).toEqual(sample);
    expect(sampleRows(rows, 100)).toBe(rows);
    expect(sampleRows(rows, undefined)).toBe(rows);
  });
});

describe('GET /api/public/property-locations/extent', () => {
  const URL_EXTENT = `${URL_ALL}/extent`;
  it('answers the count, the valued count and the box of every located property, across the antimeridian', async () => {
    const res = await t.app.inject({ url: URL_EXTENT });
    expect(res.statusCode).toBe(200);
    const all = (await t.app.inject({ url: URL_ALL })).json() as PublicPropertyLocation[];
    const extent = res.json();
    expect(extent).toMatchObject({ count: all.length, valued: 0, low: null, high: null, medianMidpoint: null });
    // Christchurch (172.63°E) to the Chatham Islands (176.56°W), Chatham (-43.95°) to Auckland (-36.85°).
    expect(extent.bbox).toEqual([172.63, -43.95, -176.56, -36.85]);
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
  });

  it('answers 304 to its ETag until a property is added, then the new count', async () => {
    const first = await t.app.inject({ url: URL_EXTENT });
    const etag = first.headers.etag as string;
    expect((await t.app.inject({ url: URL_EXTENT, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await locate('dud-1', 'Dunedin', -45.87, 170.5);
    await waitForProjection(t.stores.readStore, 'properties', last);
    const changed = await t.app.inject({ url: URL_EXTENT, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().count).toBe(first.json().count + 1);
    expect(changed.json().bbox).toEqual([170.5, -45.87, -176.56, -36.85]);
  });
});

describe('ETag and Accept-Encoding reading', () => {
  it('matches a listed, weak or * ETag only', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
  it('prefers br, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('GET /api/public/property-locations/{id}', () => {
  it("answers one located property, exactly as the list gives it, to anyone (no session)", async () => {
    const one = await t.app.inject({ method: 'GET', url: '/api/public/property-locations/wgtn-1' });
    expect(one.statusCode).toBe(200);
    const all = JSON.parse((await t.app.inject({ method: 'GET', url: URL_ALL })).body) as PublicPropertyLocation[];
    expect(JSON.parse(one.body)).toEqual(all.find((l) => l.id === 'wgtn-1'));
    expect(JSON.parse(one.body)).toMatchObject({ address: 'wgtn-1 Test Road', latitude: '-41.29', longitude: '174.78' });
  });

  it('is 404 for an unknown property and for one without coordinates', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/public/property-locations/no-such-property' });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ message: 'Property not found.' });
    const details = { address: '1 Nowhere Road', suburb: '', city: 'Wellington', floorArea: null, landArea: null, bedrooms: null, bathrooms: null, rateableValue: null };
    const r = await handleCommand(t.stores.eventStore, propertyDecider, propertyStream('unlocated-1'), { type: 'RegisterProperty', propertyId: 'unlocated-1', ownerId: 'owner-1', details, demo: false, at: metadata.occurredAt }, { metadata, idempotencyKey: 'unlocated-1:register' });
    await waitForProjection(t.stores.readStore, 'properties', r.position);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/property-locations/unlocated-1' })).statusCode).toBe(404);
  });

  it('leaves the extent route where it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/property-locations/extent' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty('count');
  });
});
