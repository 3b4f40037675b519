import { AD_INTERLEAVE, AD_SIDEBAR_MAX, locationById, type ActiveAd, type AdPlacement, type AdTier, type PartnerRoleName } from '@kainga/contracts';
import type { AdCandidate } from '@kainga/projections';

export interface ActiveAdsAsked {
  placement: AdPlacement;
  /** The advertiser's partner role asked for (partnerRoleOfTarget of `targetRole`); null: any. */
  partnerRole: PartnerRoleName | null;
  /** Impressions per subscription in the current NZ calendar month. */
  impressionsThisMonth: ReadonlyMap<string, number>;
}

/**
 * Whether an advert may show (consumer spec §3, §9): approved, its subscription active, its plan
 * active and allowing the placement, its partner still holding the role (asked for, when asked),
 * and its subscription under the plan's maxImpressions this month. The location was chosen by the
 * read (activeAdCandidates).
 */
function eligible(c: AdCandidate, asked: ActiveAdsAsked): boolean {
  const { content, subscription, plan, partner, user } = c;
  if (content.status !== 'active' || subscription.status !== 'active') return false;
  if (!plan || !plan.isActive || !plan.allowedPlacements.includes(asked.placement)) return false;
  if (!partner || !user || !user.roles.includes(partner.role)) return false;
  if (asked.partnerRole && partner.role !== asked.partnerRole) return false;
  return (asked.impressionsThisMonth.get(subscription._id) ?? 0) < plan.maxImpressions;
}

/** Higher plan priority first; then the advert approved first, so the order is stable. */
const byPriority = (a: AdCandidate, b: AdCandidate) =>
  (b.plan?.priority ?? 0) - (a.plan?.priority ?? 0) || (a.content.approvedAt ?? '').localeCompare(b.content.approvedAt ?? '') || a.content._id.localeCompare(b.content._id);

/** Silver and bronze in turns of 3 silver then 2 bronze (AD_INTERLEAVE); the rest of the longer list follows. */
export function interleave<T>(silver: readonly T[], bronze: readonly T[]): T[] {
  const out: T[] = [];
  let s = 0;
  let b = 0;
  while (s < silver.length || b < bronze.length) {
    for (let i = 0; i < AD_INTERLEAVE.silver && s < silver.length; i++) out.push(silver[s++]!);
    for (let i = 0; i < AD_INTERLEAVE.bronze && b < bronze.length; i++) out.push(bronze[b++]!);
  }
  return out;
}

/**
 * The adverts to show, in order: gold first (by plan priority), then silver and bronze
 * interleaved 3 : 2. The valuation sidebar shows gold only, at most AD_SIDEBAR_MAX.
 */
export function selectActiveAds(candidates: readonly AdCandidate[], asked: ActiveAdsAsked): AdCandidate[] {
  const of = (tier: AdTier) => candidates.filter((c) => c.subscription.tier === tier && eligible(c, asked)).sort(byPriority);
  const gold = of('gold');
  if (asked.placement === 'sidebar_valuation') return gold.slice(0, AD_SIDEBAR_MAX);
  return [...gold, ...interleave(of('silver'), of('bronze'))];
}

/** An advert as the consumer screens read it (consumer spec §3), but for its serve token (the route signs one per browser session). */
export function toActiveAd({ content, subscription, partner, user }: AdCandidate): Omit<ActiveAd, 'serveToken'> {
  const p = partner!;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return {
    id: content._id,
    adContentId: content._id,
    tier: subscription.tier,
    adPlan: { tier: subscription.tier },
    partnerId: p._id,
    partnerRole: p.role,
    partnerName: name || p.businessName,
    businessName: p.businessName,
    bio: p.bio,
    videoLink: p.videoLink,
    contactEmail: p.contactEmail,
    contactPhone: p.contactPhone,
    profileImage: p.profileImage,
    subscriptionId: subscription._id,
    cityName: locationById(subscription.locationId)?.cityName ?? subscription.locationId,
    title: content.title,
    description: content.description,
    imageUrl: content.imageUrl,
    ctaText: content.ctaText,
    ctaUrl: content.ctaUrl,
    demo: content.demo || subscription.demo,
  };
}
