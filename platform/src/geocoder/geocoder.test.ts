import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGeocoder, EmbeddedGeocoder } from './index';

const distanceKm = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.latitude - a.latitude) / 2) ** 2 + Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.sin(r(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

describe('EmbeddedGeocoder', () => {
  const g = new EmbeddedGeocoder();
  it('places an address near its town, the same way every time, and says that it knows only the town', async () => {
    const a = await g.geocode({ address: '12 Kōwhai Street', suburb: 'Karori', city: 'Wellington' });
    const again = await g.geocode({ address: '12 kōwhai street ', suburb: 'karori', city: 'wellington' });
    expect(a).toEqual(again);
    expect(a).toMatchObject({ precision: 'city', geocoder: 'embedded' });
    expect(distanceKm(a!, { latitude: -41.2865, longitude: 174.7762 })).toBeLessThan(6);
  });
  it('keeps neighbours in one suburb close together', async () => {
    const a = (await g.geocode({ address: '1 Main Road', suburb: 'Riccarton', city: 'Christchurch' }))!;
    const b = (await g.geocode({ address: '99 Main Road', suburb: 'Riccarton', city: 'Christchurch' }))!;
    expect(distanceKm(a, b)).toBeLessThan(0.85);
  });
  it('finds nothing for a town outside the list', async () => {
    expect(await g.geocode({ address: '1 Main St', suburb: '', city: 'Atlantis' })).toBeNull();
  });
});

describe('Nominatim geocoder', () => {
  it('uses the service and falls back to the embedded one when it fails', async () => {
    let fail = false;
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url!);
      if (fail) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ lat: '-36.8485', lon: '174.7633', addresstype: 'building' }]));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const g = createGeocoder({ GEOCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    expect(await g.geocode({ address: '1 Queen Street', suburb: 'CBD', city: 'Auckland' })).toEqual({ latitude: -36.8485, longitude: 174.7633, precision: 'address', geocoder: 'nominatim' });
    expect(seen[0]).toContain('countrycodes=nz');
    fail = true;
    expect((await g.geocode({ address: '1 Queen Street', suburb: 'CBD', city: 'Auckland' }))?.geocoder).toBe('embedded');
    server.close();
  });
});
