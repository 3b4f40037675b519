import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adPlanIdFor } from '../../advertising/plans/ad-plan';
import { seedTestAdPlans } from '../../advertising/plans/test-plans';
import { waitForProjection } from '@kainga/platform';
import { client, makePartner, registerAdmin } from '../../testing/test-app';
import { startBillingApp, stripeSubscriptionOf, type BillingApp } from '../test-billing';

const DAY = 24 * 3600 * 1000;

describe('POST /api/stripe/webhook', () => {
  let b: BillingApp;
  let broker: ReturnType<typeof client>;
  // Stripe's clock: each event's `created` orders the facts, whatever order they arrive in.
  let clock = Date.parse('2026-01-10T00:00:00.000Z');
  let town = 0;
  const towns = ['auckland', 'hamilton', 'tauranga', 'dunedin', 'wellington', 'christchurch', 'nelson'];

  /** A fresh checkout in its own town: our subscription id and Stripe's. */
  async function checkout() {
    const locationId = towns[town++]!;
    const res = await broker.post('/api/stripe/create-checkout-session', { adPlanId: adPlanIdFor('gold'), locationId });
    expect(res.statusCode, res.body).toBe(200);
    const subscriptionId = res.json().subscriptionId as string;
    return { subscriptionId, stripeId: stripeSubscriptionOf(b.stripe, subscriptionId) };
  }
  const view = async (subscriptionId: string) => {
    await b.settled();
    return ((await broker.get('/api/partner-ad-subscriptions')).json() as Record<string, unknown>[]).find((s) => s.id === subscriptionId)!;
  };
  const eventCount = async () => (await b.t.stores.eventStore.readAll({ after: null, limit: 100_000 })).length;

  beforeAll(async () => {
    b = await startBillingApp({ ADMIN_EMAILS: 'boss@hook.example.nz' }, { now: () => clock });
    broker = client(b.t.app, { remoteAddress: '10.21.0.2' });
    await makePartner(b.t.stores, (await broker.register('broker@hook.example.nz')).id, 'mortgage_broker', towns);
    await seedTestAdPlans(b.t.stores);
  });
  beforeEach(() => {
    clock += DAY;
  });
  afterAll(() => b?.close());

  it('applies a payment once however often Stripe sends it, and answers 200 each time', async () => {
    const { subscriptionId, stripeId } = await checkout();
    const [paid, succeeded, updated] = b.stripe.payLatestInvoice(stripeId);
    for (const event of [paid!, paid!, succeeded!, paid!, updated!, updated!, succeeded!]) {
      const res = await b.deliver(event);
      expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    }
    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionActivated', 'AdSubscriptionBillingUpdated']);
    expect(await view(subscriptionId)).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'active' });
  });

  it('ignores stale facts that arrive after newer ones (reordered delivery)', async () => {
    const { subscriptionId, stripeId } = await checkout();
    const first = b.stripe.payLatestInvoice(stripeId);
    clock += 31 * DAY;
    const renewal = b.stripe.renew(stripeId);
    const newPeriodEnd = new Date(b.stripe.subscriptions.get(stripeId)!.period.end * 1000).toISOString();
    // Newest first: the renewal (paid invoice and updated subscription), then the first month's facts.
    for (const event of [...renewal, ...first]) expect((await b.deliver(event)).statusCode).toBe(200);
    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionActivated', 'AdSubscriptionBillingUpdated']);
    expect(await view(subscriptionId)).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'active', currentPeriodEnd: newPeriodEnd });
  });

  it('records a failed payment with the card provider’s words, cleared by the next payment', async () => {
    const { subscriptionId, stripeId } = await checkout();
    for (const event of b.stripe.payLatestInvoice(stripeId)) await b.deliver(event);
    clock += 31 * DAY;
    for (const event of b.stripe.renew(stripeId, { failed: 'Your card has insufficient funds.' })) expect((await b.deliver(event)).statusCode).toBe(200);
    expect(await view(subscriptionId)).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'past_due', lastPaymentError: 'Your card has insufficient funds.' });
    clock += 31 * DAY;
    for (const event of b.stripe.renew(stripeId)) await b.deliver(event);
    expect(await view(subscriptionId)).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'active', lastPaymentError: null });
    expect((await b.history(subscriptionId)).slice(3)).toEqual(['AdSubscriptionPaymentFailed', 'AdSubscriptionBillingUpdated', 'AdSubscriptionRenewed', 'AdSubscriptionBillingUpdated']);
  });

  it('expires the subscription when Stripe deletes it; nothing after that changes it', async () => {
    const { subscriptionId, stripeId } = await checkout();
    const paid = b.stripe.payLatestInvoice(stripeId);
    const [deleted] = b.stripe.endSubscription(stripeId);
    expect((await b.deliver(deleted!)).statusCode).toBe(200);
    for (const event of paid) expect((await b.deliver(event)).statusCode).toBe(200);
    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionBillingUpdated', 'AdSubscriptionExpired']);
    expect(await view(subscriptionId)).toMatchObject({ status: 'expired', stripeSubscriptionStatus: 'canceled', endDate: expect.any(String) });
  });

  it('refuses a forged, missing or stale signature, or a changed body (400), and records nothing', async () => {
    const { stripeId } = await checkout();
    const [paid] = b.stripe.payLatestInvoice(stripeId);
    const before = await eventCount();
    const forged = await b.deliver(paid!, { secret: 'whsec_not_ours' });
    expect([forged.statusCode, forged.json().message]).toEqual([400, 'The webhook signature could not be verified.']);
    const unsigned = await b.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: JSON.stringify(paid), headers: { 'content-type': 'application/json' } });
    expect([unsigned.statusCode, unsigned.json().message]).toEqual([400, 'The Stripe-Signature header is missing.']);
    const { signedWebhook } = await import('@kainga/platform/testing');
    const stale = signedWebhook(paid!, b.stripe.options.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect((await b.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: stale.payload, headers: stale.headers })).statusCode).toBe(400);
    const signed = signedWebhook(paid!, b.stripe.options.webhookSecret);
    const changed = await b.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: signed.payload.replace('"amount_paid": 29900', '"amount_paid": 1'), headers: signed.headers });
    expect(changed.statusCode).toBe(400);
    const empty = await b.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'stripe-signature': signed.headers['stripe-signature'] } });
    expect(empty.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('answers 200 to event types it does not act on and to subscriptions that are not ours, recording nothing', async () => {
    const before = await eventCount();
    expect((await b.deliver(b.stripe.event('customer.created', { id: 'cus_x', object: 'customer' }))).statusCode).toBe(200);
    expect((await b.deliver(b.stripe.events.find((e) => e.type === 'customer.subscription.created')!)).statusCode).toBe(200);
    const foreign = { id: 'sub_elsewhere', object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: {}, items: { object: 'list', data: [] } };
    expect((await b.deliver(b.stripe.event('customer.subscription.updated', foreign))).statusCode).toBe(200);
    const unknownOfOurs = { ...foreign, metadata: { subscriptionId: 'never-recorded' } };
    expect((await b.deliver(b.stripe.event('customer.subscription.deleted', unknownOfOurs))).statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  /** A copy of a Stripe event under another id, its object changed by `edit` (signed afresh by `deliver`). */
  const malformed = (event: object, id: string, edit: (object: Record<string, unknown>) => void) => {
    const copy = structuredClone(event) as { id: string; data: { object: Record<string, unknown> } };
    copy.id = id;
    edit(copy.data.object);
    return copy;
  };
  const rejections = async (stripeEventId: string) => (await b.t.stores.eventStore.readStream(`stripeWebhook-${stripeEventId}`)).map((e) => ({ type: e.type, data: e.data }));

  it('acknowledges a signed invoice without a period (200, not a 500 Stripe retries for days), records it once with the reason, and is not held up by it', async () => {
    const admin = client(b.t.app);
    await registerAdmin(b.t, admin, 'boss@hook.example.nz');
    const { subscriptionId, stripeId } = await checkout();
    const [paid] = b.stripe.payLatestInvoice(stripeId);
    const noPeriod = malformed(paid!, 'evt_no_period', (invoice) => {
      delete invoice.period_start;
      delete invoice.period_end;
      for (const line of (invoice.lines as { data: Record<string, unknown>[] }).data) delete line.period;
    });
    const before = await eventCount();
    for (let i = 0; i < 3; i++) {
      const res = await b.deliver(noPeriod);
      expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    }
    expect(await rejections('evt_no_period')).toEqual([
      {
        type: 'StripeWebhookRejected',
        data: {
          stripeEventId: 'evt_no_period',
          stripeEventType: 'invoice.paid',
          reason: 'data.object.period_start: Invalid input: expected number, received undefined; data.object.period_end: Invalid input: expected number, received undefined',
          at: new Date((paid as { created: number }).created * 1000).toISOString(),
        },
      },
    ]);
    expect(await eventCount()).toBe(before + 1);
    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted']);
    // What an admin sees in the history, with the Stripe event id to look up.
    await waitForProjection(b.t.stores.readStore, 'audit_log', await b.t.stores.eventStore.headPosition());
    const history = await admin.get('/api/admin/events?type=StripeWebhookRejected');
    expect(history.json().events.map((e: { data: unknown }) => e.data)).toEqual([expect.objectContaining({ stripeEventId: 'evt_no_period' })]);
    // The well-formed event is still applied.
    expect((await b.deliver(paid!)).statusCode).toBe(200);
    expect(await b.history(subscriptionId)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionActivated']);
  });

  it('refuses (400) signed JSON that is not a Stripe event at all, recording nothing', async () => {
    const before = await eventCount();
    const res = await b.deliver({ object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect([res.statusCode, res.json().message]).toEqual([400, 'The webhook body is not a Stripe event (id: Invalid input: expected string, received undefined; created: Invalid input: expected number, received undefined).']);
    expect(await eventCount()).toBe(before);
  });

  it('is not refused by the cross-site or session machinery: Stripe sends no cookie, no Origin, and any user agent', async () => {
    const { subscriptionId, stripeId } = await checkout();
    const [paid] = b.stripe.payLatestInvoice(stripeId);
    const res = await b.deliver(paid!, { headers: { 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await b.history(subscriptionId)).toContain('AdSubscriptionActivated');
  });

  it('leaves JSON parsing of every other route as it was', async () => {
    const proto = await b.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"__proto__":{"x":1},"email":"a@b.nz","password":"x"}', headers: { 'content-type': 'application/json' } });
    expect([proto.statusCode, proto.json().message]).toEqual([400, '"__proto__" is not an allowed key in the request body.']);
    const broken = await b.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect([broken.statusCode, broken.json().message]).toEqual([400, 'The request body is not valid JSON.']);
    const form = await b.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([form.statusCode, form.json().message]).toEqual([415, 'Send the request body as application/json.']);
  });

  it('refuses a body over 1 MB (413)', async () => {
    const res = await b.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect([res.statusCode, res.json().message]).toEqual([413, 'The request body is too large.']);
  });
});

describe('POST /api/stripe/webhook behind PUBLIC_URL', () => {
  it('is served for the public host with no Origin (Stripe’s delivery), and still refused from another site’s page', async () => {
    const b = await startBillingApp({ PUBLIC_URL: 'https://kainga.example.nz' });
    try {
      const event = b.stripe.event('customer.created', { id: 'cus_x', object: 'customer' });
      const stripe = await b.deliver(event, { headers: { host: 'kainga.example.nz' } });
      expect(stripe.statusCode, stripe.body).toBe(200);
      const page = await b.deliver(event, { headers: { host: 'kainga.example.nz', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect([page.statusCode, page.json().message]).toEqual([403, 'Requests from another site are not allowed.']);
    } finally {
      await b.close();
    }
  });
});
