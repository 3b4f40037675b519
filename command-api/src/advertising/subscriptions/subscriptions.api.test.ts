import { adActivityStream } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole } from '../../leads/test-fixtures';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { adPlanIdFor } from '../plans/ad-plan';
import { seedTestAdPlans } from '../plans/test-plans';

describe('ad subscriptions API', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let broker: ReturnType<typeof client>;
  let brokerPartnerId: string;
  let otherPartnerId: string;
  const gold = adPlanIdFor('gold');
  const allocate = (body: object) => admin.post('/api/admin/allocate-ad-plan', body);
  const subscriptionEvents = async () => (await t.stores.eventStore.readAll({ after: null, filter: { streamPrefixes: ['adSubscription-'] }, limit: 1000 })).length;

  beforeAll(async () => {
    t = await startTestApp();
    admin = client(t.app, { remoteAddress: '10.8.0.1' });
    const adminUser = await admin.register('admin@ads.example.nz');
    await revokeRole(t.stores, adminUser.id, ['general', 'admin']);
    broker = client(t.app, { remoteAddress: '10.8.0.2' });
    brokerPartnerId = await makePartner(t.stores, (await broker.register('broker@ads.example.nz')).id, 'mortgage_broker', ['auckland', 'hamilton']);
    const other = client(t.app, { remoteAddress: '10.8.0.3' });
    otherPartnerId = await makePartner(t.stores, (await other.register('valuer@ads.example.nz')).id, 'registered_valuer', ['wellington'], { businessName: 'Capital Valuers' });
    await seedTestAdPlans(t.stores);
  });
  afterAll(() => t?.close());

  it('asks for all three fields in the words of the admin form, and records nothing', async () => {
    for (const body of [{}, { partnerId: brokerPartnerId, adPlanId: gold }, { partnerId: '', adPlanId: gold, locationId: 'auckland' }]) {
      const res = await allocate(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Please select a partner, plan, and location.');
    }
    expect(await subscriptionEvents()).toBe(0);
  });

  it('refuses an unknown partner or plan (404), a location the partner does not serve or no town (400)', async () => {
    expect((await allocate({ partnerId: 'nobody', adPlanId: gold, locationId: 'auckland' })).statusCode).toBe(404);
    expect((await allocate({ partnerId: brokerPartnerId, adPlanId: 'no-plan', locationId: 'auckland' })).statusCode).toBe(404);
    const elsewhere = await allocate({ partnerId: brokerPartnerId, adPlanId: gold, locationId: 'wellington' });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([400, 'Harbour Mortgages does not serve Wellington. Choose one of the partner’s locations.']);
    expect((await allocate({ partnerId: brokerPartnerId, adPlanId: gold, locationId: 'atlantis' })).statusCode).toBe(400);
    expect(await subscriptionEvents()).toBe(0);
  });

  it('allocates an active subscription with plan, partner and location embedded, once per tier and location', async () => {
    const res = await allocate({ partnerId: brokerPartnerId, adPlanId: gold, locationId: 'auckland' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      partnerId: brokerPartnerId,
      adPlanId: gold,
      status: 'active',
      endDate: null,
      autoRenew: true,
      totalImpressions: 0,
      totalClicks: 0,
      adPlan: { tier: 'gold', name: 'Gold' },
      location: { id: 'auckland', cityName: 'Auckland', region: 'Auckland' },
      partner: { id: brokerPartnerId, firstName: 'Aroha', lastName: 'Ngata', email: 'broker@ads.example.nz', businessName: 'Harbour Mortgages', roleId: 'mortgage_broker' },
      demo: false,
    });
    const again = await allocate({ partnerId: brokerPartnerId, adPlanId: gold, locationId: 'auckland' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Harbour Mortgages already has a Gold subscription in Auckland.']);
    // Another tier in the same town is another subscription.
    expect((await allocate({ partnerId: brokerPartnerId, adPlanId: adPlanIdFor('bronze'), locationId: 'auckland' })).statusCode).toBe(201);
  });

  it('answers a retried allocation (same Idempotency-Key) with the first subscription', async () => {
    const body = { partnerId: brokerPartnerId, adPlanId: adPlanIdFor('silver'), locationId: 'hamilton' };
    const first = await admin.post('/api/admin/allocate-ad-plan', body, { 'idempotency-key': 'allocate-retry-0001' });
    const retry = await admin.post('/api/admin/allocate-ad-plan', body, { 'idempotency-key': 'allocate-retry-0001' });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json().id).toBe(first.json().id);
  });

  it('refuses an inactive plan and a partner whose role was taken away (409)', async () => {
    const plans = (await admin.get('/api/ad-plans')).json() as { id: string; tier: string }[];
    const silver = plans.find((p) => p.tier === 'silver')!;
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/ad-plans/${silver.id}`,
      payload: { tier: 'silver', name: 'Silver', monthlyPrice: 149, pricePerLead: 15, adWidth: 728, adHeight: 90, priority: 2, maxImpressions: 5000, allowedPlacements: ['property_results'], isActive: false },
      cookies: { [SESSION_COOKIE]: admin.cookie! },
      remoteAddress: '10.8.0.1',
    });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await allocate({ partnerId: otherPartnerId, adPlanId: silver.id, locationId: 'wellington' });
    expect([inactive.statusCode, inactive.json().message]).toEqual([409, 'The Silver plan is inactive. Choose an active plan.']);

    const lapsed = client(t.app, { remoteAddress: '10.8.0.4' });
    const lapsedUser = await lapsed.register('lapsed@ads.example.nz');
    const lapsedPartner = await makePartner(t.stores, lapsedUser.id, 'property_manager', ['auckland']);
    await revokeRole(t.stores, lapsedUser.id, ['general']);
    const refused = await allocate({ partnerId: lapsedPartner, adPlanId: gold, locationId: 'auckland' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This partner no longer holds the Property Manager role.']);
  });

  it('pauses, activates and expires; the same status records nothing; expired is final', async () => {
    const res = await allocate({ partnerId: otherPartnerId, adPlanId: gold, locationId: 'wellington' });
    const id = res.json().id as string;
    const patch = (status: string) => admin.patch(`/api/admin/partner-ad-subscriptions/${id}`, { status });
    const stream = async () => (await t.stores.eventStore.readStream(`adSubscription-${id}`)).map((e) => e.type);

    expect((await patch('paused')).json().status).toBe('paused');
    const twice = await patch('paused');
    expect([twice.statusCode, twice.json().status]).toEqual([200, 'paused']);
    expect((await patch('active')).json().status).toBe('active');
    const expired = await patch('expired');
    expect(expired.json()).toMatchObject({ status: 'expired', endDate: expect.any(String) });
    const back = await patch('active');
    expect([back.statusCode, back.json().message]).toEqual([409, 'This subscription has expired and cannot be changed.']);
    expect((await patch('expired')).statusCode).toBe(200);
    expect(await stream()).toEqual(['AdSubscriptionStarted', 'AdSubscriptionPaused', 'AdSubscriptionResumed', 'AdSubscriptionExpired']);

    const bad = await patch('cancelled');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid body: Status must be active, paused or expired']);
    expect((await admin.patch('/api/admin/partner-ad-subscriptions/no-such-subscription', { status: 'paused' })).statusCode).toBe(404);
    // An expired subscription may be allocated again.
    expect((await allocate({ partnerId: otherPartnerId, adPlanId: gold, locationId: 'wellington' })).statusCode).toBe(201);
  });

  it("shows the partner its own subscriptions only, and everyone's to the admin with impressions and clicks", async () => {
    const mine = (await broker.get('/api/partner-ad-subscriptions')).json() as { partnerId: string; adPlan: { tier: string }; id: string }[];
    expect(mine.length).toBe(3);
    expect(mine.every((s) => s.partnerId === brokerPartnerId)).toBe(true);

    const target = mine.find((s) => s.adPlan.tier === 'gold')!;
    const at = new Date().toISOString();
    const activity = (type: string, n: number) => ({
      id: `00000000-0000-5000-8000-${String(n).padStart(12, '0')}`,
      type,
      data: { [type === 'AdClickRecorded' ? 'clickId' : 'impressionId']: `a${n}`, adContentId: 'c1', subscriptionId: target.id, partnerId: brokerPartnerId, tier: 'gold', placement: 'sidebar_valuation', city: 'Auckland', suburb: null, userId: null, propertyId: null, userAgent: 'Mozilla/5.0', ipHash: 'h', sessionHash: `s${n}`, at },
      metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: at },
    });
    const { position } = await t.stores.eventStore.append(adActivityStream(at), [activity('AdImpressionRecorded', 1), activity('AdImpressionRecorded', 2), activity('AdClickRecorded', 3)], { expectedRevision: 'any' });
    await waitForProjection(t.stores.readStore, 'ad_subscriptions', position);

    const all = (await admin.get('/api/admin/partner-ad-subscriptions')).json() as { id: string; partnerId: string; totalImpressions: number; totalClicks: number }[];
    expect(new Set(all.map((s) => s.partnerId))).toEqual(new Set([brokerPartnerId, otherPartnerId]));
    expect(all.find((s) => s.id === target.id)).toMatchObject({ totalImpressions: 2, totalClicks: 1 });
    expect((await broker.get('/api/admin/partner-ad-subscriptions')).statusCode).toBe(403);
    expect((await admin.get('/api/partner-ad-subscriptions')).json().message).toBe('Partner Access Required');
  });
});
