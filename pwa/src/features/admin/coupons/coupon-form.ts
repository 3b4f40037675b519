/**
 * The create-coupon form (POST /api/admin/coupons): its rules, with the messages of the contracts'
 * CreateCouponRequest (checked against it in the test beside this file), and its values as the
 * request body. Dates are whole days in New Zealand (Pacific/Auckland, as the list shows them,
 * whatever the device's zone): valid from the start of the first day, until the end of the last
 * (the server keeps the instants).
 */
import type { CreateCouponInput } from '@kainga/contracts';
import {
  COUPON_AMOUNT_MESSAGE,
  COUPON_CODE_MAX,
  COUPON_CODE_MESSAGE,
  COUPON_CODE_MIN,
  COUPON_CODE_PATTERN,
  COUPON_DESCRIPTION_MAX,
  COUPON_DISCOUNT_VALUE_MISSING,
  COUPON_MAX_REDEMPTIONS_MESSAGE,
  COUPON_NOTHING_OFFERED,
  COUPON_PERCENTAGE_MESSAGE,
  COUPON_TRIAL_DAYS_MAX,
  COUPON_TRIAL_DAYS_MESSAGE,
  COUPON_VALID_FROM_MESSAGE,
  COUPON_VALID_UNTIL_MESSAGE,
  type CouponDiscountType,
} from '@kainga/contracts/browser';
import { addDays, nzDay, startOfNZDay } from '../../../format/nz-time';
import { numberField, optionalText } from '../../../forms/field-builders';
import type { FieldValidator } from '../../../forms/validators';

/** 'none': a coupon of free trial days only. */
export type DiscountChoice = CouponDiscountType | 'none';

export interface CouponFormValues {
  code?: string;
  description?: string;
  discountType?: DiscountChoice;
  discountValue?: number | null;
  freeTrialDays?: number | null;
  maxRedemptions?: number | null;
  /** YYYY-MM-DD (an <input type="date">). */
  validFrom?: string;
  validUntil?: string;
  isActive?: boolean;
}
export const couponFormFields = ['code', 'description', 'discountType', 'discountValue', 'freeTrialDays', 'maxRedemptions', 'validFrom', 'validUntil', 'isActive'] as const;

export const discountOptions: { value: DiscountChoice; label: string }[] = [
  { value: 'percentage', label: 'Percentage off' },
  { value: 'amount', label: 'Amount off (NZD)' },
  { value: 'none', label: 'No discount (trial days only)' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const couponValidators = {
  code: (value: unknown) => {
    if (typeof value !== 'string') return COUPON_CODE_MESSAGE;
    const v = value.trim();
    return v.length < COUPON_CODE_MIN || v.length > COUPON_CODE_MAX || !COUPON_CODE_PATTERN.test(v) ? COUPON_CODE_MESSAGE : null;
  },
  description: optionalText(COUPON_DESCRIPTION_MAX, 'Description too long'),
  freeTrialDays: numberField({ notNumber: COUPON_TRIAL_DAYS_MESSAGE, whole: COUPON_TRIAL_DAYS_MESSAGE, min: 0, minMessage: COUPON_TRIAL_DAYS_MESSAGE, max: COUPON_TRIAL_DAYS_MAX, maxMessage: COUPON_TRIAL_DAYS_MESSAGE }, true),
  maxRedemptions: numberField({ notNumber: COUPON_MAX_REDEMPTIONS_MESSAGE, whole: COUPON_MAX_REDEMPTIONS_MESSAGE, min: 1, minMessage: COUPON_MAX_REDEMPTIONS_MESSAGE, max: 1_000_000, maxMessage: COUPON_MAX_REDEMPTIONS_MESSAGE }, true),
  validFrom: (value: unknown) => (typeof value === 'string' && DAY.test(value) && !Number.isNaN(startOfNZDay(value).getTime()) ? null : COUPON_VALID_FROM_MESSAGE),
} satisfies Record<string, FieldValidator>;

/** The discount's value, given the type chosen. */
export function discountValueProblem(type: DiscountChoice | undefined, value: unknown): string | null {
  if (!type || type === 'none') return null;
  if (value === undefined || value === null || value === '') return COUPON_DISCOUNT_VALUE_MISSING;
  if (typeof value !== 'number' || Number.isNaN(value)) return type === 'percentage' ? COUPON_PERCENTAGE_MESSAGE : COUPON_AMOUNT_MESSAGE;
  if (type === 'percentage') return value >= 1 && value <= 100 ? null : COUPON_PERCENTAGE_MESSAGE;
  return value >= 0.01 && value <= 1_000_000 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6 ? null : COUPON_AMOUNT_MESSAGE;
}

/** A coupon must offer something: a discount, trial days, or both. */
export function offerProblem(type: DiscountChoice | undefined, trialDays: number | null | undefined): string | null {
  return (!type || type === 'none') && !trialDays ? COUPON_NOTHING_OFFERED : null;
}

/** The last valid day, if any, must not come before the first. */
export function validUntilProblem(validFrom: string | undefined, validUntil: string | undefined): string | null {
  if (!validUntil) return null;
  if (!DAY.test(validUntil)) return COUPON_VALID_UNTIL_MESSAGE;
  return validFrom && DAY.test(validFrom) && validUntil < validFrom ? COUPON_VALID_UNTIL_MESSAGE : null;
}

/** Today in New Zealand, as YYYY-MM-DD (the form's first valid day by default). */
export const todayInput = (now = new Date()): string => nzDay(now);

export const couponFormDefaults = (now = new Date()): CouponFormValues => ({ discountType: 'percentage', freeTrialDays: 0, validFrom: todayInput(now), isActive: true });

/** The request body of valid form values: the code as typed (the server upper-cases it), the last day's end as validUntil. */
export function couponRequestFromForm(values: CouponFormValues): CreateCouponInput {
  const type = values.discountType && values.discountType !== 'none' ? values.discountType : null;
  let validUntil: string | null = null;
  if (values.validUntil) validUntil = startOfNZDay(addDays(values.validUntil, 1)).toISOString();
  return {
    code: (values.code ?? '').trim(),
    description: (values.description ?? '').trim(),
    discountType: type,
    discountValue: type ? (values.discountValue ?? null) : null,
    freeTrialDays: values.freeTrialDays ?? 0,
    maxRedemptions: values.maxRedemptions ?? null,
    validFrom: startOfNZDay(values.validFrom ?? '').toISOString(),
    validUntil,
    isActive: values.isActive ?? true,
  };
}
