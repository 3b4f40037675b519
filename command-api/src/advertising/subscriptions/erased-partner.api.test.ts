import { waitForProjection } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole } from '../../leads/test-fixtures';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { adPlanIdFor } from '../plans/ad-plan';
import { seedTestAdPlans } from '../plans/test-plans';
import { PARTNER_ERASED } from './allocate-ad-plan';

describe('no plan is allocated to a partner erased since (issue 50)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  const gold = adPlanIdFor('gold');
  const subscriptionEvents = async () => (await t.stores.eventStore.readAll({ after: null, filter: { streamPrefixes: ['adSubscription-', 'adSlot-'] }, limit: 1000 })).length;

  beforeAll(async () => {
    t = await startTestApp();
    admin = client(t.app, { remoteAddress: '10.7.0.1' });
    await revokeRole(t.stores, (await admin.register('admin@erased-ads.example.nz')).id, ['general', 'admin']);
    await seedTestAdPlans(t.stores);
  });
  afterAll(() => t?.close());

  it('refuses the allocation of a partner’s own plan request once the partner is erased (409), and records nothing', async () => {
    const partner = client(t.app, { remoteAddress: '10.7.0.2' });
    const { id: userId } = await partner.register('leaving.broker@erased-ads.example.nz');
    const partnerId = await makePartner(t.stores, userId, 'mortgage_broker', ['auckland'], { businessName: 'Leaving Loans' });
    const asked = await partner.post('/api/partner/ad-plan-requests', { adPlanId: gold, locationId: 'auckland', message: 'Please start in March.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const before = await subscriptionEvents();

    const erased = await admin.post(`/api/admin/users/${userId}/erase`, { reason: 'Request by email, ticket 5120' });
    expect(erased.statusCode, erased.body).toBe(204);
    // The admin grants the request with the allocate form (its partner, plan and town).
    const allocate = () => admin.post('/api/admin/allocate-ad-plan', { partnerId, adPlanId: gold, locationId: 'auckland' });
    const refused = await allocate();
    expect([refused.statusCode, refused.json().message]).toEqual([409, PARTNER_ERASED]);
    expect(PARTNER_ERASED).toBe('This partner’s account was erased; a plan cannot be allocated to it.');
    // Asked again once the read models have the erasure: the same answer.
    const head = await t.stores.eventStore.headPosition();
    for (const name of ['users', 'partners']) await waitForProjection(t.stores.readStore, name, head);
    expect((await allocate()).json().message).toBe(PARTNER_ERASED);
    expect(await subscriptionEvents()).toBe(before);
  });

  it('still allocates to a partner who was not erased', async () => {
    const partner = client(t.app, { remoteAddress: '10.7.0.3' });
    const partnerId = await makePartner(t.stores, (await partner.register('staying.broker@erased-ads.example.nz')).id, 'mortgage_broker', ['auckland'], { businessName: 'Staying Loans' });
    const res = await admin.post('/api/admin/allocate-ad-plan', { partnerId, adPlanId: gold, locationId: 'auckland' });
    expect(res.statusCode, res.body).toBe(201);
  });
});
