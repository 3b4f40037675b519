import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@kainga/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../command/errors';
import type { PaymentNotice, Payments } from './payments';
import { paymentsFor } from './payments-for';
import { PaymentsNotConfigured } from './payments-not-configured';
import { PAYMENT_PROVIDER_UNAVAILABLE, StripePayments } from './stripe-payments';
import { LocalStripe } from './testing/local-stripe';
import { signedWebhook } from './testing/signed-webhook';

const metadata = (subscriptionId: string) => ({ subscriptionId, partnerId: 'partner-1', adPlanId: 'plan-gold', locationId: 'auckland' });

async function refusal(run: () => unknown): Promise<CommandError> {
  try {
    await run();
  } catch (err) {
    expect(err).toBeInstanceOf(CommandError);
    return err as CommandError;
  }
  throw new Error('expected a refusal');
}

/** The Payments port on the official SDK, against the local Stripe stand-in (STRIPE_API_URL). */
describe('Payments contract: StripePayments (official SDK) on a local Stripe', () => {
  let stripe: LocalStripe;
  let payments: StripePayments;
  const providerErrors: unknown[] = [];
  const open = () => paymentsFor(stripe.env() as never, (err) => providerErrors.push(err)) as StripePayments;
  const read = (event: object): PaymentNotice => {
    const { payload, headers } = signedWebhook(event, stripe.options.webhookSecret);
    return payments.readWebhook(Buffer.from(payload), headers['stripe-signature']);
  };

  beforeAll(async () => {
    stripe = await LocalStripe.start({ secretKey: 'sk_test_contract' });
    payments = open();
  });
  afterAll(() => stripe?.close());

  it('is chosen by configuration, and gives the browser its publishable key', () => {
    expect(payments).toBeInstanceOf(StripePayments);
    expect([payments.configured, payments.publishableKey]).toEqual([true, 'pk_test_local']);
  });

  it('makes one customer per partner, however often it is asked (idempotency key from the partner id)', async () => {
    const first = await payments.ensureCustomer({ partnerId: 'partner-1', email: 'broker@example.nz', name: 'Harbour Mortgages' });
    const [again, concurrent] = await Promise.all([
      payments.ensureCustomer({ partnerId: 'partner-1', email: 'broker@example.nz', name: 'Harbour Mortgages' }),
      open().ensureCustomer({ partnerId: 'partner-1', email: 'broker@example.nz', name: 'Harbour Mortgages' }),
    ]);
    expect(again.customerId).toBe(first.customerId);
    expect(concurrent.customerId).toBe(first.customerId);
    expect(stripe.customers.size).toBe(1);
    expect(stripe.customers.get(first.customerId)).toMatchObject({ email: 'broker@example.nz', name: 'Harbour Mortgages', metadata: { partnerId: 'partner-1' } });
    expect(new Set(stripe.requestsTo('POST', '/v1/customers').map((r) => r.idempotencyKey))).toEqual(new Set(['kainga-customer-partner-1']));
    // Every request speaks the SDK's pinned API version.
    expect(stripe.requests.every((r) => r.stripeVersion === Stripe.API_VERSION)).toBe(true);
  });

  it('makes a plan’s product and monthly NZD price once per amount, found again by its lookup key', async () => {
    const price = await payments.ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 29_900 });
    // Another process (no cache) finds the same price instead of making one.
    expect(await open().ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 29_900 })).toEqual(price);
    expect(stripe.prices.get(price.priceId)).toMatchObject({ product: price.productId, currency: 'nzd', unit_amount: 29_900, interval: 'month' });
    expect(stripe.products.get(price.productId)).toMatchObject({ name: 'Kāinga Gold advertising', metadata: { planId: 'plan-gold' } });
    // A new monthly price is a new Stripe price of the same product.
    const dearer = await payments.ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 34_900 });
    expect(dearer.productId).toBe(price.productId);
    expect(dearer.priceId).not.toBe(price.priceId);
    expect([stripe.products.size, stripe.prices.size]).toEqual([1, 2]);
  });

  it('creates a subscription incomplete with the first payment’s client secret, once per subscription id', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-1', email: 'broker@example.nz', name: 'Harbour Mortgages' });
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 29_900 });
    const checkout = await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-a') });
    expect(checkout).toMatchObject({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    const sent = stripe.requestsTo('POST', '/v1/subscriptions').at(-1)!;
    expect(sent.params).toEqual({
      customer: customerId,
      items: [{ price: priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: metadata('sub-a'),
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sent.idempotencyKey).toBe('kainga-subscription-sub-a');
    // A retry of the same checkout is the same Stripe subscription and secret.
    expect(await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-a') })).toEqual(checkout);
    expect([...stripe.subscriptions.values()].filter((s) => s.metadata.subscriptionId === 'sub-a')).toHaveLength(1);
    // Reopened later: the same secret until the invoice is paid, then nothing left to pay.
    expect(await payments.checkoutOf(checkout.providerSubscriptionId)).toEqual(checkout);
    stripe.payLatestInvoice(checkout.providerSubscriptionId);
    expect(await payments.checkoutOf(checkout.providerSubscriptionId)).toEqual({ providerSubscriptionId: checkout.providerSubscriptionId, status: 'active', clientSecret: null });
  });

  it('makes a coupon once per coupon id: a percentage, or NZD cents off, for the first invoice only', async () => {
    const percent = await payments.ensureCoupon({ couponId: 'coupon-1', code: 'LAUNCH20', percentOff: 20, amountOffCents: null });
    // Another process (no cache) finds it at Stripe instead of making a second.
    expect(await open().ensureCoupon({ couponId: 'coupon-1', code: 'LAUNCH20', percentOff: 20, amountOffCents: null })).toEqual(percent);
    expect(stripe.coupons.get(percent.providerCouponId)).toMatchObject({ percent_off: 20, amount_off: null, duration: 'once', name: 'LAUNCH20', metadata: { couponId: 'coupon-1' } });
    expect(stripe.requestsTo('POST', '/v1/coupons')).toHaveLength(1);
    const amount = await payments.ensureCoupon({ couponId: 'coupon-2', code: 'TAKE50', percentOff: null, amountOffCents: 5_000 });
    expect(stripe.coupons.get(amount.providerCouponId)).toMatchObject({ percent_off: null, amount_off: 5_000, currency: 'nzd', duration: 'once' });
  });

  it('creates a subscription with a coupon: its first invoice is discounted, later ones are not', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-coupon', email: 'coupon@example.nz', name: 'Coupon Broker' });
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 29_900 });
    const { providerCouponId } = await payments.ensureCoupon({ couponId: 'coupon-1', code: 'LAUNCH20', percentOff: 20, amountOffCents: null });
    const checkout = await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-coupon'), providerCouponId });
    expect(checkout).toMatchObject({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)!.params).toMatchObject({ discounts: [{ coupon: providerCouponId }], payment_behavior: 'default_incomplete' });
    const sub = stripe.subscriptions.get(checkout.providerSubscriptionId)!;
    expect(sub.coupon).toBe(providerCouponId);
    const first = stripe.invoices.get(sub.latest_invoice)!;
    expect([first.subtotal, first.discount_amount, first.amount_due]).toEqual([29_900, 5_980, 23_920]);
    expect(stripe.paymentIntents.get(first.payment_intent!)!.amount).toBe(23_920);
    stripe.payLatestInvoice(checkout.providerSubscriptionId);
    stripe.renew(checkout.providerSubscriptionId);
    expect(stripe.invoices.get(stripe.subscriptions.get(checkout.providerSubscriptionId)!.latest_invoice)!.amount_due).toBe(29_900);
  });

  it('creates a trial subscription trialing, its $0 first invoice paid, and answers its pending SetupIntent’s secret', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-trial', email: 'trial@example.nz', name: 'Trial Valuers' });
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-silver', name: 'Kāinga Silver advertising', monthlyPriceCents: 14_900 });
    const checkout = await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-trial'), trialDays: 14 });
    expect(checkout).toMatchObject({ status: 'trialing', clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/) });
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)!.params).toMatchObject({ trial_period_days: '14', expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'] });
    const sub = stripe.subscriptions.get(checkout.providerSubscriptionId)!;
    expect(sub.trial_end! - sub.created).toBe(14 * 24 * 3600);
    expect(stripe.invoices.get(sub.latest_invoice)).toMatchObject({ amount_due: 0, status: 'paid', payment_intent: null });
    // Stripe tells the webhook at once that the $0 invoice is paid.
    const paid = stripe.events.filter((e) => e.type === 'invoice.paid').at(-1)!;
    expect(read(paid)).toMatchObject({ kind: 'invoice_paid', subscriptionId: 'sub-trial', amountPaid: 0, billingReason: 'subscription_create' });
    // Reopened: the same SetupIntent, until the browser confirms it (the card saved on the subscription).
    expect(await payments.checkoutOf(checkout.providerSubscriptionId)).toEqual(checkout);
    stripe.confirmPendingSetup(checkout.providerSubscriptionId, 'pm_card_visa');
    expect(await payments.checkoutOf(checkout.providerSubscriptionId)).toEqual({ ...checkout, clientSecret: null });
    expect(await payments.defaultPaymentMethodOf(customerId)).toBe('pm_card_visa');
  });

  it('keeps a trial coupon’s discount for the first invoice that charges, after the $0 one', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-trial-discount', email: 'both@example.nz', name: 'Both Brokers' });
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 29_900 });
    const { providerCouponId } = await payments.ensureCoupon({ couponId: 'coupon-half', code: 'HALF', percentOff: 50, amountOffCents: null });
    const request = { customerId, priceId, metadata: metadata('sub-trial-discount'), providerCouponId, trialDays: 7 };
    const checkout = await payments.createSubscription(request);
    expect(checkout).toMatchObject({ status: 'trialing', clientSecret: expect.stringMatching(/^seti_/) });
    // Created without the discount (it would be spent on the $0 invoice), then given it.
    expect(stripe.requestsTo('POST', '/v1/subscriptions').at(-1)!.params).not.toHaveProperty('discounts');
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${checkout.providerSubscriptionId}`).at(-1)!.params).toMatchObject({ discounts: [{ coupon: providerCouponId }] });
    // A retried checkout is the same subscription, discounted once.
    expect(await payments.createSubscription(request)).toEqual(checkout);
    const sub = stripe.subscriptions.get(checkout.providerSubscriptionId)!;
    expect(stripe.invoices.get(sub.latest_invoice)!.amount_due).toBe(0);
    stripe.confirmPendingSetup(sub.id);
    stripe.renew(sub.id);
    expect(stripe.invoices.get(sub.latest_invoice)).toMatchObject({ subtotal: 29_900, amount_due: 14_950, status: 'paid' });
    stripe.renew(sub.id);
    expect(stripe.invoices.get(sub.latest_invoice)!.amount_due).toBe(29_900);
  });

  it('reads signed webhooks as notices naming our subscription, Stripe’s event and the period', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-2', email: 'valuer@example.nz', name: 'Capital Valuers' });
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-silver', name: 'Kāinga Silver advertising', monthlyPriceCents: 14_900 });
    const { providerSubscriptionId } = await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-b') });
    const sub = stripe.subscriptions.get(providerSubscriptionId)!;

    const [paid, succeeded, updated] = stripe.payLatestInvoice(providerSubscriptionId);
    const paidNotice = read(paid!);
    expect(paidNotice).toEqual({
      kind: 'invoice_paid',
      eventId: paid!.id,
      eventType: 'invoice.paid',
      occurredAt: new Date(paid!.created * 1000).toISOString(),
      providerSubscriptionId,
      subscriptionId: 'sub-b',
      invoiceId: sub.latest_invoice,
      billingReason: 'subscription_create',
      amountPaid: 14_900,
      currency: 'nzd',
      periodStart: new Date(sub.period.start * 1000).toISOString(),
      periodEnd: new Date(sub.period.end * 1000).toISOString(),
    });
    expect(read(succeeded!)).toMatchObject({ kind: 'invoice_paid', eventType: 'invoice.payment_succeeded', invoiceId: sub.latest_invoice });
    expect(read(updated!)).toMatchObject({ kind: 'subscription_updated', status: 'active', cancelAtPeriodEnd: false, subscriptionId: 'sub-b', currentPeriodEnd: new Date(sub.period.end * 1000).toISOString() });

    const [failed] = stripe.renew(providerSubscriptionId, { failed: 'Your card has insufficient funds.' });
    const failedNotice = read(failed!);
    expect(failedNotice).toMatchObject({ kind: 'invoice_payment_failed', billingReason: 'subscription_cycle', attemptCount: 1, nextAttemptAt: expect.any(String), subscriptionId: 'sub-b' });
    expect(await payments.paymentFailureMessage((failedNotice as { invoiceId: string }).invoiceId)).toBe('Your card has insufficient funds.');

    const [deleted] = stripe.endSubscription(providerSubscriptionId);
    expect(read(deleted!)).toMatchObject({ kind: 'subscription_deleted', status: 'canceled', subscriptionId: 'sub-b' });
    expect(read(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }))).toMatchObject({ kind: 'ignored', eventType: 'customer.created' });
  });

  it('reads the shapes of API versions before 2025-03-31.basil, which a webhook endpoint may still be on', () => {
    const invoice = {
      id: 'in_old',
      object: 'invoice',
      subscription: 'sub_old',
      subscription_details: { metadata: { subscriptionId: 'sub-old' } },
      billing_reason: 'subscription_cycle',
      amount_paid: 14_900,
      currency: 'nzd',
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: 1_767_225_600, end: 1_769_904_000 } }] },
      period_start: 1_767_225_600,
      period_end: 1_767_225_600,
    };
    expect(read(stripe.event('invoice.paid', invoice))).toMatchObject({ kind: 'invoice_paid', providerSubscriptionId: 'sub_old', subscriptionId: 'sub-old', periodEnd: '2026-02-01T00:00:00.000Z' });
    const subscription = { id: 'sub_old', object: 'subscription', status: 'past_due', cancel_at_period_end: false, metadata: { subscriptionId: 'sub-old' }, current_period_start: 1_767_225_600, current_period_end: 1_769_904_000, items: { object: 'list', data: [{ id: 'si_1' }] } };
    expect(read(stripe.event('customer.subscription.updated', subscription))).toMatchObject({ kind: 'subscription_updated', status: 'past_due', currentPeriodStart: '2026-01-01T00:00:00.000Z', currentPeriodEnd: '2026-02-01T00:00:00.000Z' });
  });

  it('refuses a webhook whose signature is missing, forged, stale or over another body', async () => {
    const event = stripe.event('invoice.paid', { id: 'in_x', object: 'invoice' });
    const { payload, headers } = signedWebhook(event, stripe.options.webhookSecret);
    expect((await refusal(() => payments.readWebhook(Buffer.from(payload), undefined))).message).toBe('The Stripe-Signature header is missing.');
    const forged = signedWebhook(event, 'whsec_someone_else');
    expect((await refusal(() => payments.readWebhook(Buffer.from(forged.payload), forged.headers['stripe-signature']))).kind).toBe('invalid');
    const stale = signedWebhook(event, stripe.options.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect((await refusal(() => payments.readWebhook(Buffer.from(stale.payload), stale.headers['stripe-signature']))).kind).toBe('invalid');
    const changed = await refusal(() => payments.readWebhook(Buffer.from(payload.replace('in_x', 'in_y')), headers['stripe-signature']));
    expect([changed.kind, changed.message]).toEqual(['invalid', 'The webhook signature could not be verified.']);
  });

  it('cancels at the period’s end or at once', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-3', email: 'manager@example.nz', name: 'Harbour Homes' });
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-bronze', name: 'Kāinga Bronze advertising', monthlyPriceCents: 5_900 });
    const { providerSubscriptionId } = await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-c') });
    stripe.payLatestInvoice(providerSubscriptionId);
    expect(await payments.cancelAtPeriodEnd(providerSubscriptionId)).toMatchObject({ providerSubscriptionId, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: expect.any(String) });
    expect(await payments.cancelNow(providerSubscriptionId)).toMatchObject({ status: 'canceled' });
  });

  it('finds the saved card: the customer’s default, else the one a subscription saved; none when neither', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-card', email: 'card@example.nz', name: 'Card Holder' });
    expect(await payments.defaultPaymentMethodOf(customerId)).toBeNull();
    const { priceId } = await payments.ensurePlanPrice({ planId: 'plan-gold', name: 'Kāinga Gold advertising', monthlyPriceCents: 29_900 });
    const checkout = await payments.createSubscription({ customerId, priceId, metadata: metadata('sub-card') });
    stripe.payLatestInvoice(checkout.providerSubscriptionId, 'pm_card_visa');
    expect(await payments.defaultPaymentMethodOf(customerId)).toBe('pm_card_visa');
    stripe.setCustomerDefaultPaymentMethod(customerId, 'pm_card_mastercard');
    expect(await payments.defaultPaymentMethodOf(customerId)).toBe('pm_card_mastercard');
  });

  it('charges a saved card off-session once per idempotency key, and answers a decline with the card’s words', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-lead', email: 'lead@example.nz', name: 'Lead Buyer' });
    const request = { customerId, paymentMethodId: 'pm_card_visa', amountCents: 2500, currency: 'nzd', description: 'Kāinga lead', idempotencyKey: 'kainga-lead-charge-l1', metadata: { leadId: 'l1', partnerId: 'partner-lead' } };
    const paid = await payments.chargeOffSession(request);
    expect(paid).toEqual({ status: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(await payments.chargeOffSession(request)).toEqual(paid);
    expect(stripe.oneOffPaymentIntents().filter((pi) => pi.metadata.leadId === 'l1')).toHaveLength(1);
    expect(stripe.requestsTo('POST', '/v1/payment_intents').at(-1)!.params).toMatchObject({ amount: '2500', currency: 'nzd', customer: customerId, payment_method: 'pm_card_visa', confirm: 'true', off_session: 'true', metadata: { leadId: 'l1' } });
    const declined = await payments.chargeOffSession({ ...request, paymentMethodId: 'pm_card_chargeDeclined', idempotencyKey: 'kainga-lead-charge-l2', metadata: { leadId: 'l2', partnerId: 'partner-lead' } });
    expect(declined).toEqual({ status: 'declined', paymentIntentId: expect.stringMatching(/^pi_/), message: 'Your card was declined.' });
    // Stripe's webhook about it names our lead.
    const failedEvent = stripe.events.filter((e) => e.type === 'payment_intent.payment_failed').at(-1)!;
    expect(read(failedEvent)).toMatchObject({ kind: 'lead_payment_failed', leadId: 'l2', paymentIntentId: declined.paymentIntentId, failureMessage: 'Your card was declined.' });
    stripe.failNext('POST', '/v1/payment_intents', 1, 500);
    const err = await refusal(() => payments.chargeOffSession({ ...request, idempotencyKey: 'kainga-lead-charge-l3', metadata: { leadId: 'l3', partnerId: 'partner-lead' } }));
    expect([err.kind, err.message]).toEqual(['unavailable', PAYMENT_PROVIDER_UNAVAILABLE]);
  });

  it('refunds a paid PaymentIntent once per idempotency key, and answers a refund Stripe refuses with its words', async () => {
    const { customerId } = await payments.ensureCustomer({ partnerId: 'partner-refund', email: 'refund@example.nz', name: 'Refund Buyer' });
    const charge = await payments.chargeOffSession({ customerId, paymentMethodId: 'pm_card_visa', amountCents: 2500, currency: 'nzd', description: 'Kāinga lead', idempotencyKey: 'kainga-lead-charge-r1', metadata: { leadId: 'r1', partnerId: 'partner-refund' } });
    if (charge.status !== 'succeeded') throw new Error('the charge to refund did not succeed');
    const request = { paymentIntentId: charge.paymentIntentId, amountCents: 2500, idempotencyKey: 'kainga-lead-refund-r1', metadata: { leadId: 'r1', partnerId: 'partner-refund' } };
    const refund = await payments.refundPayment(request);
    expect(refund).toEqual({ status: 'refunded', refundId: expect.stringMatching(/^re_/) });
    // A retry (the same key) is the same refund, not a second one.
    expect(await payments.refundPayment(request)).toEqual(refund);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === charge.paymentIntentId)).toEqual([expect.objectContaining({ amount: 2500, metadata: { leadId: 'r1', partnerId: 'partner-refund' } })]);
    expect(stripe.requestsTo('POST', '/v1/refunds').at(-1)!.params).toEqual({ payment_intent: charge.paymentIntentId, amount: '2500', metadata: { leadId: 'r1', partnerId: 'partner-refund' } });
    // Refunded already (another key: someone refunded it in Stripe's dashboard): Stripe's words, final.
    expect(await payments.refundPayment({ ...request, idempotencyKey: 'kainga-lead-refund-r1-again' })).toEqual({ status: 'failed', message: `Charge for ${charge.paymentIntentId} has already been refunded.` });
    stripe.failNext('POST', '/v1/refunds', 1, 500);
    const err = await refusal(() => payments.refundPayment({ ...request, idempotencyKey: 'kainga-lead-refund-r1-down' }));
    expect([err.kind, err.message]).toEqual(['unavailable', PAYMENT_PROVIDER_UNAVAILABLE]);
  });

  it('answers 503 in words a person understands when Stripe refuses or cannot be reached', async () => {
    const wrongKey = new StripePayments({ secretKey: 'sk_test_wrong', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiUrl: stripe.url, onProviderError: (err) => providerErrors.push(err) });
    const refused = await refusal(() => wrongKey.ensureCustomer({ partnerId: 'p', email: 'a@example.nz', name: 'A' }));
    expect([refused.kind, refused.message]).toEqual(['unavailable', PAYMENT_PROVIDER_UNAVAILABLE]);
    expect(providerErrors.at(-1)).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const unknown = await refusal(() => payments.checkoutOf('sub_nope'));
    expect(unknown.kind).toBe('unavailable');
  }, 30_000);
});

describe('Payments contract: PaymentsNotConfigured (no Stripe keys)', () => {
  const payments: Payments = paymentsFor({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_URL: undefined });

  it('is chosen without keys and says so on every action (503)', async () => {
    expect(payments).toBeInstanceOf(PaymentsNotConfigured);
    expect([payments.configured, payments.publishableKey]).toEqual([false, null]);
    const calls: (() => unknown)[] = [
      () => payments.ensureCustomer({ partnerId: 'p', email: 'a@example.nz', name: 'A' }),
      () => payments.ensurePlanPrice({ planId: 'plan', name: 'Gold', monthlyPriceCents: 100 }),
      () => payments.ensureCoupon({ couponId: 'c', code: 'CODE', percentOff: 10, amountOffCents: null }),
      () => payments.createSubscription({ customerId: 'cus', priceId: 'price', metadata: metadata('s') }),
      () => payments.checkoutOf('sub'),
      () => payments.cancelAtPeriodEnd('sub'),
      () => payments.cancelNow('sub'),
      () => payments.readWebhook(Buffer.from('{}'), 't=1,v1=x'),
      () => payments.paymentFailureMessage('in'),
      () => payments.defaultPaymentMethodOf('cus'),
      () => payments.chargeOffSession({ customerId: 'cus', paymentMethodId: 'pm', amountCents: 2500, currency: 'nzd', description: 'lead', idempotencyKey: 'k', metadata: { leadId: 'l', partnerId: 'p' } }),
      () => payments.refundPayment({ paymentIntentId: 'pi', amountCents: 2500, idempotencyKey: 'k', metadata: { leadId: 'l', partnerId: 'p' } }),
    ];
    for (const call of calls) {
      const err = await refusal(call);
      expect([err.kind, err.message]).toEqual(['unavailable', PAYMENTS_NOT_CONFIGURED_MESSAGE]);
    }
  });
});
