import type { UserDoc } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { activeContentOfSubscriptions, type AdContentDoc, type AdSubscriptionFacts } from './ad-content';
import { adPlansById, type AdPlanDoc } from './ad-plans';
import { activeSubscriptionsIn } from './ad-subscriptions';
import { PARTNERS, type PartnerDoc } from './partners';
import { USERS } from './users';

/** An approved advert of an active subscription, with everything the selection rules weigh. */
export interface AdCandidate {
  content: AdContentDoc;
  subscription: AdSubscriptionFacts;
  /** Null when the plan is unknown (then the advert does not show). */
  plan: Pick<AdPlanDoc, '_id' | 'tier' | 'isActive' | 'priority' | 'maxImpressions' | 'allowedPlacements'> | null;
  /** Null when the partner record is gone. */
  partner: PartnerDoc | null;
  /** The partner's user, for its name and whether it still holds the role. */
  user: Pick<UserDoc, '_id' | 'firstName' | 'lastName' | 'roles'> | null;
}

/**
 * The candidates of GET /api/ads/active: the active subscriptions of one location (every
 * location when null), their approved adverts, plans, partners and users — five indexed reads
 * whatever the number of adverts elsewhere. The rules (placement, role, monthly cap, order) are
 * the API's pure selection (command-api/src/advertising/active-ads/select-active-ads.ts).
 */
export async function activeAdCandidates(store: ReadStore, locationId: string | null): Promise<AdCandidate[]> {
  const subscriptions = await activeSubscriptionsIn(store, locationId);
  if (subscriptions.length === 0) return [];
  const contents = await activeContentOfSubscriptions(store, subscriptions.map((s) => s._id));
  if (contents.length === 0) return [];
  const bySubscription = new Map(subscriptions.map((s) => [s._id, s]));
  const partnerIds = [...new Set(subscriptions.map((s) => s.partnerId))];
  const [plans, partners] = await Promise.all([adPlansById(store, subscriptions.map((s) => s.adPlanId)), store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: partnerIds } })]);
  const partnerById = new Map(partners.map((p) => [p._id, p]));
  const users = await store
    .collection<UserDoc>(USERS)
    .find({ _id: { $in: [...new Set(partners.map((p) => p.userId))] } }, { projection: { firstName: 1, lastName: 1, roles: 1 } });
  const userById = new Map(users.map((u) => [u._id, u]));
  return contents.map((content) => {
    const subscription = bySubscription.get(content.subscriptionId)!;
    const partner = partnerById.get(subscription.partnerId) ?? null;
    return { content, subscription, plan: plans.get(subscription.adPlanId) ?? null, partner, user: (partner && userById.get(partner.userId)) ?? null };
  });
}
