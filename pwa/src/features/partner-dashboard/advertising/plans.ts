/**
 * What the Advertising tab shows of plans and subscriptions (spec 001 §2, §3, §9): the active
 * plans in tier order gold, silver, bronze, and the labels of a subscription's state.
 */
import type { AdPlanView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { adTiers, type AdSubscriptionStatus } from '@kainga/contracts/browser';

const tierRank = (tier: AdPlanView['tier']) => adTiers.indexOf(tier);

/** The plans a partner may subscribe to: active ones, gold, silver, bronze (then higher priority first). */
export function availablePlans(plans: readonly AdPlanView[]): AdPlanView[] {
  return plans.filter((p) => p.isActive).sort((a, b) => tierRank(a.tier) - tierRank(b.tier) || b.priority - a.priority || a.name.localeCompare(b.name, 'en-NZ'));
}

export const subscriptionStatusLabels: Record<AdSubscriptionStatus, string> = { incomplete: 'Awaiting payment', active: 'Active', paused: 'Paused', expired: 'Expired' };

/** Subscriptions as listed: live ones (active, awaiting payment, then paused) before expired, newest first within each. */
export function orderedSubscriptions(subscriptions: readonly PartnerAdSubscriptionView[]): PartnerAdSubscriptionView[] {
  const rank: Record<AdSubscriptionStatus, number> = { active: 0, incomplete: 1, paused: 2, expired: 3 };
  return [...subscriptions].sort((a, b) => rank[a.status] - rank[b.status] || b.startDate.localeCompare(a.startDate));
}

/** Subscriptions an advert can be written for: not expired (an expired one never shows adverts again). */
export const advertisableSubscriptions = (subscriptions: readonly PartnerAdSubscriptionView[]) => orderedSubscriptions(subscriptions).filter((s) => s.status !== 'expired');

/** "Gold Premium — Auckland", for the advert form's subscription choice and the advert cards. */
export const subscriptionLabel = (s: Pick<PartnerAdSubscriptionView, 'adPlan' | 'location'>) => `${s.adPlan.name} — ${s.location.cityName}`;

/**
 * The plan's facts under its price: size, the monthly impressions (unless the configured features
 * already say it), the price per lead when there is one, then the features.
 */
export function planFacts(plan: Pick<AdPlanView, 'adWidth' | 'adHeight' | 'maxImpressions' | 'pricePerLead' | 'features'>, formatMoney: (n: number) => string): string[] {
  const facts = [`Advert size ${planDimensions(plan)}`];
  if (!plan.features.some((f) => /impressions/i.test(f))) facts.push(`Up to ${plan.maxImpressions.toLocaleString('en-NZ')} impressions a month`);
  if (plan.pricePerLead > 0 && !plan.features.some((f) => /per lead/i.test(f))) facts.push(`${formatMoney(plan.pricePerLead)} per lead`);
  return [...facts, ...plan.features];
}

/** "300 × 250 px". */
export const planDimensions = (plan: Pick<AdPlanView, 'adWidth' | 'adHeight'>) => `${plan.adWidth} × ${plan.adHeight} px`;
