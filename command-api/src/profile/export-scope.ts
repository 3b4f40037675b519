import type { UserDoc } from '@kainga/contracts';
import { adPlanRequestStream, nzLocations } from '@kainga/contracts';
import type { ReadStore, Stores } from '@kainga/platform';
import {
  AD_PLAN_REQUESTS,
  AD_PLANS,
  COUPON_REDEMPTIONS,
  listCoupons,
  locationsOfPartners,
  PARTNER_LEADS,
  type AdContentDoc,
  type AdPlanDoc,
  type AdPlanRequestDoc,
  type AdSubscriptionDoc,
  type CouponRedemptionDoc,
  type PartnerApplicationDoc,
  type PartnerDoc,
  type PartnerLocationDoc,
} from '@kainga/projections';
import { emailReservationStream } from '../accounts/email-reservation';
import { idsOf } from './paged-reads';
import { perPartner, personHoldingsOf } from './person-holdings';

/**
 * Whose data an export holds, found through the read models' own indexes: the account, and the
 * small records that belong to it (partner records, applications, subscriptions, adverts, plan
 * requests, coupons redeemed) read whole; the ids of the long lists (properties, valuations,
 * requests sent and received) walked id-only a page at a time, so the history can tell the
 * person's own streams from everyone else's. Nothing here scans a collection or the log.
 */
export interface ExportScope {
  user: UserDoc;
  partners: PartnerDoc[];
  partnerLocations: Map<string, PartnerLocationDoc[]>;
  applications: PartnerApplicationDoc[];
  subscriptions: AdSubscriptionDoc[];
  adverts: AdContentDoc[];
  planRequests: AdPlanRequestDoc[];
  couponRedemptions: CouponRedemptionDoc[];
  /** Streams of the records that are the person's (the account, partner records, and so on). */
  ownStreams: Set<string>;
  /** The streams of the requests the person sent to partners. */
  sentLeadStreams: Set<string>;
  /** Whether an event stream is one of the person's (theirs, or a record of their partner business). */
  isOwnStream: (stream: string) => boolean;
  counts: { properties: number; valuations: number; messagesSent: number; leadsReceived: number };
}


/** What the export of `userId` covers; null when there is no such account. */
export async function exportScopeOf(stores: Pick<Stores, 'readStore' | 'eventStore' | 'personalKeys'>, userId: string): Promise<ExportScope | null> {
  const store = stores.readStore;
  const held = await personHoldingsOf(store, userId);
  if (!held) return null;
  const { user, partners, partnerIds, applications, subscriptions, adverts, propertyIds, valuationIds, sentLeadIds } = held;
  const [partnerLocations, planRequests, receivedLeadIds] = await Promise.all([
    locationsOfPartners(store, partnerIds),
    planRequestsOf(store, partnerIds),
    perPartner(partnerIds, (partnerId) => idsOf(store, PARTNER_LEADS, { partnerId })),
  ]);
  const couponRedemptions = await redemptionsOf(store, subscriptions.map((s) => s._id));
  const ownStreams = new Set<string>([
    `user-${userId}`,
    `personalDataExports-${userId}`,
    await emailReservationStream(stores, user.email),
    ...partnerIds.flatMap((id) => [`partner-${id}`, `paymentCustomer-${id}`]),
    ...applications.map((a) => `partnerApplication-${a._id}`),
    ...subscriptions.map((s) => `adSubscription-${s._id}`),
    ...adverts.map((a) => `adContent-${a._id}`),
    ...planRequests.map((r) => r._id),
    ...propertyIds.map((id) => `property-${id}`),
    ...valuationIds.map((id) => `valuation-${id}`),
    ...sentLeadIds.map((id) => `partnerLead-${id}`),
    // A partner's leads are its business records, and so are their charges.
    ...receivedLeadIds.flatMap((id) => [`partnerLead-${id}`, `leadCharge-${id}`]),
  ]);
  // Streams named by a partner id and something more: its advert slots and daily charge allowances.
  const partnerPrefixes = partnerIds.flatMap((id) => [`adSlot-${id}-`, `leadChargeAllowance-${id}-`]);
  const subscriptionPrefixes = subscriptions.map((s) => `adImpressionAllowance-${s._id}-`);
  const prefixes = [...partnerPrefixes, ...subscriptionPrefixes];
  return {
    user,
    partners,
    partnerLocations,
    applications,
    subscriptions,
    adverts,
    planRequests,
    couponRedemptions,
    ownStreams,
    sentLeadStreams: new Set(sentLeadIds.map((id) => `partnerLead-${id}`)),
    isOwnStream: (stream) => ownStreams.has(stream) || prefixes.some((p) => stream.startsWith(p)),
    counts: { properties: propertyIds.length, valuations: valuationIds.length, messagesSent: sentLeadIds.length, leadsReceived: receivedLeadIds.length },
  };
}

/**
 * A partner's plan requests, by `_id` (`adPlanRequest-<partnerId>-<adPlanId>-<locationId>`): the
 * read model is indexed for the admins' queue only, and the ids a partner could have are few
 * (its roles × the plans × the towns), each a read of the primary index.
 */
async function planRequestsOf(store: ReadStore, partnerIds: readonly string[]): Promise<AdPlanRequestDoc[]> {
  if (partnerIds.length === 0) return [];
  const plans = await store.collection<AdPlanDoc>(AD_PLANS).find({});
  const ids = partnerIds.flatMap((p) => plans.flatMap((plan) => nzLocations.map((l) => adPlanRequestStream(p, plan._id, l.id))));
  return ids.length === 0 ? [] : store.collection<AdPlanRequestDoc>(AD_PLAN_REQUESTS).find({ _id: { $in: ids } }, { sort: { requestedAt: 1, _id: 1 } });
}

/** Coupons redeemed on these subscriptions, by `_id` (`<couponId>:<subscriptionId>`): the coupons are tens, the subscriptions few. */
async function redemptionsOf(store: ReadStore, subscriptionIds: readonly string[]): Promise<CouponRedemptionDoc[]> {
  if (subscriptionIds.length === 0) return [];
  const coupons = await listCoupons(store);
  const ids = coupons.flatMap((c) => subscriptionIds.map((s) => `${c._id}:${s}`));
  return ids.length === 0 ? [] : store.collection<CouponRedemptionDoc>(COUPON_REDEMPTIONS).find({ _id: { $in: ids } });
}
