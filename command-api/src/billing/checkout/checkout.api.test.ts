import { COUPON_INVALID_MESSAGE, paymentCustomerStream } from '@kainga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlanIdFor } from '../../advertising/plans/ad-plan';
import { seedTestAdPlans } from '../../advertising/plans/test-plans';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { client, makePartner } from '../../testing/test-app';
import { startBillingApp, stripeSubscriptionOf, type BillingApp } from '../test-billing';

const CHECKOUT = '/api/stripe/create-checkout-session';
const gold = adPlanIdFor('gold');
const silver = adPlanIdFor('silver');
const bronze = adPlanIdFor('bronze');

describe('POST /api/stripe/create-checkout-session (through the official SDK to a local Stripe)', () => {
  let b: BillingApp;
  let admin: ReturnType<typeof client>;
  let broker: ReturnType<typeof client>;
  let brokerPartnerId: string;

  const adverts = async (city = 'Auckland') => (await b.t.app.inject({ method: 'GET', url: `/api/ads/active?placement=property_results&city=${city}` })).json() as { subscriptionId: string }[];
  const mine = async () => (await broker.get('/api/partner-ad-subscriptions')).json() as Record<string, unknown>[];

  beforeAll(async () => {
    b = await startBillingApp();
    admin = client(b.t.app, { remoteAddress: '10.20.0.1' });
    await setRoles(b.t.stores, (await admin.register('admin@pay.example.nz')).id, ['general', 'admin']);
    broker = client(b.t.app, { remoteAddress: '10.20.0.2' });
    brokerPartnerId = await makePartner(b.t.stores, (await broker.register('broker@pay.example.nz')).id, 'mortgage_broker', ['auckland', 'hamilton']);
    await seedTestAdPlans(b.t.stores);
  });
  afterAll(() => b?.close());

  it('records an incomplete subscription that shows no adverts, and answers the first payment’s client secret', async () => {
    const res = await broker.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland' });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, subscriptionId } = res.json() as { clientSecret: string; subscriptionId: string };
    const stripeSubscription = b.stripe.subscriptions.get(stripeSubscriptionOf(b.stripe, subscriptionId))!;
    expect(clientSecret).toBe(b.stripe.paymentIntents.get(b.stripe.invoices.get(stripeSubscription.latest_invoice)!.payment_intent!)!.client_secret);

    // What Stripe was asked: the plan's monthly NZD price, incomplete until paid, the card kept, our ids.
    const price = b.stripe.prices.get(stripeSubscription.price)!;
    expect(price).toMatchObject({ unit_amount: 29_900, currency: 'nzd', interval: 'month' });
    expect(b.stripe.requestsTo('POST', '/v1/subscriptions').at(-1)!.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { subscriptionId, partnerId: brokerPartnerId, adPlanId: gold, locationId: 'auckland' },
    });
    expect(b.stripe.customers.get(stripeSubscription.customer)).toMatchObject({ email: 'hello@harbour.example.nz', name: 'Harbour Mortgages', metadata: { partnerId: brokerPartnerId } });

    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted']);
    expect((await mine()).find((s) => s.id === subscriptionId)).toMatchObject({
      status: 'incomplete',
      via: 'checkout',
      stripeSubscriptionId: stripeSubscription.id,
      stripeSubscriptionStatus: 'incomplete',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      adPlan: { tier: 'gold' },
      location: { id: 'auckland' },
    });

    // The partner may write its advert meanwhile, and an admin approve it: it still does not show.
    const ad = await broker.post('/api/partner/ad-content', { subscriptionId, title: 'Home loans', description: 'Brokers in Auckland.', ctaUrl: 'https://harbour.example.nz' });
    expect(ad.statusCode, ad.body).toBe(201);
    expect((await admin.post(`/api/admin/ad-content/${ad.json().id}/approve`)).statusCode).toBe(200);
    expect((await adverts()).map((a) => a.subscriptionId)).not.toContain(subscriptionId);

    // The browser confirms the payment; only Stripe's signed webhook activates the subscription.
    const events = b.stripe.payLatestInvoice(stripeSubscription.id);
    for (const event of events) expect((await b.deliver(event)).statusCode).toBe(200);
    await b.settled();
    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionActivated', 'AdSubscriptionBillingUpdated']);
    const activated = (await mine()).find((s) => s.id === subscriptionId)!;
    expect(activated).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'active', currentPeriodEnd: new Date(stripeSubscription.period.end * 1000).toISOString(), lastPaymentError: null });
    expect((await adverts()).map((a) => a.subscriptionId)).toContain(subscriptionId);

    // The admin's list shows the payment state too.
    const listed = ((await admin.get('/api/admin/partner-ad-subscriptions')).json() as Record<string, unknown>[]).find((s) => s.id === subscriptionId);
    expect(listed).toMatchObject({ status: 'active', via: 'checkout', stripeSubscriptionId: stripeSubscription.id, stripeSubscriptionStatus: 'active', currentPeriodEnd: activated.currentPeriodEnd, cancelAtPeriodEnd: false });
  });

  it('makes the partner’s Stripe customer once across checkouts, and the plan’s price once', async () => {
    const res = await broker.post(CHECKOUT, { adPlanId: silver, locationId: 'hamilton' });
    expect(res.statusCode, res.body).toBe(200);
    expect(b.stripe.customers.size).toBe(1);
    expect(b.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect((await b.t.stores.eventStore.readStream(paymentCustomerStream(brokerPartnerId))).map((e) => e.type)).toEqual(['PaymentCustomerCreated']);
    const subscriptionId = res.json().subscriptionId as string;
    expect(b.stripe.subscriptions.get(stripeSubscriptionOf(b.stripe, subscriptionId))!.customer).toBe([...b.stripe.customers.keys()][0]);
  });

  it('answers a retry with the same Idempotency-Key with the same subscription and secret, making nothing twice', async () => {
    const body = { adPlanId: bronze, locationId: 'auckland' };
    const headers = { 'idempotency-key': 'checkout-retry-0001' };
    const subscriptionsBefore = b.stripe.subscriptions.size;
    const [first, retry] = [await broker.post(CHECKOUT, body, headers), await broker.post(CHECKOUT, body, headers)];
    expect([first.statusCode, retry.statusCode], retry.body).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(b.stripe.subscriptions.size).toBe(subscriptionsBefore + 1);
    expect(await b.history(first.json().subscriptionId)).toEqual(['AdSubscriptionStarted']);
    // The same key for another checkout is refused, not mistaken for a retry.
    const other = await broker.post(CHECKOUT, { adPlanId: silver, locationId: 'auckland' }, headers);
    expect([other.statusCode, other.json().message]).toEqual([409, 'This Idempotency-Key was used for another checkout. Send a new key for a new checkout.']);
  });

  it('reopens a checkout still waiting for payment instead of starting a second one', async () => {
    const again = await broker.post(CHECKOUT, { adPlanId: bronze, locationId: 'auckland' });
    expect(again.statusCode, again.body).toBe(200);
    const first = (await mine()).find((s) => (s.adPlan as { tier: string }).tier === 'bronze')!;
    expect(again.json().subscriptionId).toBe(first.id);
    expect((await mine()).filter((s) => (s.adPlan as { tier: string }).tier === 'bronze')).toHaveLength(1);
  });

  it('refuses a second live subscription for the same tier and town (409)', async () => {
    const res = await broker.post(CHECKOUT, { adPlanId: gold, locationId: 'auckland' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'You already have a Gold subscription in Auckland.']);
  });

  it('answers bad input with a message a person understands, and records nothing', async () => {
    const before = (await mine()).length;
    const cases: [object, number, string][] = [
      [{ adPlanId: gold, locationId: 'auckland', couponCode: 'WELCOME10' }, 400, COUPON_INVALID_MESSAGE],
      [{ adPlanId: gold }, 400, 'Invalid body: Please choose a location.'],
      [{ locationId: 'auckland' }, 400, 'Invalid body: Please choose an advertising plan.'],
      [{ adPlanId: gold, locationId: '  ' }, 400, 'Invalid body: Please choose a location.'],
      [{ adPlanId: gold, locationId: 'auckland', couponCode: 42 }, 400, 'Invalid body: The coupon code must be text.'],
      [{ adPlanId: gold, locationId: 'auckland', extra: true }, 400, 'Invalid body: Unrecognized key: "extra"'],
      [{ adPlanId: gold, locationId: 'atlantis' }, 400, 'Please choose a location from the list.'],
      [{ adPlanId: gold, locationId: 'wellington' }, 400, 'You do not serve Wellington. Choose one of your locations.'],
      [{ adPlanId: 'no-such-plan', locationId: 'auckland' }, 404, 'Advertising plan not found.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await broker.post(CHECKOUT, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    // An empty coupon code is no coupon.
    expect((await broker.post(CHECKOUT, { adPlanId: silver, locationId: 'auckland', couponCode: '' })).statusCode).toBe(200);
    expect((await mine()).length).toBe(before + 1);
    const notJson = await b.t.app.inject({ method: 'POST', url: CHECKOUT, payload: '{"adPlanId":', headers: { 'content-type': 'application/json' }, cookies: { [SESSION_COOKIE]: broker.cookie! }, remoteAddress: '10.20.0.2' });
    expect([notJson.statusCode, notJson.json().message]).toEqual([400, 'The request body is not valid JSON.']);
  });

  it('refuses an inactive plan (409)', async () => {
    const off = await b.t.app.inject({
      method: 'PUT',
      url: `/api/admin/ad-plans/${silver}`,
      payload: { tier: 'silver', name: 'Silver', monthlyPrice: 149, pricePerLead: 15, adWidth: 728, adHeight: 90, priority: 2, maxImpressions: 5000, allowedPlacements: ['property_results'], isActive: false },
      cookies: { [SESSION_COOKIE]: admin.cookie! },
      remoteAddress: '10.20.0.1',
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await broker.post(CHECKOUT, { adPlanId: silver, locationId: 'auckland' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'The Silver plan is not available any more. Choose an active plan.']);
  });

  it('is for partners in their active role only: 401 signed out, 403 otherwise', async () => {
    const body = { adPlanId: gold, locationId: 'hamilton' };
    const signedOut = await b.t.app.inject({ method: 'POST', url: CHECKOUT, payload: body });
    expect([signedOut.statusCode, signedOut.json().message]).toEqual([401, 'Please sign in to continue.']);
    const owner = client(b.t.app, { remoteAddress: '10.20.0.3' });
    await owner.register('owner@pay.example.nz');
    expect(await owner.post(CHECKOUT, body).then((r) => [r.statusCode, r.json().message])).toEqual([403, 'Partner Access Required']);
    // An admin is not a partner: admin:all does not buy for anyone.
    expect(await admin.post(CHECKOUT, body).then((r) => [r.statusCode, r.json().message])).toEqual([403, 'Partner Access Required']);
    // A role the partner does not hold.
    expect(await broker.post(`${CHECKOUT}?role=registered_valuer`, body).then((r) => [r.statusCode, r.json().message])).toEqual([403, 'Partner Access Required']);
  });
});
