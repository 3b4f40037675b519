import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { makeAdSubscription, setAdSubscriptionStatus } from '../content/test-fixtures';

let t: TestApp;
let admin: ReturnType<typeof client>;
const ads: Record<string, string> = {};
const subscriptions: Record<string, string> = {};

/** A partner with an approved advert of one tier in one town, through the partner and admin routes. */
async function advertiser(name: string, role: 'registered_valuer' | 'mortgage_broker' | 'property_manager', tier: 'gold' | 'silver' | 'bronze', locationId: string) {
  const c = client(t.app);
  const { id } = await c.register(`${name}@example.nz`, undefined, name, 'Tester');
  const partnerId = await makePartner(t.stores, id, role, [locationId], { businessName: `${name} Ltd` });
  subscriptions[name] = await makeAdSubscription(t.stores, { partnerId, userId: id, role }, { tier, locationId });
  const created = await c.post('/api/partner/ad-content', { subscriptionId: subscriptions[name], title: `${name} advert`, description: 'Here to help.', ctaUrl: 'https://example.nz' });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.post(`/api/admin/ad-content/${created.json().id}/approve`)).statusCode).toBe(200);
  ads[name] = created.json().id;
  return { c, userId: id };
}
const active = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/ads/active?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { adContentId: string; businessName: string; tier: string }[];
};

let revokedUserId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t.app);
  await setRoles(t.stores, (await admin.register('admin@example.nz')).id, ['general', 'admin']);
  await advertiser('Valuer', 'registered_valuer', 'gold', 'auckland');
  await advertiser('Broker', 'mortgage_broker', 'silver', 'auckland');
  await advertiser('Manager', 'property_manager', 'bronze', 'auckland');
  await advertiser('Capital', 'registered_valuer', 'gold', 'wellington');
  revokedUserId = (await advertiser('Revoked', 'mortgage_broker', 'silver', 'auckland')).userId;
});
afterAll(() => t.close());

describe('GET /api/ads/active', () => {
  it('answers the town’s approved adverts, gold first, matching the town’s name in any case', async () => {
    const list = await active('placement=property_results&city=auckland');
    expect(list.map((a) => a.adContentId)).toEqual([ads.Valuer, ads.Broker, ads.Revoked, ads.Manager]);
    expect(list[0]).toMatchObject({ tier: 'gold', adPlan: { tier: 'gold' }, businessName: 'Valuer Ltd', partnerName: 'Valuer Tester', cityName: 'Auckland', title: 'Valuer advert', ctaText: 'Learn More', ctaUrl: 'https://example.nz', demo: false });
    expect((await active('placement=property_results&city=AUCKLAND')).length).toBe(4);
    expect((await active('placement=property_results&city=Wellington')).map((a) => a.adContentId)).toEqual([ads.Capital]);
    expect(await active('placement=property_results&city=Atlantis')).toEqual([]);
  });

  it('shows the valuation sidebar only gold adverts, and only where the plan allows the placement', async () => {
    expect((await active('placement=sidebar_valuation&city=Auckland&targetRole=registered_valuer')).map((a) => a.adContentId)).toEqual([ads.Valuer]);
    // The test silver and bronze plans do not allow the sidebar; the filter is the plan's, not only the sidebar's gold rule.
    expect((await active('placement=sidebar_valuation&city=Auckland&targetRole=mortgage-broker')).map((a) => a.adContentId)).toEqual([]);
  });

  it('matches the advertiser’s role to targetRole, as the calculators ask', async () => {
    expect((await active('placement=mortgage_calculator&city=Auckland&targetRole=mortgage-broker')).map((a) => a.adContentId)).toEqual([ads.Broker, ads.Revoked]);
    expect((await active('placement=rental_assessment&city=Auckland&targetRole=property-manager')).map((a) => a.adContentId)).toEqual([ads.Manager]);
    expect(await active('placement=rental_assessment&city=Auckland&targetRole=plumber')).toEqual([]);
  });

  it('hides a paused subscription’s adverts and a partner who lost the role', async () => {
    await setAdSubscriptionStatus(t.stores, subscriptions.Broker!, 'paused');
    await setRoles(t.stores, revokedUserId, ['general']);
    expect((await active('placement=mortgage_calculator&city=Auckland&targetRole=mortgage-broker')).map((a) => a.adContentId)).toEqual([]);
    await setAdSubscriptionStatus(t.stores, subscriptions.Broker!, 'active');
    expect((await active('placement=mortgage_calculator&city=Auckland&targetRole=mortgage-broker')).map((a) => a.adContentId)).toEqual([ads.Broker]);
  });

  it('refuses a missing or unknown placement with a clear message (400)', async () => {
    for (const url of ['/api/ads/active?city=Auckland', '/api/ads/active?placement=billboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('placement must be one of sidebar_valuation, mortgage_calculator, rental_assessment, property_results');
    }
  });
});
