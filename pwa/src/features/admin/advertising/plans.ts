/**
 * The plan list of Advertising Plan Management (partner/admin spec "/admin", §3 "Ad plan", §9):
 * tiers shown gold, silver, bronze; a badge per tier; dimensions as "W x H px"; and the plan as
 * the edit form and the PUT body see it.
 */
import type { AdPlanRequest, AdPlanView } from '@kainga/contracts';
import { adPlacements, adTierLabels, adTiers, type AdPlacement, type AdTier } from '@kainga/contracts/browser';
import { formatNZD } from '../../../format/format';

export const tierBadges: Record<AdTier, { label: string; color: string }> = {
  gold: { label: adTierLabels.gold, color: 'gold' },
  silver: { label: adTierLabels.silver, color: 'default' },
  bronze: { label: adTierLabels.bronze, color: 'orange' },
};

export const placementLabels: Record<AdPlacement, string> = {
  sidebar_valuation: 'Valuation sidebar',
  mortgage_calculator: 'Mortgage calculator',
  rental_assessment: 'Rental assessment',
  property_results: 'Property results',
};
export const placementOptions = adPlacements.map((p) => ({ value: p, label: placementLabels[p] }));

const tierRank = (tier: AdTier) => adTiers.indexOf(tier);

/** Plans in the spec's tier order (gold, silver, bronze); one tier's plans by name. */
export function sortPlans<P extends Pick<AdPlanView, 'tier' | 'name'>>(plans: readonly P[]): P[] {
  return [...plans].sort((a, b) => tierRank(a.tier) - tierRank(b.tier) || a.name.localeCompare(b.name, 'en-NZ'));
}

/** "728 x 90 px". */
export const planDimensions = (plan: Pick<AdPlanView, 'adWidth' | 'adHeight'>) => `${plan.adWidth} x ${plan.adHeight} px`;

/** "$1,250/month" (NZD, en-NZ, no decimals). */
export const planMonthlyPrice = (plan: Pick<AdPlanView, 'monthlyPrice'>) => `${formatNZD(plan.monthlyPrice)}/month`;

/** The allocate form's plan choices: active plans only, in tier order. */
export function activePlanOptions(plans: readonly AdPlanView[]): { value: string; label: string }[] {
  return sortPlans(plans.filter((p) => p.isActive)).map((p) => ({
    value: p.id,
    label: `${adTierLabels[p.tier]} · ${p.name} (${planMonthlyPrice(p)})`,
  }));
}

/** A tier has at most one plan (ad_plans.tier is unique): a new plan can only take a free tier. */
export function freeTiers(plans: readonly Pick<AdPlanView, 'tier'>[]): AdTier[] {
  const taken = new Set(plans.map((p) => p.tier));
  return adTiers.filter((t) => !taken.has(t));
}

/** The PUT body that keeps a plan as it is (switching it on or off changes only isActive). */
export function planRequestOf(plan: AdPlanView, changes: Partial<AdPlanRequest> = {}): AdPlanRequest {
  const { tier, name, description, monthlyPrice, pricePerLead, adWidth, adHeight, priority, maxImpressions, allowedPlacements, features, isActive } = plan;
  return { tier, name, description, monthlyPrice, pricePerLead, adWidth, adHeight, priority, maxImpressions, allowedPlacements, features, isActive, ...changes };
}
