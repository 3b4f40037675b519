import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole } from '../../leads/test-fixtures';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { client, startTestApp, type TestApp } from '../../testing/test-app';
import { adPlanIdFor } from './ad-plan';
import { seedAdPlans } from './seed-ad-plans';
import { seedTestAdPlans, testAdPlans } from './test-plans';

const bronze = { tier: 'bronze', name: 'Bronze', monthlyPrice: 59, adWidth: 320, adHeight: 100, maxImpressions: 2000, allowedPlacements: ['property_results'] };

describe('ad plans API', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  const put = (id: string, body: object, cookie = admin.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/ad-plans/${id}`, payload: body, cookies: cookie ? { [SESSION_COOKIE]: cookie } : {}, remoteAddress: '10.7.0.1' });
  const planEvents = async () => (await t.stores.eventStore.readAll({ after: null, filter: { streamPrefixes: ['adPlan-'] }, limit: 100 })).map((e) => e.type);

  beforeAll(async () => {
    t = await startTestApp();
    admin = client(t.app, { remoteAddress: '10.7.0.1' });
    await revokeRole(t.stores, (await admin.register('admin@plans.example.nz')).id, ['general', 'admin']);
    await seedTestAdPlans(t.stores);
  });
  afterAll(() => t?.close());

  it('seeds each tier once: a second start records nothing', async () => {
    expect(await seedAdPlans({ stores: t.stores }, testAdPlans)).toEqual({ created: [] });
    expect(await planEvents()).toEqual(['AdPlanCreated', 'AdPlanCreated', 'AdPlanCreated']);
  });

  it('lists the plans gold first, with every field of the spec', async () => {
    const res = await client(t.app).get('/api/ad-plans');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { tier: string }) => p.tier)).toEqual(['gold', 'silver', 'bronze']);
    expect(res.json()[0]).toMatchObject({ id: adPlanIdFor('gold'), name: 'Gold', monthlyPrice: 299, pricePerLead: 25, adWidth: 300, adHeight: 250, priority: 3, maxImpressions: 10000, isActive: true });
  });

  it('refuses a second plan for a tier (409) and a bad one (400), recording nothing', async () => {
    const twice = await admin.post('/api/admin/ad-plans', bronze);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'A Bronze plan already exists. Edit it instead.']);
    const negative = await admin.post('/api/admin/ad-plans', { ...bronze, monthlyPrice: -5 });
    expect([negative.statusCode, negative.json().message]).toEqual([400, 'Invalid body: Monthly price cannot be negative']);
    expect((await admin.post('/api/admin/ad-plans', { ...bronze, allowedPlacements: [] })).statusCode).toBe(400);
    expect(await planEvents()).toHaveLength(3);
  });

  it('edits a plan and switches it off: the public list hides it, the admin still sees it', async () => {
    const res = await put(adPlanIdFor('bronze'), { ...bronze, monthlyPrice: 69, isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tier: 'bronze', monthlyPrice: 69, isActive: false, description: '', features: [], pricePerLead: 0, priority: 0 });
    expect((await planEvents()).slice(3)).toEqual(['AdPlanRevised', 'AdPlanDeactivated']);
    expect((await client(t.app).get('/api/ad-plans')).json().map((p: { tier: string }) => p.tier)).toEqual(['gold', 'silver']);
    expect((await admin.get('/api/ad-plans')).json().map((p: { tier: string; isActive: boolean }) => [p.tier, p.isActive])).toEqual([
      ['gold', true],
      ['silver', true],
      ['bronze', false],
    ]);
    // The same edit again records nothing.
    expect((await put(adPlanIdFor('bronze'), { ...bronze, monthlyPrice: 69, isActive: false })).statusCode).toBe(200);
    expect(await planEvents()).toHaveLength(5);
  });

  it('answers 404 for an unknown plan, 400 for a change of tier, 401/403 for others', async () => {
    expect((await put('no-such-plan', bronze)).statusCode).toBe(404);
    const moved = await put(adPlanIdFor('gold'), bronze);
    expect([moved.statusCode, moved.json().message]).toEqual([400, 'A plan’s tier cannot be changed. Edit the plan of that tier instead.']);
    expect((await put(adPlanIdFor('bronze'), bronze, '')).statusCode).toBe(401);
    const general = client(t.app, { remoteAddress: '10.7.0.2' });
    await general.register('someone@plans.example.nz');
    expect((await general.post('/api/admin/ad-plans', bronze)).statusCode).toBe(403);
    expect((await general.get('/api/ad-plans')).json()).toHaveLength(2);
  });
});
