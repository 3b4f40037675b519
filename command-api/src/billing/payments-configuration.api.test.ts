import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@kainga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlanIdFor } from '../advertising/plans/ad-plan';
import { seedTestAdPlans } from '../advertising/plans/test-plans';
import { revokeRole as setRoles } from '../leads/test-fixtures';
import { client, makePartner, startTestApp, type TestApp } from '../testing/test-app';
import { startBillingApp } from './test-billing';

describe('payments without Stripe keys (the embedded default)', () => {
  let t: TestApp;
  let broker: ReturnType<typeof client>;
  let admin: ReturnType<typeof client>;
  let brokerPartnerId: string;

  beforeAll(async () => {
    t = await startTestApp();
    broker = client(t.app, { remoteAddress: '10.22.0.2' });
    brokerPartnerId = await makePartner(t.stores, (await broker.register('broker@nopay.example.nz')).id, 'mortgage_broker');
    admin = client(t.app, { remoteAddress: '10.22.0.1' });
    await setRoles(t.stores, (await admin.register('admin@nopay.example.nz')).id, ['general', 'admin']);
    await seedTestAdPlans(t.stores);
  });
  afterAll(() => t?.close());

  it('tells the browser payments are not configured, with no key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stripe/config' });
    expect([res.statusCode, res.json()]).toEqual([200, { configured: false }]);
  });

  it('answers every payment action 503 with the message (not 404, not 500), and records nothing', async () => {
    const before = (await t.stores.eventStore.readAll({ after: null, limit: 100_000 })).length;
    for (const body of [{ adPlanId: adPlanIdFor('gold'), locationId: 'auckland' }, { adPlanId: adPlanIdFor('gold'), locationId: 'auckland', couponCode: 'WELCOME' }, { adPlanId: 'no-plan', locationId: 'auckland' }]) {
      const res = await broker.post('/api/stripe/create-checkout-session', body);
      expect([res.statusCode, res.json()]).toEqual([503, { message: PAYMENTS_NOT_CONFIGURED_MESSAGE }]);
    }
    const hook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{"id":"evt_1","type":"invoice.paid"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect([hook.statusCode, hook.json()]).toEqual([503, { message: PAYMENTS_NOT_CONFIGURED_MESSAGE }]);
    expect((await t.stores.eventStore.readAll({ after: null, limit: 100_000 })).length).toBe(before);
  });

  it('still checks who asks first: 401 signed out, 403 for a non-partner', async () => {
    const body = { adPlanId: adPlanIdFor('gold'), locationId: 'auckland' };
    expect((await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: body })).statusCode).toBe(401);
    expect((await admin.post('/api/stripe/create-checkout-session', body)).statusCode).toBe(403);
  });

  it('lets an admin allocate a plan meanwhile', async () => {
    const res = await admin.post('/api/admin/allocate-ad-plan', { partnerId: brokerPartnerId, adPlanId: adPlanIdFor('gold'), locationId: 'auckland' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', via: 'admin', stripeSubscriptionId: null, stripeSubscriptionStatus: null, currentPeriodEnd: null, cancelAtPeriodEnd: false });
  });
});

describe('payments with Stripe keys', () => {
  it('gives the browser the publishable key, never a secret', async () => {
    const b = await startBillingApp();
    try {
      const res = await b.t.app.inject({ method: 'GET', url: '/api/stripe/config' });
      expect([res.statusCode, res.json()]).toEqual([200, { configured: true, publishableKey: 'pk_test_local' }]);
      expect(res.body).not.toMatch(/sk_test|whsec_/);
    } finally {
      await b.close();
    }
  });
});
