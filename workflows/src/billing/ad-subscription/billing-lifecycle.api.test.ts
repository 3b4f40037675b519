import { BILLING_REASONS } from '@kainga/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBillingLifecycleApp, type BillingLifecycleApp } from './test-billing-lifecycle';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The billing lifecycle end to end on the in-process engine: checkout, Stripe's webhooks, the
 * workflow's timers on a clock the test moves, its retries at the Stripe stand-in, and the read
 * model a partner and an admin see. Each test has its own app: the workflow's clock runs ahead of
 * the time the API stamps on a new checkout once a test has moved it.
 */
describe('the subscription billing workflow (in-process, controllable clock)', () => {
  let a: BillingLifecycleApp;
  beforeEach(async () => {
    a = await startBillingLifecycleApp();
  });
  afterEach(() => a?.close());

  it('expires a checkout whose first payment never came after 23 hours, and ends its Stripe subscription', async () => {
    const { subscriptionId, stripeId } = await a.checkout('unpaid@lifecycle.example.nz');
    await a.advance(22 * HOUR);
    expect(await a.history(subscriptionId)).toEqual(['AdSubscriptionStarted']);
    await a.advance(HOUR + 60_000);
    await a.eventually(subscriptionId, (types) => types.includes('AdSubscriptionBillingUpdated'));
    const events = await a.events(subscriptionId);
    expect(events.map((e) => e.type)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionExpired', 'AdSubscriptionBillingUpdated']);
    expect(events[1]!.data).toMatchObject({ by: 'billing', reason: BILLING_REASONS.firstPaymentMissing });
    expect(a.stripe.subscriptions.get(stripeId)!.status).toBe('canceled');
    expect(await a.doc(subscriptionId)).toMatchObject({ status: 'expired', stripeSubscriptionStatus: 'canceled', statusReason: BILLING_REASONS.firstPaymentMissing });
  });

  it('retries a failed renewal, and a card the partner updated pays it: still active, nothing owed', async () => {
    const { subscriptionId, stripeId } = await a.paidCheckout('retry@lifecycle.example.nz');
    a.stripe.setSubscriptionDefaultPaymentMethod(stripeId, a.cards.declines);
    await a.deliver(a.stripe.renew(stripeId, { failed: 'Your card was declined.' }));
    await a.eventually(subscriptionId, (types) => types.includes('AdSubscriptionPaymentFailed'));
    expect(await a.doc(subscriptionId)).toMatchObject({ status: 'active', lastPaymentError: 'Your card was declined.', paymentRetries: 0 });
    expect((await a.doc(subscriptionId)).paymentDueSince).not.toBeNull();

    await a.advance(DAY);
    await a.eventually(subscriptionId, (types) => types.includes('AdSubscriptionPaymentRetried'));
    expect(await a.doc(subscriptionId)).toMatchObject({ status: 'active', paymentRetries: 1 });

    a.stripe.setSubscriptionDefaultPaymentMethod(stripeId, a.cards.pays);
    await a.advance(2 * DAY);
    await a.eventually(subscriptionId, (types) => types.at(-1) === 'AdSubscriptionRenewed');
    const retries = (await a.events(subscriptionId)).filter((e) => e.type === 'AdSubscriptionPaymentRetried').map((e) => e.data);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, outcome: 'failed', message: 'Your card was declined.' }), expect.objectContaining({ attempt: 2, outcome: 'paid' })]);
    expect(await a.doc(subscriptionId)).toMatchObject({ status: 'active', paymentDueSince: null, lastPaymentError: null });
    // Stripe's own word on the same payment, delivered after, is no news.
    const before = (await a.history(subscriptionId)).length;
    await a.deliver(a.stripe.events.filter((e) => e.type === 'invoice.paid').slice(-1));
    expect((await a.history(subscriptionId)).length).toBe(before);
    // Stripe was asked once per attempt, each keyed by the attempt.
    const pays = a.stripe.requestsTo('POST', '/v1/invoices/*').filter((r) => r.path.endsWith('/pay'));
    expect(pays.map((r) => r.idempotencyKey)).toEqual([expect.stringMatching(/retry:in_\w+:1$/), expect.stringMatching(/retry:in_\w+:2$/)]);
  });

  it('pauses an unpaid renewal after the grace period, resumes it when paid, and expires one left unpaid', async () => {
    const paying = await a.paidCheckout('late@lifecycle.example.nz');
    const never = await a.paidCheckout('never@lifecycle.example.nz');
    for (const s of [paying, never]) {
      a.stripe.setSubscriptionDefaultPaymentMethod(s.stripeId, a.cards.declines);
      await a.deliver(a.stripe.renew(s.stripeId, { failed: 'Your card was declined.' }));
      await a.eventually(s.subscriptionId, (types) => types.includes('AdSubscriptionPaymentFailed'));
    }
    const retried = (n: number) => (types: string[]) => types.filter((t) => t === 'AdSubscriptionPaymentRetried').length === n;
    // Retries on days 1, 3 and 5 (the card still declines), adverts running meanwhile; paused on day 7.
    for (const [n, days] of [[1, 1], [2, 2], [3, 2]] as const) {
      await a.advance(days * DAY);
      for (const s of [paying, never]) await a.eventually(s.subscriptionId, retried(n));
    }
    expect(await a.doc(never.subscriptionId)).toMatchObject({ status: 'active', paymentRetries: 3 });
    await a.advance(2 * DAY + HOUR);
    for (const s of [paying, never]) await a.eventually(s.subscriptionId, (types) => types.includes('AdSubscriptionPaused'));
    expect(await a.doc(never.subscriptionId)).toMatchObject({ status: 'paused', paymentRetries: 3, statusReason: BILLING_REASONS.renewalOverdue });

    // The partner pays the open invoice (Stripe's hosted page, say): the webhook resumes the adverts.
    a.stripe.setSubscriptionDefaultPaymentMethod(paying.stripeId, a.cards.pays);
    await a.deliver(a.stripe.payLatestInvoice(paying.stripeId));
    await a.eventually(paying.subscriptionId, (types) => types.includes('AdSubscriptionResumed'));
    expect(await a.doc(paying.subscriptionId)).toMatchObject({ status: 'active', statusReason: null, paymentDueSince: null });

    await a.advance(14 * DAY);
    await a.eventually(never.subscriptionId, (types) => types.includes('AdSubscriptionExpired') && types.at(-1) === 'AdSubscriptionBillingUpdated');
    expect(await a.doc(never.subscriptionId)).toMatchObject({ status: 'expired', statusReason: BILLING_REASONS.renewalUnpaid, stripeSubscriptionStatus: 'canceled' });
    expect(a.stripe.subscriptions.get(never.stripeId)!.status).toBe('canceled');
    expect(await a.doc(paying.subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('ends the Stripe subscription when an admin expires a paid one, and leaves an admin’s pause alone', async () => {
    const { subscriptionId, stripeId } = await a.paidCheckout('admin-expired@lifecycle.example.nz');
    const url = `/api/admin/partner-ad-subscriptions/${subscriptionId}`;
    expect((await a.admin.patch(url, { status: 'paused' })).statusCode).toBe(200);
    await a.advance(HOUR);
    expect((await a.history(subscriptionId)).at(-1)).toBe('AdSubscriptionPaused');
    expect(a.stripe.subscriptions.get(stripeId)!.status).toBe('active');

    expect((await a.admin.patch(url, { status: 'expired' })).statusCode).toBe(200);
    await a.eventually(subscriptionId, (types) => types.at(-1) === 'AdSubscriptionBillingUpdated');
    expect(a.stripe.subscriptions.get(stripeId)!.status).toBe('canceled');
    expect(await a.doc(subscriptionId)).toMatchObject({ status: 'expired', stripeSubscriptionStatus: 'canceled' });
    expect(a.failures).toEqual([]);
  });
});
