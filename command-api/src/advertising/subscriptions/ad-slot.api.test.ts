import { adTierLabels, type AdTier } from '@kainga/contracts';
import { handleCommand, PAYMENT_PROVIDER_UNAVAILABLE } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingApp, stripeSubscriptionOf, type BillingApp } from '../../billing/test-billing';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { client, makePartner } from '../../testing/test-app';
import { adPlanIdFor } from '../plans/ad-plan';
import { seedTestAdPlans } from '../plans/test-plans';
import { ABANDONED_CLAIM_MS, adSlotDecider, adSlotStream } from './ad-slot';
import { startSubscription } from './subscription-rules';

const CHECKOUT = '/api/stripe/create-checkout-session';
const ALLOCATE = '/api/admin/allocate-ad-plan';

/**
 * One live subscription per partner, tier and town, however many checkouts and allocations race
 * for it (issue 48, finding 4), through the whole app and the official Stripe SDK to a local
 * Stripe: every racer's request is in flight at once (Promise.all), and the Stripe stand-in
 * counts what it was asked to make.
 */
describe('one live subscription per partner, tier and town, under concurrency', () => {
  let b: BillingApp;
  let admin: ReturnType<typeof client>;
  let adminId: string;
  let partners = 0;

  /** A new partner (no subscriptions yet) serving Auckland and Hamilton. */
  async function partner() {
    const n = ++partners;
    const businessName = `Slot Mortgages ${n}`;
    const c = client(b.t.app, { remoteAddress: `10.48.4.${n + 10}` });
    const { id } = await c.register(`slot${n}@slots.example.nz`);
    const partnerId = await makePartner(b.t.stores, id, 'mortgage_broker', ['auckland', 'hamilton'], { businessName });
    return Object.assign(c, { userId: id, partnerId, businessName });
  }
  const stripeSubscriptionsMade = () => b.stripe.requestsTo('POST', '/v1/subscriptions').length;
  const slotHistory = async (partnerId: string, tier: AdTier, locationId = 'auckland') =>
    (await b.t.stores.eventStore.readStream(adSlotStream({ partnerId, tier, locationId }))).map((e) => (e.type === 'AdSlotReleased' ? `${e.type} (${(e.data as { reason: string }).reason})` : e.type));
  const liveSubscriptions = async (p: Awaited<ReturnType<typeof partner>>, tier: AdTier) => {
    await b.settled();
    return ((await p.get('/api/partner-ad-subscriptions')).json() as { id: string; status: string; adPlan: { tier: string } }[]).filter((s) => s.adPlan.tier === tier && s.status !== 'expired');
  };
  const keyed = (key: string) => ({ 'idempotency-key': key });

  beforeAll(async () => {
    b = await startBillingApp();
    admin = client(b.t.app, { remoteAddress: '10.48.4.1' });
    adminId = (await admin.register('admin@slots.example.nz')).id;
    await setRoles(b.t.stores, adminId, ['general', 'admin']);
    await seedTestAdPlans(b.t.stores);
  });
  afterAll(() => b?.close());

  it('6 checkouts at once (two tabs, each its own Idempotency-Key) make one Stripe subscription, and all answer its payment', async () => {
    const p = await partner();
    const body = { adPlanId: adPlanIdFor('gold'), locationId: 'auckland' };
    const made = stripeSubscriptionsMade();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => p.post(CHECKOUT, body, keyed(`slot-tabs-${i}`))));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(stripeSubscriptionsMade()).toBe(made + 1);
    const { subscriptionId, clientSecret } = answers[0]!.json() as { subscriptionId: string; clientSecret: string };
    expect((await liveSubscriptions(p, 'gold')).map((s) => [s.id, s.status])).toEqual([[subscriptionId, 'incomplete']]);
    expect(await slotHistory(p.partnerId, 'gold')).toEqual(['AdSlotClaimed']);

    // A retry of any of them (the winner's key, which Stripe answers from its own key, or another's) answers the same.
    for (const key of ['slot-tabs-0', 'slot-tabs-5']) expect((await p.post(CHECKOUT, body, keyed(key))).json()).toEqual({ subscriptionId, clientSecret });
    expect([...b.stripe.subscriptions.values()].filter((s) => s.metadata.partnerId === p.partnerId).map((s) => s.metadata.subscriptionId)).toEqual([subscriptionId]);

    // Once paid, the subscription is live: more checkouts at once are each refused, and Stripe is not asked.
    for (const event of b.stripe.payLatestInvoice(stripeSubscriptionOf(b.stripe, subscriptionId))) expect((await b.deliver(event)).statusCode).toBe(200);
    const asked = stripeSubscriptionsMade();
    const late = await Promise.all(Array.from({ length: 3 }, (_, i) => p.post(CHECKOUT, body, keyed(`slot-tabs-late-${i}`))));
    expect(late.map((r) => [r.statusCode, r.json().message])).toEqual(Array.from({ length: 3 }, () => [409, 'You already have a Gold subscription in Auckland.']));
    expect(stripeSubscriptionsMade()).toBe(asked);
    expect(await slotHistory(p.partnerId, 'gold')).toEqual(['AdSlotClaimed']);
  });

  it('gives the slot back when Stripe fails after it was reserved, so the partner can try again at once', async () => {
    const p = await partner();
    const body = { adPlanId: adPlanIdFor('silver'), locationId: 'auckland' };
    b.stripe.failNext('POST', '/v1/subscriptions', 1, 500);
    const failed = await p.post(CHECKOUT, body, keyed('slot-flaky-1'));
    expect([failed.statusCode, failed.json().message]).toEqual([503, PAYMENT_PROVIDER_UNAVAILABLE]);
    expect(await slotHistory(p.partnerId, 'silver')).toEqual(['AdSlotClaimed', 'AdSlotReleased (failed)']);
    expect(await liveSubscriptions(p, 'silver')).toEqual([]);

    // The same checkout retried claims the slot again; another tab then gets that checkout.
    const retried = await p.post(CHECKOUT, body, keyed('slot-flaky-1'));
    expect(retried.statusCode, retried.body).toBe(200);
    const other = await p.post(CHECKOUT, body, keyed('slot-flaky-2'));
    expect(other.json()).toEqual(retried.json());
    expect(await slotHistory(p.partnerId, 'silver')).toEqual(['AdSlotClaimed', 'AdSlotReleased (failed)', 'AdSlotClaimed']);
    expect((await liveSubscriptions(p, 'silver')).map((s) => s.id)).toEqual([retried.json().subscriptionId]);
  });

  it('8 allocations at once: 1 created, 7 refused', async () => {
    const p = await partner();
    const body = { partnerId: p.partnerId, adPlanId: adPlanIdFor('gold'), locationId: 'hamilton' };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => admin.post(ALLOCATE, body, keyed(`slot-allocate-${i}`))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 7 }, () => [409, `${p.businessName} already has a Gold subscription in Hamilton.`]),
    );
    expect(await slotHistory(p.partnerId, 'gold', 'hamilton')).toEqual(['AdSlotClaimed']);
  });

  it('an allocation and a checkout racing for one slot make one subscription, whichever comes first', async () => {
    const p = await partner();
    for (const [tier, checkoutFirst] of [['gold', true], ['bronze', false]] as const) {
      const made = stripeSubscriptionsMade();
      const checkout = () => p.post(CHECKOUT, { adPlanId: adPlanIdFor(tier), locationId: 'auckland' }, keyed(`slot-race-checkout-${tier}`));
      const allocation = () => admin.post(ALLOCATE, { partnerId: p.partnerId, adPlanId: adPlanIdFor(tier), locationId: 'auckland' }, keyed(`slot-race-allocate-${tier}`));
      const [c, a] = checkoutFirst ? await Promise.all([checkout(), allocation()]) : (await Promise.all([allocation(), checkout()])).reverse();
      const checkoutWon = c!.statusCode === 200;
      expect([c!.statusCode, a!.statusCode], `${c!.body} ${a!.body}`).toEqual(checkoutWon ? [200, 409] : [409, 201]);
      const refusal = checkoutWon ? `${p.businessName} already has a ${adTierLabels[tier]} subscription in Auckland.` : `You already have a ${adTierLabels[tier]} subscription in Auckland.`;
      expect((checkoutWon ? a : c)!.json().message).toBe(refusal);
      // Stripe was asked for a subscription only by a checkout that won.
      expect(stripeSubscriptionsMade() - made).toBe(checkoutWon ? 1 : 0);
      expect(await liveSubscriptions(p, tier)).toHaveLength(1);
      expect(await slotHistory(p.partnerId, tier)).toEqual(['AdSlotClaimed']);
    }
  });

  it('frees the slot the moment its subscription expires: an admin’s Expire, Stripe ending an unpaid checkout', async () => {
    const p = await partner();
    const allocated = await admin.post(ALLOCATE, { partnerId: p.partnerId, adPlanId: adPlanIdFor('gold'), locationId: 'auckland' });
    expect((await admin.patch(`/api/admin/partner-ad-subscriptions/${allocated.json().id}`, { status: 'expired' })).statusCode).toBe(200);
    const bought = await p.post(CHECKOUT, { adPlanId: adPlanIdFor('gold'), locationId: 'auckland' });
    expect(bought.statusCode, bought.body).toBe(200);

    // The partner never pays; Stripe ends the checkout's subscription, and an admin may allocate.
    for (const event of b.stripe.endSubscription(stripeSubscriptionOf(b.stripe, bought.json().subscriptionId))) expect((await b.deliver(event)).statusCode).toBe(200);
    expect((await admin.post(ALLOCATE, { partnerId: p.partnerId, adPlanId: adPlanIdFor('gold'), locationId: 'auckland' })).statusCode).toBe(201);
    expect(await slotHistory(p.partnerId, 'gold')).toEqual(['AdSlotClaimed', 'AdSlotReleased (expired)', 'AdSlotClaimed', 'AdSlotReleased (expired)', 'AdSlotClaimed']);
  });

  it('takes over a claim whose checkout never started (its process stopped) once it is abandoned', async () => {
    const p = await partner();
    const slot = { partnerId: p.partnerId, tier: 'bronze' as const, locationId: 'hamilton' };
    const claimedAt = new Date(Date.now() - ABANDONED_CLAIM_MS - 1000).toISOString();
    const ctx = { idempotencyKey: 'slot-crashed-checkout', metadata: { actorId: p.userId, actorRoles: [], correlationId: 'slot-crashed', causationId: null, occurredAt: claimedAt } };
    await handleCommand(b.t.stores.eventStore, adSlotDecider, adSlotStream(slot), { type: 'ClaimAdSlot', slot, subscriptionId: 'slot-crashed-subscription', via: 'checkout', holder: null, at: claimedAt }, ctx);

    const bought = await p.post(CHECKOUT, { adPlanId: adPlanIdFor('bronze'), locationId: 'hamilton' });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await slotHistory(p.partnerId, 'bronze', 'hamilton')).toEqual(['AdSlotClaimed', 'AdSlotReleased (abandoned)', 'AdSlotClaimed']);
  });

  it('counts a subscription started before slots were reserved as the slot’s holder until it expires', async () => {
    const p = await partner();
    const at = new Date().toISOString();
    const ctx = { idempotencyKey: 'slot-legacy-start', metadata: { actorId: adminId, actorRoles: ['admin' as const], correlationId: 'slot-legacy', causationId: null, occurredAt: at } };
    // As the allocation did before slots: the subscription's start alone, no claim.
    const { state } = await startSubscription(
      b.t.stores.eventStore,
      { subscriptionId: 'slot-legacy-subscription', partner: { _id: p.partnerId, userId: p.userId, role: 'mortgage_broker' }, planId: adPlanIdFor('silver'), tier: 'silver', locationId: 'hamilton', source: { via: 'admin', by: adminId } },
      ctx,
    );
    expect(state.status).toBe('active');
    await b.settled();

    const bought = await p.post(CHECKOUT, { adPlanId: adPlanIdFor('silver'), locationId: 'hamilton' });
    expect([bought.statusCode, bought.json().message]).toEqual([409, 'You already have a Silver subscription in Hamilton.']);
    const allocated = await admin.post(ALLOCATE, { partnerId: p.partnerId, adPlanId: adPlanIdFor('silver'), locationId: 'hamilton' });
    expect([allocated.statusCode, allocated.json().message]).toEqual([409, `${p.businessName} already has a Silver subscription in Hamilton.`]);
    expect(await slotHistory(p.partnerId, 'silver', 'hamilton')).toEqual([]);

    expect((await admin.patch('/api/admin/partner-ad-subscriptions/slot-legacy-subscription', { status: 'expired' })).statusCode).toBe(200);
    expect((await p.post(CHECKOUT, { adPlanId: adPlanIdFor('silver'), locationId: 'hamilton' })).statusCode).toBe(200);
    expect(await slotHistory(p.partnerId, 'silver', 'hamilton')).toEqual(['AdSlotClaimed']);
  });
});
