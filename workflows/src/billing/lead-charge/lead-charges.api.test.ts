import { adPlanIdFor, adSubscriptionDecider, adSubscriptionStream, sendLeadChargeCommand } from '@kainga/command-api';
import { client, makePartner } from '@kainga/command-api/testing';
import { LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED, NO_PAYMENT_METHOD } from '@kainga/contracts';
import { handleCommand, waitForProjection } from '@kainga/platform';
import { LOCAL_TEST_PAYMENT_METHODS } from '@kainga/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadChargeApp, type LeadChargeApp } from './test-lead-charges';

describe('lead charges and GET /api/billing/history (Stripe through the local stand-in)', () => {
  let a: LeadChargeApp;
  beforeAll(async () => {
    a = await startLeadChargeApp();
  });
  afterAll(() => a?.close());

  it('charges a lead to a partner on a per-lead plan once, and lists it in the partner’s billing history', async () => {
    const { client: broker, partnerId } = await a.payingPartner('broker@charges.example.nz');
    const leadId = await a.sendLead(partnerId);
    const charge = await a.chargeOf(leadId);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 25, partnerId, failureReason: null });
    expect(charge.stripePaymentIntentId).toMatch(/^pi_/);

    const intents = a.stripe.oneOffPaymentIntents();
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 2500, currency: 'nzd', status: 'succeeded', payment_method: LOCAL_TEST_PAYMENT_METHODS.pays, metadata: { leadId, partnerId } });
    const create = a.stripe.requestsTo('POST', '/v1/payment_intents')[0]!;
    expect(create.params).toMatchObject({ confirm: 'true', off_session: 'true' });
    expect(create.idempotencyKey).toContain(leadId);

    const res = await broker.get('/api/billing/history');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      entries: [{ id: leadId, leadId, amount: 25, status: 'succeeded', createdAt: charge.createdAt, stripePaymentIntentId: charge.stripePaymentIntentId }],
      summary: { totalBilled: 25, thisMonth: 25, failedCount: 0, activeSubscriptions: 1 },
    });

    // Stripe's own word on the same PaymentIntent, delivered twice, changes nothing.
    const succeeded = a.stripe.events.find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { metadata: Record<string, string> }).metadata.leadId === leadId)!;
    for (const event of [succeeded, succeeded]) expect((await a.deliver(event)).statusCode).toBe(200);
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested', 'LeadChargeSucceeded']);
  });

  it('records a declined card as failed with the card’s words, and never retries it', async () => {
    const { client: valuer, partnerId } = await a.payingPartner('valuer@charges.example.nz', { role: 'registered_valuer', paymentMethod: LOCAL_TEST_PAYMENT_METHODS.declines });
    const leadId = await a.sendLead(partnerId);
    const charge = await a.chargeOf(leadId);
    expect(charge).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', amount: 25 });
    expect(charge.stripePaymentIntentId).toMatch(/^pi_/);
    expect(a.stripe.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey?.includes(leadId))).toHaveLength(1);
    const history = (await valuer.get('/api/billing/history')).json();
    expect(history.entries).toEqual([expect.objectContaining({ leadId, status: 'failed', failureReason: 'Your card was declined.', failureCode: 'card_declined' })]);
    expect(history.summary).toEqual({ totalBilled: 0, thisMonth: 0, failedCount: 1, activeSubscriptions: 1 });
  });

  it('records "No payment method" when the partner has no saved card', async () => {
    const { client: manager, partnerId } = await a.payingPartner('manager@charges.example.nz', { role: 'property_manager', paymentMethod: null });
    const leadId = await a.sendLead(partnerId);
    expect(await a.chargeOf(leadId)).toMatchObject({ status: 'failed', failureReason: NO_PAYMENT_METHOD, stripePaymentIntentId: null });
    // The Billing tab is told what kind of failure it was, to say what to do about it.
    expect((await manager.get('/api/billing/history')).json().entries).toEqual([expect.objectContaining({ leadId, status: 'failed', failureReason: NO_PAYMENT_METHOD, failureCode: 'no_payment_method' })]);
    expect(a.stripe.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey?.includes(leadId))).toHaveLength(0);
  });

  it('charges nothing on a plan without a price per lead', async () => {
    const { client: c, partnerId } = await a.payingPartner('bronze@charges.example.nz', { tier: 'bronze' });
    const leadId = await a.sendLead(partnerId);
    // The reactor handled it (its checkpoint passed the lead) and recorded no charge.
    await a.reacted();
    expect(await a.history(leadId)).toEqual([]);
    expect((await c.get('/api/billing/history')).json()).toEqual({ entries: [], summary: { totalBilled: 0, thisMonth: 0, failedCount: 0, activeSubscriptions: 1 } });
  });

  it('settles a charge Stripe answers later through its webhook, once however often it arrives', async () => {
    const { partnerId, subscriptionId } = await a.payingPartner('later@charges.example.nz', { role: 'registered_valuer' });
    const leadId = randomUUID();
    await sendLeadChargeCommand(a.t.stores.eventStore, leadId, { type: 'RequestLeadCharge', charge: { leadId, partnerId, subscriptionId, amount: 25, currency: 'nzd', requestedAt: new Date().toISOString() } }, `test:${leadId}`);
    const intent = { id: 'pi_later0000001', object: 'payment_intent', amount: 2500, currency: 'nzd', status: 'succeeded', metadata: { leadId, partnerId }, last_payment_error: null };
    const event = a.stripe.event('payment_intent.succeeded', intent);
    const contrary = a.stripe.event('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } });
    for (const e of [event, event, contrary, event]) expect((await a.deliver(e)).statusCode).toBe(200);
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested', 'LeadChargeSucceeded']);
    expect(await a.chargeOf(leadId)).toMatchObject({ status: 'succeeded', stripePaymentIntentId: 'pi_later0000001' });
  });

  it('shows each partner only its own charges, and refuses callers who are not partners', async () => {
    const { client: first, partnerId: firstId } = await a.payingPartner('first@charges.example.nz');
    const { client: second, partnerId: secondId } = await a.payingPartner('second@charges.example.nz', { tier: 'silver' });
    const firstLead = await a.sendLead(firstId);
    const secondLead = await a.sendLead(secondId);
    await a.chargeOf(firstLead);
    expect(await a.chargeOf(secondLead)).toMatchObject({ status: 'succeeded', amount: 15.5 });
    expect((await first.get('/api/billing/history')).json().entries.map((e: { leadId: string }) => e.leadId)).toEqual([firstLead]);
    const secondHistory = (await second.get('/api/billing/history')).json();
    expect(secondHistory.entries.map((e: { leadId: string }) => e.leadId)).toEqual([secondLead]);
    expect(secondHistory.summary.totalBilled).toBe(15.5);

    expect((await client(a.t.app).get('/api/billing/history')).statusCode).toBe(401);
    const owner = client(a.t.app, { remoteAddress: '10.42.0.1' });
    await owner.register('notapartner@charges.example.nz');
    const refused = await owner.get('/api/billing/history');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Partner Access Required' });
  });
});

describe('lead charges without Stripe keys', () => {
  let a: LeadChargeApp;
  beforeAll(async () => {
    a = await startLeadChargeApp({ stripe: false });
  });
  afterAll(() => a?.close());

  it('records the charge failed with "Online payments are not configured" instead of leaving it pending', async () => {
    // Without keys there is no checkout: an admin's allocation of a per-lead plan (recorded directly here).
    const broker = client(a.t.app, { remoteAddress: '10.43.0.1' });
    const partnerId = await makePartner(a.t.stores, (await broker.register('broker@noconfig.example.nz')).id, 'mortgage_broker', ['auckland']);
    const subscriptionId = randomUUID();
    const at = new Date(Date.now() - 1000).toISOString();
    await handleCommand(
      a.t.stores.eventStore,
      adSubscriptionDecider,
      adSubscriptionStream(subscriptionId),
      {
        type: 'StartAdSubscription',
        subscription: { subscriptionId, partnerId, partnerUserId: 'u', partnerRole: 'mortgage_broker', adPlanId: adPlanIdFor('gold'), tier: 'gold', locationId: 'auckland', startDate: at, autoRenew: true, source: { via: 'admin', by: 'admin1' }, demo: false },
      },
      { idempotencyKey: `test:${subscriptionId}`, metadata: { actorId: null, actorRoles: [], correlationId: 'test', causationId: 'test', occurredAt: at } },
    );
    await waitForProjection(a.t.stores.readStore, 'ad_subscriptions', await a.t.stores.eventStore.headPosition());
    const leadId = await a.sendLead(partnerId);
    expect(await a.chargeOf(leadId)).toMatchObject({ status: 'failed', failureReason: LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED, amount: 25 });
    expect((await broker.get('/api/billing/history')).json().summary).toEqual({ totalBilled: 0, thisMonth: 0, failedCount: 1, activeSubscriptions: 1 });
  });
});
