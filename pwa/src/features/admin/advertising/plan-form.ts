/**
 * The plan form (POST /api/admin/ad-plans, PUT /api/admin/ad-plans/{id}): its rules, with the
 * messages of the contracts' AdPlanRequest (checked against it in the test beside this file), and
 * its values as the request body.
 */
import type { AdPlanRequest, AdPlanView } from '@kainga/contracts';
import type { AdPlacement, AdTier } from '@kainga/contracts/browser';
import { numberField, optionalText, requiredChoice, requiredText } from '../../../forms/field-builders';
import type { FieldValidator } from '../../../forms/validators';

export interface PlanFormValues {
  tier?: AdTier;
  name?: string;
  description?: string;
  monthlyPrice?: number | null;
  pricePerLead?: number | null;
  adWidth?: number | null;
  adHeight?: number | null;
  priority?: number | null;
  maxImpressions?: number | null;
  allowedPlacements?: AdPlacement[];
  features?: string[];
  isActive?: boolean;
}
export const planFormFields = [
  'tier',
  'name',
  'description',
  'monthlyPrice',
  'pricePerLead',
  'adWidth',
  'adHeight',
  'priority',
  'maxImpressions',
  'allowedPlacements',
  'features',
  'isActive',
] as const;

const money = (what: string, optional: boolean) =>
  numberField({ notNumber: `${what} must be a number`, min: 0, minMessage: `${what} cannot be negative`, max: 1_000_000, maxMessage: `${what} is too large` }, optional);
const whole = (what: string, min: number, max: number, optional: boolean) =>
  numberField(
    { notNumber: `${what} must be a whole number`, whole: `${what} must be a whole number`, min, minMessage: `${what} must be at least ${min}`, max, maxMessage: `${what} cannot exceed ${max}` },
    optional,
  );

const PLACEMENTS_MESSAGE = 'Choose where the plan may show adverts';
export const MAX_FEATURES = 20;

export const planValidators = {
  tier: requiredChoice('Please choose a tier'),
  name: requiredText(1, 'Plan name is required', 100, 'Plan name is too long'),
  description: optionalText(1000, 'Description too long'),
  monthlyPrice: money('Monthly price', false),
  // Blank means the contract's default (0), as the request builder sends it.
  pricePerLead: money('Price per lead', true),
  adWidth: whole('Ad width', 1, 4000, false),
  adHeight: whole('Ad height', 1, 4000, false),
  priority: whole('Priority', 0, 1000, true),
  maxImpressions: whole('Max impressions', 1, 100_000_000, false),
  allowedPlacements: (value) => (Array.isArray(value) && value.length > 0 ? null : PLACEMENTS_MESSAGE),
  features: (value) => {
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) return 'A feature is too long';
    if (value.length > MAX_FEATURES) return `At most ${MAX_FEATURES} features`;
    return value.some((f) => typeof f !== 'string' || f.trim().length > 200) ? 'A feature is too long' : null;
  },
} satisfies Record<Exclude<(typeof planFormFields)[number], 'isActive'>, FieldValidator>;

/** The form's starting values: the plan being edited, or a new plan in the first free tier. */
export function planFormValues(plan: AdPlanView | null, tier: AdTier | undefined): PlanFormValues {
  if (!plan) return { tier, description: '', pricePerLead: 0, priority: 0, allowedPlacements: [], features: [], isActive: true };
  const { name, description, monthlyPrice, pricePerLead, adWidth, adHeight, priority, maxImpressions, allowedPlacements, features, isActive } = plan;
  return { tier: plan.tier, name, description, monthlyPrice, pricePerLead, adWidth, adHeight, priority, maxImpressions, allowedPlacements, features, isActive };
}

/** The request body of valid form values: texts trimmed, blank features dropped, blanks as the defaults. */
export function planRequestFromForm(values: PlanFormValues): AdPlanRequest {
  return {
    tier: values.tier as AdTier,
    name: (values.name ?? '').trim(),
    description: (values.description ?? '').trim(),
    monthlyPrice: values.monthlyPrice as number,
    pricePerLead: values.pricePerLead ?? 0,
    adWidth: values.adWidth as number,
    adHeight: values.adHeight as number,
    priority: values.priority ?? 0,
    maxImpressions: values.maxImpressions as number,
    allowedPlacements: values.allowedPlacements ?? [],
    features: (values.features ?? []).map((f) => f.trim()).filter((f) => f.length > 0),
    isActive: values.isActive ?? true,
  };
}
