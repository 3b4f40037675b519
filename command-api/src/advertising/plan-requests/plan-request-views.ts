import type { AdPlanRequestView } from '@kainga/contracts';
import { locationById } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { AD_SUBSCRIPTIONS, PARTNERS, adPlansById, type AdPlanRequestDoc, type AdSubscriptionDoc, type PartnerDoc } from '@kainga/projections';

/**
 * Requests as the admins read them: the partner's business and contact address, the plan and
 * town by name, and whether the partner holds an active subscription of that plan there now
 * (then the request is answered). Three reads for all of them.
 */
export async function adPlanRequestViews(store: ReadStore, docs: readonly AdPlanRequestDoc[]): Promise<AdPlanRequestView[]> {
  if (docs.length === 0) return [];
  const partnerIds = [...new Set(docs.map((d) => d.partnerId))];
  const [partners, plans, subscriptions] = await Promise.all([
    store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: partnerIds } }),
    adPlansById(store, docs.map((d) => d.adPlanId)),
    store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({ partnerId: { $in: partnerIds }, status: 'active' }),
  ]);
  const partnerById = new Map(partners.map((p) => [p._id, p]));
  const held = new Set(subscriptions.map((s) => `${s.partnerId}|${s.adPlanId}|${s.locationId}`));
  return docs.map((d) => {
    const partner = partnerById.get(d.partnerId);
    const plan = plans.get(d.adPlanId);
    return {
      id: d._id,
      partnerId: d.partnerId,
      businessName: partner?.businessName ?? d.partnerId,
      contactEmail: partner?.contactEmail ?? '',
      adPlanId: d.adPlanId,
      planName: plan?.name ?? d.adPlanId,
      tier: plan?.tier ?? null,
      locationId: d.locationId,
      cityName: locationById(d.locationId)?.cityName ?? d.locationId,
      message: d.message,
      requestedAt: d.requestedAt,
      allocated: held.has(`${d.partnerId}|${d.adPlanId}|${d.locationId}`),
    };
  });
}
