import type { AdContentEvent, AdContentFields, AdContentStatus, AdPlacement, AdPlanEvent, AdSubscriptionEvent, AdSubscriptionStatus, AdTier, PartnerRoleName } from '@kainga/contracts';
import { adContentEventTypes, adPlanEventTypes, adSubscriptionEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { PARTNERS, type PartnerDoc } from './partners';

/**
 * The `ad_content` read model: one document per advert (its words, picture and approval state),
 * and beside it the few facts of subscriptions and plans that decide whether an advert may show
 * (`ad_content_subscriptions`, `ad_content_plans`). A projector writes from one event at a time
 * and cannot read, so an advert cannot carry its subscription's tier or location when it is
 * submitted; readers join the three by id instead, each an indexed read (GET /api/ads/active in
 * active-ads.ts, the partner's and the admin's lists in the API). Keeping our own copy of those
 * facts lets this model be rebuilt, and read, without the plans' and subscriptions' models.
 */
export const AD_CONTENT = 'ad_content';
export const AD_CONTENT_SUBSCRIPTIONS = 'ad_content_subscriptions';
export const AD_CONTENT_PLANS = 'ad_content_plans';

export interface AdContentDoc extends AdContentFields {
  _id: string;
  subscriptionId: string;
  partnerId: string;
  status: AdContentStatus;
  approvedBy: string | null;
  approvedAt: string | null;
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
  demo: boolean;
  [key: string]: unknown;
}

/** What an advert needs to know of its subscription. */
export interface AdSubscriptionFactsDoc {
  /** The subscription id. */
  _id: string;
  partnerId: string;
  partnerRole: PartnerRoleName;
  adPlanId: string;
  tier: AdTier;
  locationId: string;
  status: AdSubscriptionStatus;
  demo: boolean;
  [key: string]: unknown;
}

/** What an advert needs to know of its plan. */
export interface AdPlanFactsDoc {
  /** The plan id. */
  _id: string;
  tier: AdTier;
  isActive: boolean;
  priority: number;
  maxImpressions: number;
  allowedPlacements: AdPlacement[];
  [key: string]: unknown;
}

/** An advert with its subscription's tier, location and partner role (adContentById). */
export interface AdContentRecord extends AdContentDoc {
  id: string;
  tier: AdTier;
  locationId: string;
  partnerRole: PartnerRoleName;
  adPlanId: string;
  subscriptionStatus: AdSubscriptionStatus;
}

const setContent = (adContentId: string, set: Record<string, unknown>): CollectionWrite => ({ collection: AD_CONTENT, updateOne: { filter: { _id: adContentId }, update: { $set: set } } });
const setSubscription = (subscriptionId: string, status: AdSubscriptionStatus): CollectionWrite => ({
  collection: AD_CONTENT_SUBSCRIPTIONS,
  updateOne: { filter: { _id: subscriptionId }, update: { $set: { status } } },
});
const setPlan = (planId: string, set: Record<string, unknown>): CollectionWrite => ({ collection: AD_CONTENT_PLANS, updateOne: { filter: { _id: planId }, update: { $set: set } } });

const projectContent = (e: AdContentEvent): CollectionWrite[] =>
  match(e)
    .with({ type: 'AdContentSubmitted' }, ({ data }): CollectionWrite[] => [
      {
        collection: AD_CONTENT,
        replaceOne: {
          filter: { _id: data.adContentId },
          replacement: {
            _id: data.adContentId,
            subscriptionId: data.subscriptionId,
            partnerId: data.partnerId,
            ...data.content,
            status: 'pending_approval',
            approvedBy: null,
            approvedAt: null,
            rejectionReason: null,
            createdAt: data.at,
            updatedAt: data.at,
            demo: data.demo ?? false,
          },
          upsert: true,
        },
      },
    ])
    // An edit goes back for approval: the earlier approval or rejection no longer speaks for it.
    .with({ type: 'AdContentRevised' }, ({ data }) => [
      setContent(data.adContentId, { ...data.content, status: 'pending_approval', approvedBy: null, approvedAt: null, rejectionReason: null, updatedAt: data.at }),
    ])
    .with({ type: 'AdContentApproved' }, ({ data }) => [setContent(data.adContentId, { status: 'active', approvedBy: data.by, approvedAt: data.at, rejectionReason: null, updatedAt: data.at })])
    .with({ type: 'AdContentRejected' }, ({ data }) => [setContent(data.adContentId, { status: 'rejected', rejectionReason: data.reason, updatedAt: data.at })])
    .with({ type: 'AdContentPaused' }, ({ data }) => [setContent(data.adContentId, { status: 'paused', updatedAt: data.at })])
    .with({ type: 'AdContentResumed' }, ({ data }) => [setContent(data.adContentId, { status: 'active', updatedAt: data.at })])
    .exhaustive();

const projectSubscription = (e: AdSubscriptionEvent): CollectionWrite[] =>
  match(e)
    .with({ type: 'AdSubscriptionStarted' }, ({ data }): CollectionWrite[] => [
      {
        collection: AD_CONTENT_SUBSCRIPTIONS,
        replaceOne: {
          filter: { _id: data.subscriptionId },
          replacement: {
            _id: data.subscriptionId,
            partnerId: data.partnerId,
            partnerRole: data.partnerRole,
            adPlanId: data.adPlanId,
            tier: data.tier,
            locationId: data.locationId,
            status: 'active',
            demo: data.demo ?? false,
          },
          upsert: true,
        },
      },
    ])
    .with({ type: 'AdSubscriptionPaused' }, ({ data }) => [setSubscription(data.subscriptionId, 'paused')])
    .with({ type: 'AdSubscriptionResumed' }, ({ data }) => [setSubscription(data.subscriptionId, 'active')])
    .with({ type: 'AdSubscriptionExpired' }, ({ data }) => [setSubscription(data.subscriptionId, 'expired')])
    .exhaustive();

const projectPlan = (e: AdPlanEvent): CollectionWrite[] =>
  match(e)
    .with({ type: 'AdPlanCreated' }, ({ data }): CollectionWrite[] => [
      {
        collection: AD_CONTENT_PLANS,
        replaceOne: {
          filter: { _id: data.planId },
          replacement: {
            _id: data.planId,
            tier: data.tier,
            isActive: data.isActive,
            priority: data.plan.priority,
            maxImpressions: data.plan.maxImpressions,
            allowedPlacements: data.plan.allowedPlacements,
          },
          upsert: true,
        },
      },
    ])
    .with({ type: 'AdPlanRevised' }, ({ data }) => [
      setPlan(data.planId, { priority: data.plan.priority, maxImpressions: data.plan.maxImpressions, allowedPlacements: data.plan.allowedPlacements }),
    ])
    .with({ type: 'AdPlanDeactivated' }, ({ data }) => [setPlan(data.planId, { isActive: false })])
    .with({ type: 'AdPlanReactivated' }, ({ data }) => [setPlan(data.planId, { isActive: true })])
    .exhaustive();

const contentTypes = new Set<string>(adContentEventTypes);
const subscriptionTypes = new Set<string>(adSubscriptionEventTypes);

export const adContentProjector: Projector = {
  name: 'ad_content',
  collections: [AD_CONTENT, AD_CONTENT_SUBSCRIPTIONS, AD_CONTENT_PLANS],
  filter: { eventTypes: [...adContentEventTypes, ...adSubscriptionEventTypes, ...adPlanEventTypes], streamPrefixes: ['adContent-', 'adSubscription-', 'adPlan-'] },
  indexes: {
    [AD_CONTENT]: [{ keys: { subscriptionId: 1, status: 1 } }, { keys: { partnerId: 1, createdAt: -1 } }, { keys: { status: 1, createdAt: 1 } }],
    [AD_CONTENT_SUBSCRIPTIONS]: [{ keys: { locationId: 1, status: 1 } }, { keys: { status: 1 } }, { keys: { partnerId: 1 } }],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data };
    if (contentTypes.has(e.type)) return projectContent(e as AdContentEvent);
    if (subscriptionTypes.has(e.type)) return projectSubscription(e as AdSubscriptionEvent);
    return projectPlan(e as AdPlanEvent);
  },
};

/** One advert with its subscription's tier, location and partner role; null when unknown. */
export async function adContentById(store: ReadStore, adContentId: string): Promise<AdContentRecord | null> {
  const content = await store.collection<AdContentDoc>(AD_CONTENT).findOne({ _id: adContentId });
  if (!content) return null;
  const subscription = await store.collection<AdSubscriptionFactsDoc>(AD_CONTENT_SUBSCRIPTIONS).findOne({ _id: content.subscriptionId });
  if (!subscription) return null;
  return withSubscription(content, subscription);
}

function withSubscription(content: AdContentDoc, s: AdSubscriptionFactsDoc): AdContentRecord {
  return { ...content, id: content._id, tier: s.tier, locationId: s.locationId, partnerRole: s.partnerRole, adPlanId: s.adPlanId, subscriptionStatus: s.status };
}

/** Adverts with their subscriptions (those whose subscription is unknown are left out). */
async function joined(store: ReadStore, contents: readonly AdContentDoc[]): Promise<AdContentRecord[]> {
  const subscriptions = await adSubscriptionFacts(store, [...new Set(contents.map((c) => c.subscriptionId))]);
  return contents.flatMap((c) => {
    const s = subscriptions.get(c.subscriptionId);
    return s ? [withSubscription(c, s)] : [];
  });
}

/** A partner's adverts (its Advertising tab), newest first. */
export async function adContentsOfPartner(store: ReadStore, partnerId: string): Promise<AdContentRecord[]> {
  return joined(store, await store.collection<AdContentDoc>(AD_CONTENT).find({ partnerId }, { sort: { createdAt: -1, _id: -1 } }));
}

/** The adverts in one status, oldest first: the admin's approval queue answers the longest waiting first. */
export async function adContentsWithStatus(store: ReadStore, status: AdContentStatus): Promise<AdContentRecord[]> {
  return joined(store, await store.collection<AdContentDoc>(AD_CONTENT).find({ status }, { sort: { createdAt: 1, _id: 1 } }));
}

/** The subscription facts of these subscriptions, by id. */
export async function adSubscriptionFacts(store: ReadStore, subscriptionIds: readonly string[]): Promise<Map<string, AdSubscriptionFactsDoc>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await store.collection<AdSubscriptionFactsDoc>(AD_CONTENT_SUBSCRIPTIONS).find({ _id: { $in: [...subscriptionIds] } });
  return new Map(rows.map((r) => [r._id, r]));
}

/** The active subscriptions of one location (GET /api/ads/active). */
export function activeAdSubscriptionsIn(store: ReadStore, locationId: string): Promise<AdSubscriptionFactsDoc[]> {
  return store.collection<AdSubscriptionFactsDoc>(AD_CONTENT_SUBSCRIPTIONS).find({ locationId, status: 'active' });
}

/** The approved (active) adverts of these subscriptions. */
export function activeContentOfSubscriptions(store: ReadStore, subscriptionIds: readonly string[]): Promise<AdContentDoc[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return store.collection<AdContentDoc>(AD_CONTENT).find({ subscriptionId: { $in: [...subscriptionIds] }, status: 'active' });
}

/** Every plan's facts (three tiers), by plan id. */
export async function adPlanFacts(store: ReadStore): Promise<Map<string, AdPlanFactsDoc>> {
  const rows = await store.collection<AdPlanFactsDoc>(AD_CONTENT_PLANS).find({});
  return new Map(rows.map((r) => [r._id, r]));
}

/** The business names of these partners, by partner id (the adverts' lists show whose advert). */
export async function businessNamesOf(store: ReadStore, partnerIds: readonly string[]): Promise<Map<string, string>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: [...new Set(partnerIds)] } }, { projection: { businessName: 1 } });
  return new Map(rows.map((r) => [r._id, r.businessName]));
}
