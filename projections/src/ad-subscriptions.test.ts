import { EmbeddedReadStore, SqliteEventStore, applyBatch, rebuildProjection, type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AD_SUBSCRIPTIONS, activeSubscriptionsIn, adSubscriptionWrites, adSubscriptionsProjector, allSubscriptions, subscriptionById, subscriptionByStripeId, subscriptionsOfPartner } from './ad-subscriptions';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const event = recordedEvents();
const recorded = (type: string, data: object, streamName: string): RecordedEvent => event(streamName, type, data);
const started = (subscriptionId: string, partnerId: string, startDate: string, locationId = 'auckland') =>
  recorded(
    'AdSubscriptionStarted',
    {
      subscriptionId,
      partnerId,
      partnerUserId: `u-${partnerId}`,
      partnerRole: 'registered_valuer',
      adPlanId: 'plan-gold',
      tier: 'gold',
      locationId,
      startDate,
      autoRenew: true,
      source: { via: 'admin', by: 'admin1' },
      demo: false,
    },
    `adSubscription-${subscriptionId}`,
  );
const changed = (type: string, subscriptionId: string, at: string) => recorded(type, { subscriptionId, by: 'admin1', at }, `adSubscription-${subscriptionId}`);
const activity = (type: 'AdImpressionRecorded' | 'AdClickRecorded', subscriptionId: string, n: number) =>
  recorded(
    type,
    {
      [type === 'AdImpressionRecorded' ? 'impressionId' : 'clickId']: `a${n}`,
      adContentId: 'c1',
      subscriptionId,
      partnerId: 'p1',
      tier: 'gold',
      placement: 'sidebar_valuation',
      city: 'Auckland',
      suburb: null,
      userId: null,
      propertyId: null,
      userAgent: 'Mozilla/5.0',
      ipHash: 'h',
      sessionHash: 's',
      at: '2026-11-02T00:00:00.000Z',
    },
    'adActivity-2026-11-02',
  );

const storeWith = (...batches: RecordedEvent[][]) => projectedStore([adSubscriptionsProjector], ...batches);

describe('ad_subscriptions projector', () => {
  it('starts active, pauses, resumes and expires with an end date', async () => {
    const store = await storeWith([
      started('s1', 'p1', '2026-11-01T00:00:00.000Z'),
      changed('AdSubscriptionPaused', 's1', '2026-11-02T00:00:00.000Z'),
      changed('AdSubscriptionResumed', 's1', '2026-11-03T00:00:00.000Z'),
    ]);
    expect(await subscriptionById(store, 's1')).toMatchObject({ status: 'active', endDate: null, totalImpressions: 0, totalClicks: 0, tier: 'gold', updatedAt: '2026-11-03T00:00:00.000Z' });
    await applyBatch(store, adSubscriptionsProjector, [changed('AdSubscriptionExpired', 's1', '2026-11-04T00:00:00.000Z')], 'ad_subscriptions', (c) => c);
    expect(await subscriptionById(store, 's1')).toMatchObject({ status: 'expired', endDate: '2026-11-04T00:00:00.000Z' });
  });

  it('counts impressions and clicks with one update per subscription per batch, after a start in the same batch', () => {
    const batch = [
      started('s1', 'p1', '2026-11-01T00:00:00.000Z'),
      ...Array.from({ length: 5 }, (_, i) => activity('AdImpressionRecorded', 's1', i)),
      ...Array.from({ length: 3 }, (_, i) => activity('AdImpressionRecorded', 's2', i)),
      activity('AdClickRecorded', 's1', 9),
    ];
    const writes = adSubscriptionWrites(batch);
    expect(writes).toHaveLength(3);
    expect(writes.slice(1)).toEqual([
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: 's1' }, update: { $inc: { totalImpressions: 5, totalClicks: 1 } } } },
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: 's2' }, update: { $inc: { totalImpressions: 3 } } } },
    ]);
  });

  it('adds the counts of every batch, and activity of an unknown subscription creates nothing', async () => {
    const store = await storeWith(
      [started('s1', 'p1', '2026-11-01T00:00:00.000Z'), activity('AdImpressionRecorded', 's1', 1), activity('AdImpressionRecorded', 'ghost', 2)],
      [activity('AdImpressionRecorded', 's1', 3), activity('AdClickRecorded', 's1', 4)],
    );
    expect(await subscriptionById(store, 's1')).toMatchObject({ totalImpressions: 2, totalClicks: 1 });
    expect(await subscriptionById(store, 'ghost')).toBeNull();
  });

  it('lists by partner and for the admin newest first, and the active ones of a location', async () => {
    const store = await storeWith([
      started('s1', 'p1', '2026-11-01T00:00:00.000Z'),
      started('s2', 'p1', '2026-11-03T00:00:00.000Z', 'wellington'),
      started('s3', 'p2', '2026-11-02T00:00:00.000Z'),
      changed('AdSubscriptionPaused', 's3', '2026-11-04T00:00:00.000Z'),
    ]);
    expect((await subscriptionsOfPartner(store, 'p1')).map((s) => s._id)).toEqual(['s2', 's1']);
    expect((await allSubscriptions(store)).map((s) => s._id)).toEqual(['s2', 's3', 's1']);
    expect((await activeSubscriptionsIn(store, 'auckland')).map((s) => s._id)).toEqual(['s1']);
  });

  it('keeps a checkout incomplete (no adverts) until its first payment, then its payment state', async () => {
    const bought = recorded(
      'AdSubscriptionStarted',
      {
        ...(started('s9', 'p9', '2026-11-01T00:00:00.000Z').data as object),
        source: { via: 'checkout', by: 'u-p9', stripeCustomerId: 'cus_9', stripeSubscriptionId: 'sub_9', stripePriceId: 'price_9', monthlyPrice: 299, couponCode: null },
      },
      'adSubscription-s9',
    );
    const fact = { subscriptionId: 's9', stripeEventId: 'evt', at: '2026-11-01T00:05:00.000Z' };
    const store = await storeWith([bought]);
    expect(await subscriptionById(store, 's9')).toMatchObject({ status: 'incomplete', stripeSubscriptionId: 'sub_9', stripeSubscriptionStatus: 'incomplete', currentPeriodEnd: null, cancelAtPeriodEnd: false, lastPaymentError: null });
    expect(await activeSubscriptionsIn(store, 'auckland')).toEqual([]);
    expect((await subscriptionByStripeId(store, 'sub_9'))?._id).toBe('s9');

    const apply = (type: string, data: object) => applyBatch(store, adSubscriptionsProjector, [recorded(type, { ...fact, ...data }, 'adSubscription-s9')], 'ad_subscriptions', (c) => c);
    await apply('AdSubscriptionPaymentFailed', { stripeInvoiceId: 'in_1', message: null, attemptCount: 1, nextAttemptAt: null });
    expect(await subscriptionById(store, 's9')).toMatchObject({ status: 'incomplete', lastPaymentError: 'The card payment did not go through.' });
    const paid = { stripeInvoiceId: 'in_1', amountPaid: 29_900, currency: 'nzd', currentPeriodStart: '2026-11-01T00:00:00.000Z', currentPeriodEnd: '2026-12-01T00:00:00.000Z' };
    await apply('AdSubscriptionActivated', paid);
    expect(await subscriptionById(store, 's9')).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'incomplete', currentPeriodEnd: '2026-12-01T00:00:00.000Z', lastPaymentError: null });
    expect((await activeSubscriptionsIn(store, 'auckland')).map((s) => s._id)).toEqual(['s9']);
    // A billing update without a newer period keeps the period; one with a newer period takes it.
    await apply('AdSubscriptionBillingUpdated', { stripeStatus: 'active', cancelAtPeriodEnd: true, currentPeriodStart: null, currentPeriodEnd: null });
    expect(await subscriptionById(store, 's9')).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: '2026-12-01T00:00:00.000Z' });
    await apply('AdSubscriptionRenewed', { ...paid, stripeInvoiceId: 'in_2', currentPeriodStart: '2026-12-01T00:00:00.000Z', currentPeriodEnd: '2027-01-01T00:00:00.000Z' });
    await apply('AdSubscriptionBillingUpdated', { stripeStatus: 'past_due', cancelAtPeriodEnd: false, currentPeriodStart: '2027-01-01T00:00:00.000Z', currentPeriodEnd: '2027-02-01T00:00:00.000Z' });
    expect(await subscriptionById(store, 's9')).toMatchObject({ status: 'active', stripeSubscriptionStatus: 'past_due', cancelAtPeriodEnd: false, currentPeriodStart: '2027-01-01T00:00:00.000Z', currentPeriodEnd: '2027-02-01T00:00:00.000Z' });

    // Dunning: due since the first failure of the renewal (a second failure keeps it), the retries, billing's pause and its reason.
    await apply('AdSubscriptionPaymentFailed', { stripeInvoiceId: 'in_3', message: 'Your card was declined.', attemptCount: 1, nextAttemptAt: null, at: '2027-01-01T01:00:00.000Z' });
    await apply('AdSubscriptionPaymentFailed', { stripeInvoiceId: 'in_3', message: 'Your card was declined.', attemptCount: 2, nextAttemptAt: null, at: '2027-01-03T01:00:00.000Z' });
    await apply('AdSubscriptionPaymentRetried', { stripeInvoiceId: 'in_3', attempt: 1, outcome: 'failed', message: 'Your card has insufficient funds.', at: '2027-01-02T01:00:00.000Z' });
    expect(await subscriptionById(store, 's9')).toMatchObject({ paymentDueSince: '2027-01-01T01:00:00.000Z', paymentRetries: 1, lastPaymentError: 'Your card has insufficient funds.' });
    await apply('AdSubscriptionPaused', { by: 'billing', reason: 'Overdue.', at: '2027-01-08T01:00:00.000Z' });
    expect(await subscriptionById(store, 's9')).toMatchObject({ status: 'paused', statusReason: 'Overdue.' });
    await apply('AdSubscriptionRenewed', { ...paid, stripeInvoiceId: 'in_3', currentPeriodStart: '2027-01-01T00:00:00.000Z', currentPeriodEnd: '2027-02-01T00:00:00.000Z' });
    await apply('AdSubscriptionResumed', { by: 'billing', at: '2027-01-09T01:00:00.000Z' });
    expect(await subscriptionById(store, 's9')).toMatchObject({ status: 'active', statusReason: null, paymentDueSince: null, paymentRetries: 0, lastPaymentError: null });
  });

  it('writes no Stripe fields for an allocation but the empty ones', async () => {
    const store = await storeWith([started('s1', 'p1', '2026-11-01T00:00:00.000Z')]);
    expect(await subscriptionById(store, 's1')).toMatchObject({ status: 'active', stripeSubscriptionId: null, stripeSubscriptionStatus: null, currentPeriodStart: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, lastPaymentError: null });
  });

  it('rebuilds from the log to the same totals as the live batches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proj-'));
    const eventStore = new SqliteEventStore(join(dir, 'e.sqlite'));
    const readStore = new EmbeddedReadStore(join(dir, 'r.sqlite'));
    await eventStore.append('adSubscription-s1', [{ id: 'x1', type: 'AdSubscriptionStarted', data: started('s1', 'p1', '2026-11-01T00:00:00.000Z').data, metadata }], { expectedRevision: 'no_stream' });
    await eventStore.append(
      'adActivity-2026-11-02',
      Array.from({ length: 7 }, (_, i) => ({ id: `x${i + 2}`, type: i < 5 ? 'AdImpressionRecorded' : 'AdClickRecorded', data: activity(i < 5 ? 'AdImpressionRecorded' : 'AdClickRecorded', 's1', i).data, metadata })),
      { expectedRevision: 'any' },
    );
    const result = await rebuildProjection({ eventStore, readStore }, adSubscriptionsProjector, { batchSize: 3 });
    expect(result.events).toBe(8);
    expect(await subscriptionById(readStore, 's1')).toMatchObject({ totalImpressions: 5, totalClicks: 2 });
    await eventStore.close();
  });
});
