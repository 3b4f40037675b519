import { COUPON_EXPIRED_MESSAGE, COUPON_INACTIVE_MESSAGE, COUPON_INVALID_MESSAGE, COUPON_NOT_YET_VALID_MESSAGE, COUPON_USED_UP_MESSAGE, couponCheckoutOpenMessage, couponStream, paymentCustomerStream, type PartnerRoleName } from '@kainga/contracts';
import { PAYMENT_PROVIDER_UNAVAILABLE, waitForProjection } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlanIdFor } from '../../advertising/plans/ad-plan';
import { seedTestAdPlans } from '../../advertising/plans/test-plans';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { client, makePartner } from '../../testing/test-app';
import { couponIdFor } from '../coupons/coupon';
import { startBillingApp, stripeSubscriptionOf, type BillingApp } from '../test-billing';
import { CHECKOUT_KEY_REUSED } from './create-checkout';

const CHECKOUT = '/api/stripe/create-checkout-session';
const gold = adPlanIdFor('gold');
const day = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('checkout with a coupon code (through the official SDK to a local Stripe)', () => {
  let b: BillingApp;
  let admin: ReturnType<typeof client>;
  let partners = 0;

  /** A new partner (its own customer, no subscriptions yet) serving Auckland. */
  async function partner(role: PartnerRoleName = 'mortgage_broker') {
    const n = ++partners;
    const c = client(b.t.app, { remoteAddress: `10.42.${Math.floor(n / 200)}.${(n % 200) + 10}` });
    const { id } = await c.register(`partner${n}@coupons.example.nz`);
    const partnerId = await makePartner(b.t.stores, id, role, ['auckland']);
    return Object.assign(c, { userId: id, partnerId });
  }
  const coupon = async (body: object) => {
    const res = await admin.post('/api/admin/coupons', { validFrom: iso(Date.now() - day), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string };
  };
  const couponHistory = async (code: string) => (await b.t.stores.eventStore.readStream(couponStream(code))).map((e) => e.type);
  const startedSource = async (subscriptionId: string) => ((await b.t.stores.eventStore.readStream(`adSubscription-${subscriptionId}`))[0]!.data as { source: { couponCode: string | null } }).source;
  const listed = async (code: string) => {
    await waitForProjection(b.t.stores.readStore, 'coupons', await b.t.stores.eventStore.headPosition());
    return ((await admin.get('/api/admin/coupons')).json() as { code: string; currentRedemptions: number }[]).find((c) => c.code === code)!;
  };

  beforeAll(async () => {
    b = await startBillingApp();
    admin = client(b.t.app, { remoteAddress: '10.42.250.1' });
    await setRoles(b.t.stores, (await admin.register('admin@checkout-coupons.example.nz')).id, ['general', 'admin']);
    await seedTestAdPlans(b.t.stores);
  });
  afterAll(() => b?.close());

  it('applies a percentage coupon: Stripe’s subscription carries the discount and the first payment is discounted', async () => {
    await coupon({ code: 'LAUNCH20', discountType: 'percentage', discountValue: 20 });
    const p = await partner();
    const res = await p.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: ' launch20 ' });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, subscriptionId } = res.json() as { clientSecret: string; subscriptionId: string };
    const sub = b.stripe.subscriptions.get(stripeSubscriptionOf(b.stripe, subscriptionId))!;
    expect(b.stripe.coupons.get(sub.coupon!)).toMatchObject({ percent_off: 20, duration: 'once', metadata: { couponId: couponIdFor('LAUNCH20'), code: 'LAUNCH20' } });
    const invoice = b.stripe.invoices.get(sub.latest_invoice)!;
    expect([invoice.subtotal, invoice.amount_due]).toEqual([29_900, 23_920]);
    // The secret the browser confirms is that discounted payment's.
    const intent = b.stripe.paymentIntents.get(invoice.payment_intent!)!;
    expect([intent.client_secret, intent.amount]).toEqual([clientSecret, 23_920]);
    expect(await startedSource(subscriptionId)).toMatchObject({ via: 'checkout', couponCode: 'LAUNCH20' });
    expect(await couponHistory('LAUNCH20')).toEqual(['CouponCreated', 'CouponRedeemed']);
    expect(await listed('LAUNCH20')).toMatchObject({ currentRedemptions: 1 });
  });

  it('applies an amount coupon in NZD cents', async () => {
    await coupon({ code: 'TAKE50', discountType: 'amount', discountValue: 50 });
    const p = await partner('registered_valuer');
    const res = await p.post(`${CHECKOUT}?role=registered_valuer`, { adPlanId: gold, locationId: 'auckland', couponCode: 'TAKE50' });
    expect(res.statusCode, res.body).toBe(200);
    const sub = b.stripe.subscriptions.get(stripeSubscriptionOf(b.stripe, res.json().subscriptionId))!;
    expect(b.stripe.coupons.get(sub.coupon!)).toMatchObject({ amount_off: 5_000, currency: 'nzd', percent_off: null });
    expect(b.stripe.invoices.get(sub.latest_invoice)!.amount_due).toBe(24_900);
  });

  it('starts a trial coupon’s subscription trialing, answers its SetupIntent’s secret, and Stripe’s $0 invoice activates it', async () => {
    await coupon({ code: 'TRIAL14', freeTrialDays: 14 });
    const p = await partner();
    const res = await p.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'trial14' });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, subscriptionId } = res.json() as { clientSecret: string; subscriptionId: string };
    const sub = b.stripe.subscriptions.get(stripeSubscriptionOf(b.stripe, subscriptionId))!;
    expect([sub.status, sub.coupon, sub.trial_end! - sub.created]).toEqual(['trialing', null, 14 * 24 * 3600]);
    expect(clientSecret).toMatch(/^seti_/);
    expect(clientSecret).toBe(b.stripe.setupIntents.get(sub.pending_setup_intent!)!.client_secret);
    expect(b.stripe.invoices.get(sub.latest_invoice)).toMatchObject({ amount_due: 0, status: 'paid' });
    expect(await startedSource(subscriptionId)).toMatchObject({ couponCode: 'TRIAL14' });
    // Stripe's webhooks about the $0 invoice it paid at creation: the subscription goes live.
    const events = b.stripe.events.filter((e) => ['invoice.paid', 'invoice.payment_succeeded'].includes(e.type) && JSON.stringify(e.data.object).includes(sub.id));
    for (const event of events) expect((await b.deliver(event)).statusCode).toBe(200);
    await b.settled();
    const status = async () => ((await p.get('/api/partner-ad-subscriptions')).json() as { id: string; status: string; stripeSubscriptionStatus: string }[]).find((s) => s.id === subscriptionId);
    expect(await status()).toMatchObject({ status: 'active' });
    // The browser saves the card (confirmSetup); when the free period ends Stripe charges it the full price.
    for (const event of b.stripe.confirmPendingSetup(sub.id)) expect((await b.deliver(event)).statusCode).toBe(200);
    for (const event of b.stripe.renew(sub.id)) expect((await b.deliver(event)).statusCode).toBe(200);
    await b.settled();
    expect(b.stripe.invoices.get(sub.latest_invoice)).toMatchObject({ amount_due: 29_900, status: 'paid', billing_reason: 'subscription_cycle' });
    expect(await status()).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'active' });
  });

  it('refuses an unknown, inactive, not yet valid, expired or used-up code in its own words, writing nothing', async () => {
    await coupon({ code: 'SWITCHEDOFF', discountType: 'percentage', discountValue: 10 });
    expect((await admin.patch(`/api/admin/coupons/${couponIdFor('SWITCHEDOFF')}`, { isActive: false })).statusCode).toBe(200);
    await coupon({ code: 'LATER', discountType: 'percentage', discountValue: 10, validFrom: iso(Date.now() + 10 * day) });
    await coupon({ code: 'OLD', discountType: 'percentage', discountValue: 10, validFrom: iso(Date.now() - 10 * day), validUntil: iso(Date.now() - day) });
    await coupon({ code: 'ONCE', discountType: 'percentage', discountValue: 10, maxRedemptions: 1 });
    const first = await partner();
    expect((await first.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'ONCE' })).statusCode).toBe(200);

    const p = await partner();
    const stripeSubscriptions = b.stripe.subscriptions.size;
    const cases: [string, string][] = [
      ['NOSUCHCODE', COUPON_INVALID_MESSAGE],
      ['switchedoff', COUPON_INACTIVE_MESSAGE],
      ['LATER', COUPON_NOT_YET_VALID_MESSAGE],
      ['OLD', COUPON_EXPIRED_MESSAGE],
      ['ONCE', COUPON_USED_UP_MESSAGE],
    ];
    for (const [couponCode, message] of cases) {
      const res = await p.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode });
      expect([res.statusCode, res.json().message], couponCode).toEqual([400, message]);
    }
    expect(b.stripe.subscriptions.size).toBe(stripeSubscriptions);
    expect(await b.t.stores.eventStore.readStream(paymentCustomerStream(p.partnerId))).toEqual([]);
    expect((await p.get('/api/partner-ad-subscriptions')).json()).toEqual([]);
    expect(await couponHistory('ONCE')).toEqual(['CouponCreated', 'CouponRedeemed']);
    expect(await couponHistory('SWITCHEDOFF')).toEqual(['CouponCreated', 'CouponDeactivated']);
  });

  it('redeems once for a retried checkout (same Idempotency-Key), even when that use was the last', async () => {
    await coupon({ code: 'RETRY1', discountType: 'percentage', discountValue: 15, maxRedemptions: 1 });
    const p = await partner();
    const headers = { 'idempotency-key': 'coupon-checkout-retry-01' };
    const body = { adPlanId: gold, locationId: 'auckland', couponCode: 'RETRY1' };
    const [first, retry] = [await p.post(CHECKOUT, body, headers), await p.post(CHECKOUT, body, headers)];
    expect([first.statusCode, retry.statusCode], retry.body).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(await couponHistory('RETRY1')).toEqual(['CouponCreated', 'CouponRedeemed']);

    // The same key with a code the checkout was not opened with is another checkout: refused, nothing taken.
    await coupon({ code: 'RETRY2', discountType: 'percentage', discountValue: 15 });
    const other = await partner();
    const plain = { 'idempotency-key': 'coupon-checkout-retry-02' };
    expect((await other.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland' }, plain)).statusCode).toBe(200);
    const changed = await other.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'RETRY2' }, plain);
    expect([changed.statusCode, changed.json().message]).toEqual([409, CHECKOUT_KEY_REUSED]);
    expect(await couponHistory('RETRY2')).toEqual(['CouponCreated']);
  });

  it('reopens a checkout opened with the code; refuses to add a code to one opened without it (409), taking nothing', async () => {
    await coupon({ code: 'REOPEN', discountType: 'percentage', discountValue: 10 });
    const withCode = await partner();
    const first = await withCode.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'REOPEN' });
    const again = await withCode.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'reopen' });
    expect([first.statusCode, again.statusCode], again.body).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());

    const without = await partner();
    expect((await without.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland' })).statusCode).toBe(200);
    const late = await without.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'REOPEN' });
    expect([late.statusCode, late.json().message]).toEqual([409, couponCheckoutOpenMessage('Gold', 'Auckland')]);
    expect(await couponHistory('REOPEN')).toEqual(['CouponCreated', 'CouponRedeemed']);
  });

  it('gives the use back when Stripe fails after it was taken; the retried checkout takes it again', async () => {
    await coupon({ code: 'FLAKY', discountType: 'percentage', discountValue: 25, maxRedemptions: 1 });
    const p = await partner();
    const headers = { 'idempotency-key': 'coupon-checkout-flaky-01' };
    const body = { adPlanId: gold, locationId: 'auckland', couponCode: 'FLAKY' };
    b.stripe.failNext('POST', '/v1/subscriptions', 1, 500);
    const failed = await p.post(CHECKOUT, body, headers);
    expect([failed.statusCode, failed.json().message]).toEqual([503, PAYMENT_PROVIDER_UNAVAILABLE]);
    expect(await couponHistory('FLAKY')).toEqual(['CouponCreated', 'CouponRedeemed', 'CouponRedemptionReleased']);
    expect(await listed('FLAKY')).toMatchObject({ currentRedemptions: 0 });

    const retried = await p.post(CHECKOUT, body, headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await couponHistory('FLAKY')).toEqual(['CouponCreated', 'CouponRedeemed', 'CouponRedemptionReleased', 'CouponRedeemed']);
    expect(await listed('FLAKY')).toMatchObject({ currentRedemptions: 1 });
    const redemptions = (await admin.get(`/api/admin/coupons/${couponIdFor('FLAKY')}/redemptions`)).json() as { subscriptionId: string }[];
    expect(redemptions.map((r) => r.subscriptionId)).toEqual([retried.json().subscriptionId]);
  });

  // The whole checkout, raced: Stripe's calls spread the racers out, so this shows the outcome;
  // coupons/checkout-coupon.test.ts races the reservations themselves on one revision.
  it('holds max redemptions under 20 concurrent checkouts by different partners at a limit of 5', async () => {
    await coupon({ code: 'RUSH5', discountType: 'percentage', discountValue: 50, maxRedemptions: 5 });
    const racers = [];
    for (let i = 0; i < 20; i++) racers.push(await partner());
    const results = await Promise.all(racers.map((p) => p.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland', couponCode: 'RUSH5' })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(Array.from({ length: 15 }, () => [400, COUPON_USED_UP_MESSAGE]));
    const history = await couponHistory('RUSH5');
    expect(history.filter((t) => t === 'CouponRedeemed')).toHaveLength(5);
    expect(history).not.toContain('CouponRedemptionReleased');
    // Each checkout that went through has its discounted Stripe subscription; the refused ones have none.
    const discounted = [...b.stripe.subscriptions.values()].filter((s) => s.coupon === `kainga_coupon_${couponIdFor('RUSH5')}`);
    expect(new Set(discounted.map((s) => s.metadata.subscriptionId))).toEqual(new Set(ok.map((r) => r.json().subscriptionId)));
    expect(await listed('RUSH5')).toMatchObject({ currentRedemptions: 5 });
  }, 60_000);
});
