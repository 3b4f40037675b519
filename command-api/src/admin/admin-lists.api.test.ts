import type { AdminProperty, User } from '@kainga/contracts';
import { handleCommand, waitForProjection, type Position } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDecider, userStream } from '../accounts/user';
import { propertyDecider, propertyStream } from '../properties/property';
import { watchReads } from '../testing/store-reads';
import { client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';

const metadata = { actorId: null, actorRoles: [], correlationId: 'test', causationId: null, occurredAt: '2025-01-01T00:00:00.000Z' };
/** The n-th second of 2025: seeded records are older than the accounts the tests register. */
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();

let t: TestApp;
let admin: ReturnType<typeof client>;
let general: ReturnType<typeof client>;
let seededUsers = 0;
let seededProperties = 0;

/** Users registered through their own stream's commands (no password: these tests only read them). */
async function seedUsers(n: number, name: (i: number) => { firstName: string; lastName: string; email: string } = (i) => ({ firstName: 'Seed', lastName: `Person${i}`, email: `seed${i}@example.nz` })) {
  let last: Position | null = null;
  for (let k = 0; k < n; k += 1) {
    const i = seededUsers++;
    const id = `seed-user-${String(i).padStart(5, '0')}`;
    const r = await handleCommand(
      t.stores.eventStore,
      userDecider,
      userStream(id),
      { type: 'RegisterUser', userId: id, ...name(i), roles: ['general'], profileImageUrl: null, provider: 'password', at: at(i) },
      { metadata, idempotencyKey: `${id}:register` },
    );
    last = r.position;
  }
  await waitForProjection(t.stores.readStore, 'users', last);
}

async function seedProperties(n: number, place: (i: number) => { address: string; suburb: string; city: string } = (i) => ({ address: `${i} Seed Road`, suburb: 'Centre', city: 'Hamilton' })) {
  let last: Position | null = null;
  for (let k = 0; k < n; k += 1) {
    const i = seededProperties++;
    const id = `seed-property-${String(i).padStart(5, '0')}`;
    const details = { ...place(i), floorArea: 100, landArea: 400, bedrooms: 3, bathrooms: 1, rateableValue: 650_000 };
    const r = await handleCommand(
      t.stores.eventStore,
      propertyDecider,
      propertyStream(id),
      { type: 'RegisterProperty', propertyId: id, ownerId: 'owner-1', details, demo: false, at: at(i) },
      { metadata, idempotencyKey: `${id}:register` },
    );
    last = r.position;
  }
  await waitForProjection(t.stores.readStore, 'properties', last);
}

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'lists@example.nz' });
  admin = client(t.app);
  await registerAdmin(t, admin, 'lists@example.nz');
  general = client(t.app);
  await general.register('someone@example.nz');
  await seedUsers(3, (i) => [
    { firstName: 'Kiri', lastName: 'Ngata', email: 'kiri@example.nz' },
    { firstName: 'Rēwi', lastName: 'Parata', email: 'rewi@example.nz' },
    { firstName: 'Mere', lastName: 'Tawhiri', email: 'kiri.mere@example.nz' },
  ][i]!);
  await seedUsers(27);
  await seedProperties(3, (i) => [
    { address: '12 Kauri Street', suburb: 'Ponsonby', city: 'Auckland' },
    { address: '4 Rimu Road', suburb: 'Kelburn', city: 'Wellington' },
    { address: '7 Totara Avenue', suburb: 'Ōtāhuhu', city: 'Auckland' },
  ][i]!);
  await seedProperties(27);
});
afterAll(() => t.close());

const total = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-total-count']);

describe('GET /api/admin/users, a page at a time', () => {
  it('answers one page of the spec\'s list, newest first, and the total in X-Total-Count', async () => {
    const res = await admin.get('/api/admin/users?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const page = res.json() as User[];
    expect(total(res)).toBe(32);
    expect(page).toHaveLength(10);
    // The two accounts registered by the tests, then the seeded ones from the newest.
    expect(page.slice(0, 2).map((u) => u.email)).toEqual(['someone@example.nz', 'lists@example.nz']);
    expect(page[2]).toEqual({ id: 'seed-user-00029', email: 'seed29@example.nz', firstName: 'Seed', lastName: 'Person29', roles: ['general'], profileImageUrl: null, createdAt: at(29) });
    const all: User[] = [];
    for (let p = 1; p <= 4; p += 1) all.push(...((await admin.get(`/api/admin/users?page=${p}&pageSize=10`)).json() as User[]));
    expect(all).toHaveLength(32);
    expect(new Set(all.map((u) => u.id)).size).toBe(32);
    const created = all.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect((await admin.get('/api/admin/users?page=5&pageSize=10')).json()).toEqual([]);
  });

  it('answers 50 a page when no page is asked for', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(32);
    expect(total(res)).toBe(32);
  });

  it('searches by a prefix of the name or the email, ignoring case and accents', async () => {
    const search = async (q: string) => {
      const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(q)}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      return { emails: (res.json() as User[]).map((u) => u.email), total: total(res) };
    };
    expect(await search('kiri')).toEqual({ emails: ['kiri.mere@example.nz', 'kiri@example.nz'], total: 2 });
    // The accounts the tests registered are Aroha Ngata too (the test client's default name).
    expect(await search('ngata')).toEqual({ emails: ['someone@example.nz', 'lists@example.nz', 'kiri@example.nz'], total: 3 });
    expect(await search('REWI')).toEqual({ emails: ['rewi@example.nz'], total: 1 });
    expect(await search('parata rē')).toEqual({ emails: ['rewi@example.nz'], total: 1 });
    expect(await search('tawhiri')).toEqual({ emails: ['kiri.mere@example.nz'], total: 1 });
    expect((await search('seed')).total).toBe(27);
    expect(await search('nobody')).toEqual({ emails: [], total: 0 });
    // An empty search is no search.
    expect((await search('  ')).total).toBe(32);
  });
});

describe('GET /api/admin/properties, a page at a time', () => {
  it('answers the first 10 properties, newest first, and the total in X-Total-Count', async () => {
    const res = await admin.get('/api/admin/properties?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(total(res)).toBe(30);
    const page = res.json() as AdminProperty[];
    expect(page.map((p) => p.id)).toEqual(Array.from({ length: 10 }, (_, k) => `seed-property-${String(29 - k).padStart(5, '0')}`));
    expect(page[0]).toEqual({ id: 'seed-property-00029', address: '29 Seed Road', suburb: 'Centre', city: 'Hamilton', bedrooms: 3, bathrooms: 1, floorArea: 100, rateableValue: 650_000, createdAt: at(29), valuations: 0, latestValuationId: null });
    const third = (await admin.get('/api/admin/properties?page=3&pageSize=10')).json() as AdminProperty[];
    expect(third.map((p) => p.address)).toEqual([...Array.from({ length: 7 }, (_, k) => `${9 - k} Seed Road`), '7 Totara Avenue', '4 Rimu Road', '12 Kauri Street']);
  });

  it('searches by a prefix of the address, the street, the suburb or the city', async () => {
    const search = async (q: string) => {
      const res = await admin.get(`/api/admin/properties?search=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return { addresses: (res.json() as AdminProperty[]).map((p) => p.address), total: total(res) };
    };
    expect(await search('kauri')).toEqual({ addresses: ['12 Kauri Street'], total: 1 });
    expect(await search('4 rimu')).toEqual({ addresses: ['4 Rimu Road'], total: 1 });
    expect(await search('otahuhu')).toEqual({ addresses: ['7 Totara Avenue'], total: 1 });
    expect(await search('Auckland')).toEqual({ addresses: ['7 Totara Avenue', '12 Kauri Street'], total: 2 });
    expect((await search('hamilton')).total).toBe(27);
  });
});

describe('the admin lists refuse', () => {
  it('signed-out visitors (401) and users who are not admins (403), whatever the query', async () => {
    for (const url of ['/api/admin/users', '/api/admin/properties', '/api/admin/users?page=2&search=a', '/api/admin/properties?pageSize=10']) {
      const out = await client(t.app).get(url);
      expect(out.statusCode).toBe(401);
      expect(out.json()).toEqual({ message: 'Please sign in to continue.' });
      const res = await general.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do that.' });
      expect(res.headers['x-total-count']).toBeUndefined();
    }
  });

  it('a bad page, page size or search with 400 and a message a person understands', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page must be 1 or more'],
      ['page=two', 'page must be a number'],
      ['page=1.5', 'page must be a whole number'],
      ['pageSize=0', 'pageSize must be at least 1'],
      ['pageSize=101', 'pageSize must be at most 100'],
      ['pageSize=ten', 'pageSize must be a number'],
      [`search=${'a'.repeat(101)}`, 'search must be at most 100 characters'],
      ['search=a&search=b', 'search is given more than once: send it once'],
    ];
    for (const route of ['/api/admin/users', '/api/admin/properties']) {
      for (const [query, message] of cases) {
        const res = await admin.get(`${route}?${query}`);
        expect(res.statusCode, `${route}?${query}`).toBe(400);
        const body = res.json() as { message: string; issues?: { message: string }[] };
        expect([body.message, ...(body.issues ?? []).map((i) => i.message)].join(' | '), `${route}?${query}`).toContain(message);
      }
    }
  });
});

describe('a page is read from an index, at the same cost at any size', () => {
  // pageSize=9: a page no earlier test asked for, so it is read, not kept (see the next describe).
  it('walks only the page\'s entries of the newest-first index, never every document', async () => {
    const firstPageCost = async (collection: string, url: string) => {
      const reads = watchReads(t.stores.readStore, collection);
      try {
        const res = await admin.get(url);
        expect(res.statusCode).toBe(200);
        return { scans: reads.scans, walked: reads.walked(), items: (res.json() as unknown[]).length, total: total(res) };
      } finally {
        reads.restore();
      }
    };
    const before = {
      users: await firstPageCost('users', '/api/admin/users?page=1&pageSize=9'),
      properties: await firstPageCost('properties', '/api/admin/properties?page=1&pageSize=9'),
    };
    expect(before.users).toEqual({ scans: 0, walked: { createdAt_1__id_1: 9 }, items: 9, total: 32 });
    expect(before.properties).toEqual({ scans: 0, walked: { 'createdAt_-1__id_1': 9 }, items: 9, total: 30 });
    // Ten times the documents: the same walk.
    await seedUsers(300);
    await seedProperties(300);
    expect(await firstPageCost('users', '/api/admin/users?page=1&pageSize=9')).toEqual({ ...before.users, total: 332 });
    expect(await firstPageCost('properties', '/api/admin/properties?page=1&pageSize=9')).toEqual({ ...before.properties, total: 330 });
  });

  it('answers a search from the indexes of its prefixes, reading the matches only', async () => {
    const reads = watchReads(t.stores.readStore, 'users');
    try {
      const res = await admin.get('/api/admin/users?search=kiri');
      expect(total(res)).toBe(2);
      expect(reads.scans).toBe(0);
      // Kiri Ngata by name and email, Mere Tawhiri by email: three entries for two users.
      expect(reads.walked()).toEqual({ nameKey_1: 1, email_1: 2 });
    } finally {
      reads.restore();
    }
    const places = watchReads(t.stores.readStore, 'properties');
    try {
      const res = await admin.get('/api/admin/properties?search=auckland');
      expect(total(res)).toBe(2);
      expect(places.scans).toBe(0);
      expect(places.walked()).toEqual({ 'search.city_1_createdAt_-1__id_1': 2 });
    } finally {
      places.restore();
    }
  });
});

describe('a page is kept while its read model is unchanged', () => {
  const readsOf = async (collection: string, url: string) => {
    const reads = watchReads(t.stores.readStore, collection);
    try {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(200);
      return { res, scans: reads.scans, walked: reads.walked() };
    } finally {
      reads.restore();
    }
  };

  it('answers a repeated page without reading the store, and shows a change on the next request', async () => {
    const url = '/api/admin/users?page=1&pageSize=5';
    const first = await admin.get(url);
    const again = await readsOf('users', url);
    expect(again).toMatchObject({ scans: 0, walked: {} });
    expect(again.res.body).toBe(first.body);
    expect(again.res.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(again.res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Sent as the kept page's bytes: the length is the body's in UTF-8, as for a string.
    expect(again.res.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    // A role change moves the users read model: the same page is read again and shows it.
    const someone = (first.json() as User[]).find((u) => u.email === 'someone@example.nz')!;
    expect((await admin.patch(`/api/admin/users/${someone.id}/roles`, { roles: ['general', 'mortgage_broker'] })).statusCode).toBe(200);
    const changed = await readsOf('users', url);
    expect(changed.walked).toEqual({ createdAt_1__id_1: 5 });
    expect((changed.res.json() as User[]).find((u) => u.id === someone.id)!.roles).toEqual(['general', 'mortgage_broker']);
    expect((await admin.patch(`/api/admin/users/${someone.id}/roles`, { roles: ['general'] })).statusCode).toBe(200);
    expect(((await admin.get(url)).json() as User[]).find((u) => u.id === someone.id)!.roles).toEqual(['general']);
  });

  it('shows a new property on the next request', async () => {
    const url = '/api/admin/properties?page=1&pageSize=5';
    const first = await admin.get(url);
    expect((await readsOf('properties', url)).walked).toEqual({});
    await seedProperties(1);
    const after = await readsOf('properties', url);
    expect(total(after.res)).toBe(total(first) + 1);
    expect((after.res.json() as AdminProperty[])[0]!.id).toBe(`seed-property-${String(seededProperties - 1).padStart(5, '0')}`);
  });

  it("counts a property's completed valuations and names its latest, whose history the row links to", async () => {
    const url = '/api/admin/properties?page=1&pageSize=5';
    await seedProperties(1);
    const id = `seed-property-${String(seededProperties - 1).padStart(5, '0')}`;
    const row = async () => ((await admin.get(url)).json() as AdminProperty[]).find((p) => p.id === id)!;
    expect(await row()).toMatchObject({ valuations: 0, latestValuationId: null });
    let last: Position | null = null;
    for (const [valuationId, completedAt] of [['v-first', '2026-02-01T00:00:00.000Z'], ['v-second', '2026-03-01T00:00:00.000Z']] as const) {
      const data = { valuationId, propertyId: id, estimatedValue: 700_000, conservativeValue: 630_000, optimisticValue: 770_000, baseValue: 700_000, conditionAdjustment: 0, marketAdjustment: 0, confidence: 80, engine: 'model', engineVersion: 'test', completedAt };
      last = (await t.stores.eventStore.append(`valuation-${valuationId}`, [{ id: crypto.randomUUID(), type: 'ValuationCompleted', data, metadata }], { expectedRevision: 'no_stream' })).position;
    }
    await waitForProjection(t.stores.readStore, 'properties', last);
    expect(await row()).toMatchObject({ valuations: 2, latestValuationId: 'v-second' });
    // The row's link opens that valuation's stream, which an admin can read.
    const timeline = await admin.get('/api/admin/streams/valuation-v-second');
    expect(timeline.statusCode).toBe(200);
  });

  it('is refused on the next request to an admin whose role was taken away', async () => {
    const url = '/api/admin/users?page=1&pageSize=5';
    const someone = ((await admin.get(url)).json() as User[]).find((u) => u.email === 'someone@example.nz')!;
    expect((await admin.patch(`/api/admin/users/${someone.id}/roles`, { roles: ['admin'] })).statusCode).toBe(200);
    expect((await general.get(url)).statusCode).toBe(200);
    expect((await general.get(url)).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/users/${someone.id}/roles`, { roles: ['general'] })).statusCode).toBe(200);
    const refused = await general.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-total-count']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the paging query and X-Total-Count of both lists', async () => {
    const spec = (await client(t.app).get('/api/docs/json')).json();
    for (const path of ['/api/admin/users', '/api/admin/properties']) {
      const get = spec.paths[path].get;
      expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['query:page', 'query:pageSize', 'query:search']);
      expect(get.description).toContain('X-Total-Count');
      expect(Object.keys(get.responses).sort()).toEqual(['200', '400', '401', '403']);
    }
  });
});
