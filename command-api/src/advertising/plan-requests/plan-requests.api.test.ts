import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole } from '../../leads/test-fixtures';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { adPlanIdFor } from '../plans/ad-plan';
import { seedTestAdPlans } from '../plans/test-plans';

describe('partners ask the admins for a plan (POST /api/partner/ad-plan-requests), admins list them', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let broker: ReturnType<typeof client>;
  let brokerPartnerId: string;
  const gold = adPlanIdFor('gold');
  const requestEvents = async () => (await t.stores.eventStore.readAll({ after: null, filter: { streamPrefixes: ['adPlanRequest-'] }, limit: 100 })).length;

  beforeAll(async () => {
    t = await startTestApp();
    admin = client(t.app, { remoteAddress: '10.9.0.1' });
    await revokeRole(t.stores, (await admin.register('admin@asks.example.nz')).id, ['general', 'admin']);
    broker = client(t.app, { remoteAddress: '10.9.0.2' });
    brokerPartnerId = await makePartner(t.stores, (await broker.register('broker@asks.example.nz')).id, 'mortgage_broker', ['auckland']);
    await seedTestAdPlans(t.stores);
  });
  afterAll(() => t?.close());

  it('records the request once, and the admins read it with the partner, plan and town by name', async () => {
    const sent = await broker.post('/api/partner/ad-plan-requests', { adPlanId: gold, locationId: 'auckland', message: ' We would like to start in March. ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ partnerId: brokerPartnerId, adPlanId: gold, locationId: 'auckland', cityName: 'Auckland', tier: 'gold', message: 'We would like to start in March.', allocated: false });
    // Pressed again: the same request, nothing more for the admins.
    const again = await broker.post('/api/partner/ad-plan-requests', { adPlanId: gold, locationId: 'auckland' });
    expect([again.statusCode, again.json().id, again.json().message]).toEqual([201, sent.json().id, 'We would like to start in March.']);
    expect(await requestEvents()).toBe(1);

    const list = await admin.get('/api/admin/ad-plan-requests');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: sent.json().id, businessName: expect.any(String), contactEmail: expect.any(String), planName: expect.any(String), cityName: 'Auckland', allocated: false })]);
    // A partner does not read the admins' list.
    expect((await broker.get('/api/admin/ad-plan-requests')).statusCode).toBe(403);
  });

  it('refuses a town the partner does not serve, an unknown plan, and a plan it already has there', async () => {
    const elsewhere = await broker.post('/api/partner/ad-plan-requests', { adPlanId: gold, locationId: 'wellington' });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([400, 'You do not serve Wellington. Choose one of your locations.']);
    expect((await broker.post('/api/partner/ad-plan-requests', { adPlanId: 'no-plan', locationId: 'auckland' })).statusCode).toBe(404);
    expect((await broker.post('/api/partner/ad-plan-requests', { locationId: 'auckland' })).json().message).toMatch(/Please choose an advertising plan\./);

    // Once allocated, the admins' list says so, and the partner cannot ask for it again.
    expect((await admin.post('/api/admin/allocate-ad-plan', { partnerId: brokerPartnerId, adPlanId: gold, locationId: 'auckland' })).statusCode).toBe(201);
    expect((await admin.get('/api/admin/ad-plan-requests')).json()[0]).toMatchObject({ allocated: true });
    const held = await broker.post('/api/partner/ad-plan-requests', { adPlanId: gold, locationId: 'auckland' });
    expect(held.statusCode).toBe(409);
    expect(await requestEvents()).toBe(1);
  });

  it('is for partners only', async () => {
    const someone = client(t.app, { remoteAddress: '10.9.0.3' });
    await someone.register('someone@asks.example.nz');
    expect((await someone.post('/api/partner/ad-plan-requests', { adPlanId: gold, locationId: 'auckland' })).statusCode).toBe(403);
  });
});
