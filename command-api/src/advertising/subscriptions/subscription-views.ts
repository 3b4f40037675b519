import type { AdminAdSubscriptionView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { locationById } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { adPlansById, PARTNERS, type AdPlanDoc, type AdSubscriptionDoc, type PartnerDoc } from '@kainga/projections';
import { usersById } from '../../partners/partner-views';
import { toAdPlanView } from '../plans/ad-plan-view';

const locationOf = (id: string) => {
  const l = locationById(id);
  return { id, cityName: l?.cityName ?? id, region: l?.region ?? '' };
};

function toPartnerView(doc: AdSubscriptionDoc, plan: AdPlanDoc): PartnerAdSubscriptionView {
  return {
    id: doc._id,
    adPlanId: doc.adPlanId,
    partnerId: doc.partnerId,
    locationId: doc.locationId,
    status: doc.status,
    startDate: doc.startDate,
    endDate: doc.endDate,
    autoRenew: doc.autoRenew,
    totalImpressions: doc.totalImpressions,
    totalClicks: doc.totalClicks,
    adPlan: toAdPlanView(plan),
    location: locationOf(doc.locationId),
    demo: doc.demo,
    via: doc.source.via,
    stripeSubscriptionId: doc.stripeSubscriptionId ?? null,
    stripeSubscriptionStatus: doc.stripeSubscriptionStatus ?? null,
    currentPeriodStart: doc.currentPeriodStart ?? null,
    currentPeriodEnd: doc.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: doc.cancelAtPeriodEnd ?? false,
    lastPaymentError: doc.lastPaymentError ?? null,
    paymentDueSince: doc.paymentDueSince ?? null,
    paymentRetries: doc.paymentRetries ?? 0,
    statusReason: doc.statusReason ?? null,
  };
}

/** The partner's Advertising tab: each subscription with its plan and location embedded. */
export async function partnerSubscriptionViews(store: ReadStore, docs: readonly AdSubscriptionDoc[]): Promise<PartnerAdSubscriptionView[]> {
  const plans = await adPlansById(store, docs.map((d) => d.adPlanId));
  // A plan is never deleted, so a subscription without one is a read model still catching up: left out.
  return docs.flatMap((d) => {
    const plan = plans.get(d.adPlanId);
    return plan ? [toPartnerView(d, plan)] : [];
  });
}

/** The admin's list (spec 001 §3): with the partner (name, email, business, role) embedded too. */
export async function adminSubscriptionViews(store: ReadStore, docs: readonly AdSubscriptionDoc[]): Promise<AdminAdSubscriptionView[]> {
  const [plans, users, partners] = await Promise.all([
    adPlansById(store, docs.map((d) => d.adPlanId)),
    usersById(store, docs.map((d) => d.partnerUserId)),
    docs.length ? store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: [...new Set(docs.map((d) => d.partnerId))] } }) : Promise.resolve([]),
  ]);
  const partnerById = new Map(partners.map((p) => [p._id, p]));
  return docs.flatMap((d) => {
    const plan = plans.get(d.adPlanId);
    if (!plan) return [];
    const user = users.get(d.partnerUserId);
    const partner = partnerById.get(d.partnerId);
    return [
      {
        ...toPartnerView(d, plan),
        partner: {
          id: d.partnerId,
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          email: user?.email ?? '',
          businessName: partner?.businessName ?? '',
          roleId: d.partnerRole,
        },
      },
    ];
  });
}
