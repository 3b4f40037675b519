import type { AdActivityEvent, AdSubscriptionEvent, AdSubscriptionSource, AdSubscriptionStatus, AdTier, PartnerRoleName } from '@kainga/contracts';
import { adActivityEventTypes, adSubscriptionEventTypes, PAYMENT_FAILED_DEFAULT, startingStatusOf } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';

/**
 * The `ad_subscriptions` read model (spec 001 §3 partner_ad_subscriptions): one document per
 * subscription with its status and its running totals of impressions and clicks.
 *
 * The totals come from the ad activity streams, the product's hottest: a batch of thousands of
 * impressions becomes one `$inc` per subscription (projectBatch), not one write per event.
 */
export const AD_SUBSCRIPTIONS = 'ad_subscriptions';

export interface AdSubscriptionDoc {
  _id: string;
  partnerId: string;
  partnerUserId: string;
  partnerRole: PartnerRoleName;
  adPlanId: string;
  tier: AdTier;
  locationId: string;
  status: AdSubscriptionStatus;
  startDate: string;
  /** When it expired; null while it runs. */
  endDate: string | null;
  autoRenew: boolean;
  source: AdSubscriptionSource;
  /** The payment state (spec 001 §3): Stripe's subscription and what it last said; null/false for an allocation. */
  stripeSubscriptionId: string | null;
  stripeSubscriptionStatus: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The card provider's words for the last failed payment; cleared by the next successful one. */
  lastPaymentError: string | null;
  /** When the unpaid renewal first failed (dunning's grace counts from it); null when nothing is owed. */
  paymentDueSince: string | null;
  /** Retries of the unpaid renewal the billing workflow made. */
  paymentRetries: number;
  /** Why billing paused or expired it (BILLING_REASONS); null after a resume or for an admin's change. */
  statusReason: string | null;
  totalImpressions: number;
  totalClicks: number;
  demo: boolean;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

const set = (subscriptionId: string, $set: Record<string, unknown>): CollectionWrite => ({ collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: subscriptionId }, update: { $set } } });

const lifecycle = (e: AdSubscriptionEvent): CollectionWrite[] =>
  match(e)
    .with({ type: 'AdSubscriptionStarted' }, ({ data }): CollectionWrite[] => [
      {
        collection: AD_SUBSCRIPTIONS,
        updateOne: {
          filter: { _id: data.subscriptionId },
          update: {
            // The totals start at zero once: a replayed start never resets what was counted.
            $setOnInsert: { totalImpressions: 0, totalClicks: 0, createdAt: data.startDate },
            $set: {
              partnerId: data.partnerId,
              partnerUserId: data.partnerUserId,
              partnerRole: data.partnerRole,
              adPlanId: data.adPlanId,
              tier: data.tier,
              locationId: data.locationId,
              status: startingStatusOf(data.source),
              startDate: data.startDate,
              endDate: null,
              autoRenew: data.autoRenew,
              source: data.source,
              stripeSubscriptionId: data.source.via === 'checkout' ? data.source.stripeSubscriptionId : null,
              stripeSubscriptionStatus: data.source.via === 'checkout' ? 'incomplete' : null,
              currentPeriodStart: null,
              currentPeriodEnd: null,
              cancelAtPeriodEnd: false,
              lastPaymentError: null,
              paymentDueSince: null,
              paymentRetries: 0,
              statusReason: null,
              demo: data.demo ?? false,
              updatedAt: data.startDate,
            },
          },
          upsert: true,
        },
      },
    ])
    .with({ type: 'AdSubscriptionPaused' }, ({ data }): CollectionWrite[] => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId }, update: { $set: { status: 'paused', statusReason: data.reason ?? null, updatedAt: data.at } } } },
    ])
    .with({ type: 'AdSubscriptionResumed' }, ({ data }): CollectionWrite[] => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId }, update: { $set: { status: 'active', statusReason: null, updatedAt: data.at } } } },
    ])
    .with({ type: 'AdSubscriptionExpired' }, ({ data }): CollectionWrite[] => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId }, update: { $set: { status: 'expired', endDate: data.at, statusReason: data.reason ?? null, updatedAt: data.at } } } },
    ])
    // Stripe's own status follows in its subscription update (AdSubscriptionBillingUpdated).
    .with({ type: 'AdSubscriptionActivated' }, ({ data }) => [
      set(data.subscriptionId, {
        status: 'active',
        ...(data.currentPeriodEnd !== null ? { currentPeriodStart: data.currentPeriodStart, currentPeriodEnd: data.currentPeriodEnd } : {}),
        lastPaymentError: null,
        updatedAt: data.at,
      }),
    ])
    .with({ type: 'AdSubscriptionRenewed' }, ({ data }) => [
      set(data.subscriptionId, { currentPeriodStart: data.currentPeriodStart, currentPeriodEnd: data.currentPeriodEnd, lastPaymentError: null, paymentDueSince: null, paymentRetries: 0, updatedAt: data.at }),
    ])
    // The grace period counts from the first failure of an invoice (the decider's `unpaid`): a later failure of the same invoice keeps it.
    .with({ type: 'AdSubscriptionPaymentFailed' }, ({ data }) => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId, paymentDueSince: null, status: { $ne: 'incomplete' } }, update: { $set: { paymentDueSince: data.at } } } },
      set(data.subscriptionId, { lastPaymentError: data.message ?? PAYMENT_FAILED_DEFAULT, updatedAt: data.at }),
    ])
    .with({ type: 'AdSubscriptionPaymentRetried' }, ({ data }) => [
      set(data.subscriptionId, { paymentRetries: data.attempt, ...(data.outcome === 'failed' ? { lastPaymentError: data.message ?? PAYMENT_FAILED_DEFAULT } : {}), updatedAt: data.at }),
    ])
    // A null period (here and on activation) is "no newer than the one known": left as it is.
    .with({ type: 'AdSubscriptionBillingUpdated' }, ({ data }) => [
      set(data.subscriptionId, {
        stripeSubscriptionStatus: data.stripeStatus,
        cancelAtPeriodEnd: data.cancelAtPeriodEnd,
        ...(data.currentPeriodEnd !== null ? { currentPeriodStart: data.currentPeriodStart, currentPeriodEnd: data.currentPeriodEnd } : {}),
        updatedAt: data.at,
      }),
    ])
    .exhaustive();


const isActivity = (type: string) => type === 'AdImpressionRecorded' || type === 'AdClickRecorded';

/**
 * The writes for a batch: each lifecycle event in order, then one `$inc` per subscription for
 * all the impressions and clicks of the batch. The counts go last, so a subscription started in
 * the same batch exists before they land; without upsert, activity of an unknown subscription
 * creates nothing.
 */
export function adSubscriptionWrites(events: readonly RecordedEvent[]): CollectionWrite[] {
  const writes: CollectionWrite[] = [];
  const counts = new Map<string, { totalImpressions: number; totalClicks: number }>();
  for (const event of events) {
    if (!isActivity(event.type)) {
      writes.push(...lifecycle({ type: event.type, data: event.data } as AdSubscriptionEvent));
      continue;
    }
    const e = { type: event.type, data: event.data } as AdActivityEvent;
    let c = counts.get(e.data.subscriptionId);
    if (!c) counts.set(e.data.subscriptionId, (c = { totalImpressions: 0, totalClicks: 0 }));
    if (e.type === 'AdImpressionRecorded') c.totalImpressions++;
    else c.totalClicks++;
  }
  for (const [subscriptionId, c] of counts) {
    const $inc: Record<string, number> = {};
    if (c.totalImpressions) $inc.totalImpressions = c.totalImpressions;
    if (c.totalClicks) $inc.totalClicks = c.totalClicks;
    writes.push({ collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: subscriptionId }, update: { $inc } } });
  }
  return writes;
}

export const adSubscriptionsProjector: Projector = {
  name: 'ad_subscriptions',
  // 2: the payment state (Stripe fields, incomplete checkouts). 3: dunning (payment due since, retries, the reason billing gave).
  version: 3,
  collections: [AD_SUBSCRIPTIONS],
  filter: { eventTypes: [...adSubscriptionEventTypes, ...adActivityEventTypes], streamPrefixes: ['adSubscription-', 'adActivity-'] },
  indexes: {
    [AD_SUBSCRIPTIONS]: [{ keys: { partnerId: 1 } }, { keys: { locationId: 1, status: 1 } }, { keys: { startDate: -1, _id: -1 } }, { keys: { stripeSubscriptionId: 1 } }],
  },
  project: (event) => adSubscriptionWrites([event]),
  projectBatch: adSubscriptionWrites,
};

const newestFirst = (a: AdSubscriptionDoc, b: AdSubscriptionDoc) => b.startDate.localeCompare(a.startDate) || b._id.localeCompare(a._id);

export function subscriptionById(store: ReadStore, subscriptionId: string): Promise<AdSubscriptionDoc | null> {
  return store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).findOne({ _id: subscriptionId });
}

/** These subscriptions, by id (the unknown ones left out). */
export async function subscriptionsByIds(store: ReadStore, subscriptionIds: readonly string[]): Promise<Map<string, AdSubscriptionDoc>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({ _id: { $in: [...new Set(subscriptionIds)] } });
  return new Map(rows.map((r) => [r._id, r]));
}

/** One partner's subscriptions (one partner record: one user in one role), newest first. */
export async function subscriptionsOfPartner(store: ReadStore, partnerId: string): Promise<AdSubscriptionDoc[]> {
  return [...(await store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({ partnerId }))].sort(newestFirst);
}

/** The subscription paid through this Stripe subscription, if any. */
export function subscriptionByStripeId(store: ReadStore, stripeSubscriptionId: string): Promise<AdSubscriptionDoc | null> {
  return store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).findOne({ stripeSubscriptionId });
}

/** Every subscription, newest first (the admin's list; a few thousand at most). */
export function allSubscriptions(store: ReadStore): Promise<AdSubscriptionDoc[]> {
  return store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({}, { sort: { startDate: -1, _id: -1 } });
}

/** The subscriptions showing adverts now (status active), in one location or (null) everywhere, for the active-ads read. */
export function activeSubscriptionsIn(store: ReadStore, locationId: string | null): Promise<AdSubscriptionDoc[]> {
  return store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find(locationId ? { locationId, status: 'active' } : { status: 'active' });
}
