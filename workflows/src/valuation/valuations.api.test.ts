import { conditionKeys, type ValuationRequest } from '@kainga/contracts';
import { recordSale } from '@kainga/command-api';
import { client, registerAdmin, startTestApp, type TestApp } from '@kainga/command-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflowEngine } from '../engine';
import { createActivities } from './activities';

const now = new Date();
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);
const metadata = { actorId: null, actorRoles: [], correlationId: 'test', causationId: null, occurredAt: now.toISOString() };

const request: ValuationRequest = {
  purpose: 'selling',
  address: '14 Pōhutukawa Avenue',
  suburb: 'Karori',
  city: 'Wellington',
  floorArea: 150,
  landArea: 520,
  bedrooms: 3,
  bathrooms: 2,
  rateableValue: 920_000,
  conditionScores: { kitchen: 4, bathroom: 3, roofing: 4, insulation: 2 },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'admin@example.nz' }, async (base) => ({
    workflowEngine: await createWorkflowEngine({}, createActivities({ stores: base.stores, geocoder: base.geocoder, openai: null, logger: base.logger }), { sleep: async () => undefined }),
  }));
  for (const [i, [suburb, price, floor, rv, days]] of (
    [
      ['Karori', 985_000, 145, 900_000, 20],
      ['Karori', 1_050_000, 160, 960_000, 35],
      ['Karori', 910_000, 135, 850_000, 50],
      ['Kelburn', 1_150_000, 155, 1_050_000, 70],
      ['Karori', 870_000, 120, 800_000, 80],
      ['Northland', 1_010_000, 150, 930_000, 200],
    ] as const
  ).entries()) {
    await recordSale(
      t.deps,
      { address: `${10 + i} Test Street`, suburb, city: 'Wellington', saleDate: daysAgo(days), price, bedrooms: 3, bathrooms: 2, floorArea: floor, landArea: 500, rateableValue: rv, latitude: null, longitude: null, demo: false, source: 'test' },
      metadata,
    );
  }
});
afterAll(() => t.close());

describe('valuations API', () => {
  it('researches comparables: recent sales of the city, ranked by match', async () => {
    const c = client(t.app);
    await c.register('research@example.nz');
    const res = await c.post('/api/research-comparables', request);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.comparables.length).toBeGreaterThan(0);
    expect(body.comparables.length).toBeLessThanOrEqual(5);
    const matches = body.comparables.map((x: { matchPercentage: number }) => x.matchPercentage);
    expect([...matches].sort((a, b) => b - a)).toEqual(matches);
    for (const x of body.comparables) expect(x).toMatchObject({ city: 'Wellington', demo: false });
    expect(body.windowMonths).toBeGreaterThanOrEqual(3);
  });

  it('values a property end to end and lists it for its owner only', async () => {
    const owner = client(t.app);
    await owner.register('owner@example.nz');
    const res = await owner.post('/api/valuations', request);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.engine).toBe('model');
    expect(body.conservativeValue).toBeLessThanOrEqual(body.estimatedValue);
    expect(body.optimisticValue).toBeGreaterThanOrEqual(body.estimatedValue);
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.valuation).toMatchObject({ status: 'completed', estimatedValue: body.estimatedValue, city: 'Wellington', suburb: 'Karori', rateableValue: 920_000, property: { address: request.address } });
    expect(body.valuation.comparables.length).toBeGreaterThan(0);
    expect(body.valuation.property.id).toBeTruthy();

    const mine = (await owner.get('/api/valuations')).json();
    expect(mine.map((v: { id: string }) => v.id)).toContain(body.valuation.id);
    const other = client(t.app);
    await other.register('other@example.nz');
    expect((await other.get('/api/valuations')).json()).toEqual([]);
    expect((await client(t.app).get('/api/valuations')).statusCode).toBe(401);

    // Map details: the owner sees figures, another user is refused, an admin may look.
    const propertyId = body.valuation.property.id;
    const details = await owner.get(`/api/properties/${propertyId}/map-details`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ isOwner: true, latestValuation: { estimatedValue: body.estimatedValue } });
    const refused = await other.get(`/api/properties/${propertyId}/map-details`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only view detailed information for properties you own.' });
    expect((await client(t.app).get(`/api/properties/${propertyId}/map-details`)).statusCode).toBe(401);
    const admin = client(t.app);
    await registerAdmin(t, admin, 'admin@example.nz');
    expect((await admin.get(`/api/properties/${propertyId}/map-details`)).json().isOwner).toBe(false);

    // Public read side: anonymised, no exact value, no owner, no address in summaries.
    const summary = (await client(t.app).get(`/api/summaries/properties/${propertyId}`)).json();
    expect(summary.latestValuation.estimatedValueBand.low).toBeLessThan(body.estimatedValue);
    expect(summary.latestValuation.estimatedValueBand.high).toBeGreaterThan(body.estimatedValue);
    expect(JSON.stringify(summary)).not.toContain(String(body.estimatedValue));
    const showcase = (await client(t.app).get('/api/summaries/valuations?pageSize=6')).json();
    expect(showcase[0]).toMatchObject({ valuationId: body.valuation.id, city: 'Wellington', confidenceBucket: expect.any(Number) });
    expect(JSON.stringify(showcase)).not.toContain(request.address);
    const pins = (await client(t.app).get('/api/public/property-locations')).json();
    const pin = pins.find((p: { id: string }) => p.id === propertyId);
    expect(pin).toMatchObject({ hasValuation: true, city: 'Wellington' });
    expect(Number(pin.latitude)).toBeLessThan(-41);
  });

  it('places the home among the known sales of its street (no address geocoder), and says how close that is', async () => {
    for (const [i, [latitude, longitude]] of ([[-41.2805, 174.7605], [-41.2811, 174.7611]] as const).entries()) {
      await recordSale(
        t.deps,
        { address: `${2 + i * 6} Glenmore St`, suburb: 'Kelburn', city: 'Wellington', saleDate: daysAgo(40 + i), price: 1_200_000, bedrooms: 3, bathrooms: 2, floorArea: 150, landArea: 500, rateableValue: 1_100_000, latitude, longitude, demo: false, source: 'test' },
        metadata,
      );
    }
    const c = client(t.app);
    await c.register('glenmore@example.nz');
    const res = await c.post('/api/valuations', { ...request, address: '30 Glenmore Street', suburb: 'Kelburn' });
    expect(res.statusCode, res.body).toBe(200);
    const located = (await t.stores.eventStore.readAll({ after: null, filter: { eventTypes: ['PropertyLocated'] }, limit: 1000 })).at(-1)!;
    expect(located.data).toMatchObject({ latitude: -41.2808, longitude: 174.7608, precision: 'street', geocoder: 'sales' });
    expect((located.data as { accuracyKm: number }).accuracyKm).toBeGreaterThan(0);
  });

  it('shows in the wizard the comparables and distances the valuation uses, and says what distances are measured from', async () => {
    for (const [i, [street, latitude, longitude]] of ([['Tinakori Road', -41.2751, 174.7741], ['Tinakori Road', -41.2757, 174.7747], ['Tinakori Road', -41.2763, 174.7739], ['Hill Street', -41.2731, 174.7771]] as const).entries()) {
      await recordSale(
        t.deps,
        { address: `${3 + i * 8} ${street}`, suburb: 'Thorndon', city: 'Wellington', saleDate: daysAgo(30 + i), price: 1_100_000 + i * 40_000, bedrooms: 3, bathrooms: 2, floorArea: 150, landArea: 400, rateableValue: 1_000_000, latitude, longitude, demo: false, source: 'test' },
        metadata,
      );
    }
    const c = client(t.app);
    await c.register('thorndon@example.nz');
    const home = { ...request, address: '11 Tinakori Rd', suburb: 'Thorndon' };
    const research = (await c.post('/api/research-comparables', home)).json();
    const sameSale = research.comparables.find((x: { address: string }) => x.address === '11 Tinakori Road');
    // The middle of the street's three sales, not a point made up from the suburb's name (3 km off before).
    expect(sameSale.distance).toBeLessThan(0.2);
    expect(research.note).toContain('Distances are approximate: measured from the middle of the known sales of Tinakori Road, Thorndon (the home may be about');
    const valued = (await c.post('/api/valuations', home)).json();
    const seen = (list: { saleId: string; distance: number | null }[]) => list.map((x) => [x.saleId, x.distance]);
    expect(seen(valued.valuation.comparables)).toEqual(seen(research.comparables));

    // A suburb no sale knows (misspelt): no made-up distances, and the person is told why.
    const misspelt = (await c.post('/api/research-comparables', { ...home, suburb: 'Thorndun' })).json();
    expect(misspelt.comparables.length).toBeGreaterThan(0);
    for (const x of misspelt.comparables) expect(x.distance).toBeNull();
    expect(misspelt.note).toContain('No distances: none of the sales we know in Thorndun, Wellington has a location');
    expect(misspelt.note).toContain('If the suburb is misspelt, correct it and search again.');

    // The owner's map panel says how near its marker is to the home.
    const placement = async (body: { valuation: { property: { id: string } } }) => (await c.get(`/api/properties/${body.valuation.property.id}/map-details`)).json().placement;
    expect(await placement(valued)).toMatchObject({ precision: 'street', by: 'sales', accuracyKm: expect.any(Number) });
    const nowhere = (await c.post('/api/valuations', { ...home, address: '40 Tinakori Rd', suburb: 'Thorndun' })).json();
    expect(nowhere.valuation.comparables.every((x: { distance: number | null }) => x.distance === null)).toBe(true);
    expect(await placement(nowhere)).toEqual({ precision: 'city', accuracyKm: null, by: 'embedded' });
  });

  it('keeps the public showcase with its ETag until a valuation completes', async () => {
    const visitor = client(t.app);
    const first = await visitor.get('/api/summaries/valuations?pageSize=6');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toContain('must-revalidate');
    const again = await visitor.get('/api/summaries/valuations?pageSize=6', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another page size is its own answer.
    expect((await visitor.get('/api/summaries/valuations?pageSize=1')).json().length).toBeLessThanOrEqual(1);

    const owner = client(t.app);
    await owner.register('showcase@example.nz');
    const done = (await owner.post('/api/valuations', { ...request, city: 'Nelson', suburb: 'Stoke' })).json();
    const after = await visitor.get('/api/summaries/valuations?pageSize=6', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()[0]).toMatchObject({ valuationId: done.valuation.id, city: 'Nelson', suburb: 'Stoke' });
  });

  it('generates a printable report for the owner, escaping what the user typed', async () => {
    const owner = client(t.app);
    await owner.register('report@example.nz');
    const res = await owner.post('/api/valuations', { ...request, address: '<script>alert(1)</script> 3 Rimu Road' });
    const id = res.json().valuation.id;
    const report = await owner.post(`/api/valuations/${id}/generate-report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/html');
    expect(report.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 3 Rimu Road');
    expect(report.body).not.toContain('<script>alert(1)');
    expect(report.body).toContain('Kitchen');
    expect(report.body).toContain('registered valuer');
    const stranger = client(t.app);
    await stranger.register('stranger@example.nz');
    expect((await stranger.post(`/api/valuations/${id}/generate-report`)).statusCode).toBe(404);
    expect((await owner.post('/api/valuations/nope/generate-report')).statusCode).toBe(404);
  });

  it('saves a valuation once, for its owner', async () => {
    const owner = client(t.app);
    await owner.register('saver@example.nz');
    const id = (await owner.post('/api/valuations', request)).json().valuation.id;
    const first = await owner.post(`/api/valuations/${id}/save`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, saved: true });
    expect((await owner.post(`/api/valuations/${id}/save`)).json().savedAt).toBe(first.json().savedAt);
    expect((await owner.get('/api/valuations')).json()[0].saved).toBe(true);
    const stranger = client(t.app);
    await stranger.register('saver2@example.nz');
    expect((await stranger.post(`/api/valuations/${id}/save`)).statusCode).toBe(404);
  });

  it('answers each validation rule of the spec and records nothing', async () => {
    const c = client(t.app);
    await c.register('bad@example.nz');
    const before = await t.stores.eventStore.countEvents();
    const cases: [Partial<Record<keyof ValuationRequest, unknown>>, string][] = [
      [{ purpose: 'renting' }, 'Please choose a purpose: buying, selling or testing'],
      [{ address: '' }, 'Please enter a property address first.'],
      [{ city: '' }, 'City is required'],
      [{ floorArea: 'big' }, 'Floor area must be a number'],
      [{ landArea: -5 }, 'Land area must be at least 0 m²'],
      [{ floorArea: 90_000 }, 'Floor area must be at most 5,000 m²'],
      [{ rateableValue: 5 }, 'Rateable value must be at least 1,000 NZD'],
      [{ conditionScores: { kitchen: 6 } }, 'Each condition score must be a whole number from 0 to 5'],
      [{ conditionScores: { kitchen: 2.5 } }, 'Each condition score must be a whole number from 0 to 5'],
    ];
    for (const [change, message] of cases) {
      const res = await c.post('/api/valuations', { ...request, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    const unknownKey = await c.post('/api/valuations', { ...request, conditionScores: { swimmingPool: 3 } });
    expect(unknownKey.statusCode).toBe(400);
    const city = await c.post('/api/valuations', { ...request, city: 'Atlantis' });
    expect(city.statusCode).toBe(400);
    expect(city.json()).toEqual({ message: 'Unknown city "Atlantis". Choose a town or city from the list.' });
    expect(await t.stores.eventStore.countEvents()).toBe(before);
  });

  it('accepts every one of the 34 condition keys', async () => {
    const c = client(t.app);
    await c.register('all34@example.nz');
    const scores = Object.fromEntries(conditionKeys.map((k, i) => [k, i % 6]));
    expect((await c.post('/api/valuations', { ...request, conditionScores: scores })).statusCode).toBe(200);
  });

  it('fails clearly when there is nothing to value from, and records the failure', async () => {
    const c = client(t.app);
    await c.register('nothing@example.nz');
    const res = await c.post('/api/valuations', { ...request, city: 'Te Anau', floorArea: null, rateableValue: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/floor area|rateable value/i);
    const [failed] = (await c.get('/api/valuations')).json();
    expect(failed).toMatchObject({ status: 'failed', failureReason: res.json().message });
  });

  it('refuses valuations to signed-out callers and keeps the public endpoints open', async () => {
    expect((await client(t.app).post('/api/valuations', request)).statusCode).toBe(401);
    expect((await client(t.app).post('/api/research-comparables', request)).statusCode).toBe(401);
    const stats = (await client(t.app).get('/api/public/stats')).json();
    expect(stats.totalValuations).toBeGreaterThan(0);
    expect(stats.recentValuationsCount).toBe(stats.totalValuations);
    const locations = (await client(t.app).get('/api/locations')).json();
    expect(locations[0].cityName).toBe('Auckland');
    expect(locations.at(-1).cityName).toBe('Te Anau');
    const roles = (await client(t.app).get('/api/roles')).json();
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['General', 'Admin', 'Mortgage Broker', 'Registered Valuer', 'Property Manager']);
    expect((await client(t.app).get('/api/summaries/properties/nope')).statusCode).toBe(404);
    expect((await client(t.app).get('/api/summaries/valuations?pageSize=500')).statusCode).toBe(400);
  });

  it('gives admins the property list and stats, and nobody else', async () => {
    const admin = client(t.app);
    await admin.post('/api/auth/login', { email: 'admin@example.nz', password: 'correct horse battery' });
    const props = await admin.get('/api/admin/properties');
    expect(props.statusCode).toBe(200);
    expect(props.json()[0]).toHaveProperty('rateableValue');
    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.totalUsers).toBeGreaterThan(3);
    expect(stats.recentActivity.map((a: { type: string }) => a.type)).toEqual(['user', 'property', 'valuation']);
    const general = client(t.app);
    await general.register('nosy@example.nz');
    expect((await general.get('/api/admin/properties')).statusCode).toBe(403);
    expect((await general.get('/api/admin/stats')).statusCode).toBe(403);
  });
});
