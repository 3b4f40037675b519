import type { AdContentEvent, AdContentFields, AdContentStatus, AdSubscriptionStatus, AdTier, PartnerRoleName } from '@kainga/contracts';
import { adContentEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { subscriptionsByIds, type AdSubscriptionDoc } from './ad-subscriptions';
import { PARTNERS, type PartnerDoc } from './partners';
import { byIds, erasedValuesOf, personErasedOf, withPersonErased, type PersonErasedData } from './person-erased';

/**
 * The `ad_content` read model: one document per advert (its words, picture and approval state).
 * Whether an advert may show also depends on its subscription and plan: readers join the
 * `ad_subscriptions` and `ad_plans` read models by id (each an indexed read) rather than this
 * model keeping copies of them (GET /api/ads/active in active-ads.ts, the partner's and the
 * admin's lists in the API).
 */
export const AD_CONTENT = 'ad_content';

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
  /** When its partner was erased (PersonErased): its words and picture read as erased and it never shows again. */
  erasedAt?: string;
  [key: string]: unknown;
}

/** What an advert needs to know of its subscription (a part of the `ad_subscriptions` document). */
export type AdSubscriptionFacts = Pick<AdSubscriptionDoc, '_id' | 'partnerId' | 'partnerRole' | 'adPlanId' | 'tier' | 'locationId' | 'status' | 'demo'>;

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

export const adContentProjector: Projector = {
  name: 'ad_content',
  // 2: the copies of subscriptions and plans it kept beside the adverts are gone (read from their own models).
  // 3: an erased partner's adverts (PersonErased).
  version: 3,
  collections: [AD_CONTENT],
  filter: withPersonErased({ eventTypes: adContentEventTypes, streamPrefixes: ['adContent-'] }),
  indexes: {
    [AD_CONTENT]: [{ keys: { subscriptionId: 1, status: 1 } }, { keys: { partnerId: 1, createdAt: -1 } }, { keys: { status: 1, createdAt: 1 } }],
  },
  project: (event: RecordedEvent): CollectionWrite[] => {
    const erased = personErasedOf(event);
    return erased ? eraseAdverts(erased) : projectContent({ type: event.type, data: event.data } as AdContentEvent);
  },
};

/**
 * An erased partner's adverts: the words, picture and link as AdContentSubmitted reads once
 * erased, paused (out of the approval queue and the active adverts); their counts in the
 * analytics stay. A later status event cannot bring one back: the active reads skip `erasedAt`.
 */
function eraseAdverts(data: PersonErasedData): CollectionWrite[] {
  const ids = data.records.adContentIds;
  if (ids.length === 0) return [];
  return [{ collection: AD_CONTENT, updateMany: { filter: byIds(ids), update: { $set: { ...erasedValuesOf('AdContentSubmitted', 'content.'), status: 'paused', erasedAt: data.at } } } }];
}

/** One advert with its subscription's tier, location and partner role; null when unknown. */
export async function adContentById(store: ReadStore, adContentId: string): Promise<AdContentRecord | null> {
  const content = await store.collection<AdContentDoc>(AD_CONTENT).findOne({ _id: adContentId });
  if (!content) return null;
  const subscription = (await subscriptionsByIds(store, [content.subscriptionId])).get(content.subscriptionId);
  return subscription ? withSubscription(content, subscription) : null;
}

function withSubscription(content: AdContentDoc, s: AdSubscriptionFacts): AdContentRecord {
  return { ...content, id: content._id, tier: s.tier, locationId: s.locationId, partnerRole: s.partnerRole, adPlanId: s.adPlanId, subscriptionStatus: s.status };
}

/** Adverts with their subscriptions (those whose subscription is unknown are left out). */
async function joined(store: ReadStore, contents: readonly AdContentDoc[]): Promise<AdContentRecord[]> {
  const subscriptions = await subscriptionsByIds(store, contents.map((c) => c.subscriptionId));
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

/** The approved (active) adverts of these subscriptions. */
export function activeContentOfSubscriptions(store: ReadStore, subscriptionIds: readonly string[]): Promise<AdContentDoc[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return store
    .collection<AdContentDoc>(AD_CONTENT)
    .find({ subscriptionId: { $in: [...subscriptionIds] }, status: 'active' })
    .then((contents) => contents.filter((c) => !c.erasedAt));
}

/** The business names of these partners, by partner id (the adverts' lists show whose advert). */
export async function businessNamesOf(store: ReadStore, partnerIds: readonly string[]): Promise<Map<string, string>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: [...new Set(partnerIds)] } }, { projection: { businessName: 1 } });
  return new Map(rows.map((r) => [r._id, r.businessName]));
}
