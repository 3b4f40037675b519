import type { AdActivityEvent, AdSubscriptionEvent, AdSubscriptionSource, AdSubscriptionStatus, AdTier, PartnerRoleName } from '@kainga/contracts';
import { adActivityEventTypes, adSubscriptionEventTypes } from '@kainga/contracts';
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
  totalImpressions: number;
  totalClicks: number;
  demo: boolean;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

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
              status: 'active',
              startDate: data.startDate,
              endDate: null,
              autoRenew: data.autoRenew,
              source: data.source,
              demo: data.demo ?? false,
              updatedAt: data.startDate,
            },
          },
          upsert: true,
        },
      },
    ])
    .with({ type: 'AdSubscriptionPaused' }, ({ data }): CollectionWrite[] => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId }, update: { $set: { status: 'paused', updatedAt: data.at } } } },
    ])
    .with({ type: 'AdSubscriptionResumed' }, ({ data }): CollectionWrite[] => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId }, update: { $set: { status: 'active', updatedAt: data.at } } } },
    ])
    .with({ type: 'AdSubscriptionExpired' }, ({ data }): CollectionWrite[] => [
      { collection: AD_SUBSCRIPTIONS, updateOne: { filter: { _id: data.subscriptionId }, update: { $set: { status: 'expired', endDate: data.at, updatedAt: data.at } } } },
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
  collections: [AD_SUBSCRIPTIONS],
  filter: { eventTypes: [...adSubscriptionEventTypes, ...adActivityEventTypes], streamPrefixes: ['adSubscription-', 'adActivity-'] },
  indexes: {
    [AD_SUBSCRIPTIONS]: [{ keys: { partnerId: 1 } }, { keys: { locationId: 1, status: 1 } }, { keys: { startDate: -1, _id: -1 } }],
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

/** Every subscription, newest first (the admin's list; a few thousand at most). */
export function allSubscriptions(store: ReadStore): Promise<AdSubscriptionDoc[]> {
  return store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({}, { sort: { startDate: -1, _id: -1 } });
}

/** The subscriptions showing adverts now (status active), in one location or (null) everywhere, for the active-ads read. */
export function activeSubscriptionsIn(store: ReadStore, locationId: string | null): Promise<AdSubscriptionDoc[]> {
  return store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find(locationId ? { locationId, status: 'active' } : { status: 'active' });
}
