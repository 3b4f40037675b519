import { z } from 'zod';
import {
  COUPON_AMOUNT_MESSAGE,
  COUPON_CODE_MAX,
  COUPON_CODE_MESSAGE,
  COUPON_CODE_MIN,
  COUPON_CODE_PATTERN,
  COUPON_DESCRIPTION_MAX,
  COUPON_DISCOUNT_TYPE_MISSING,
  COUPON_DISCOUNT_VALUE_MISSING,
  COUPON_MAX_REDEMPTIONS_MESSAGE,
  COUPON_NOTHING_OFFERED,
  COUPON_PERCENTAGE_MESSAGE,
  COUPON_TRIAL_DAYS_MAX,
  COUPON_TRIAL_DAYS_MESSAGE,
  COUPON_VALID_FROM_MESSAGE,
  COUPON_VALID_UNTIL_MESSAGE,
  couponDiscountTypes,
  normaliseCouponCode,
} from '../coupons';
import { CouponDiscountTypeSchema } from '../events/coupons';

/**
 * The admin's coupon requests and views (spec 001 §3 coupon_codes, coupon_redemptions), with the
 * texts of ../coupons.ts; the checkout's couponCode is in api/billing.ts.
 */
const isoTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/** POST /api/admin/coupons. */
export const CreateCouponRequest = z
  .strictObject({
    code: z
      .string({ error: COUPON_CODE_MESSAGE })
      .trim()
      .min(COUPON_CODE_MIN, COUPON_CODE_MESSAGE)
      .max(COUPON_CODE_MAX, COUPON_CODE_MESSAGE)
      .regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE)
      .transform(normaliseCouponCode),
    description: z.string().trim().max(COUPON_DESCRIPTION_MAX, 'Description too long').default(''),
    discountType: z
      .enum(couponDiscountTypes, { error: COUPON_DISCOUNT_TYPE_MISSING })
      .nullish()
      .transform((v) => v ?? null),
    discountValue: z
      .number({ error: 'The discount must be a number.' })
      .nullish()
      .transform((v) => v ?? null),
    freeTrialDays: z.number({ error: COUPON_TRIAL_DAYS_MESSAGE }).int(COUPON_TRIAL_DAYS_MESSAGE).min(0, COUPON_TRIAL_DAYS_MESSAGE).max(COUPON_TRIAL_DAYS_MAX, COUPON_TRIAL_DAYS_MESSAGE).default(0),
    maxRedemptions: z
      .number({ error: COUPON_MAX_REDEMPTIONS_MESSAGE })
      .int(COUPON_MAX_REDEMPTIONS_MESSAGE)
      .min(1, COUPON_MAX_REDEMPTIONS_MESSAGE)
      .max(1_000_000, COUPON_MAX_REDEMPTIONS_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    validFrom: isoTime(COUPON_VALID_FROM_MESSAGE),
    validUntil: isoTime('The valid-until date is not a date.')
      .nullish()
      .transform((v) => v ?? null),
    isActive: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.discountType && c.discountValue === null) ctx.addIssue({ code: 'custom', path: ['discountValue'], message: COUPON_DISCOUNT_VALUE_MISSING });
    if (!c.discountType && c.discountValue !== null) ctx.addIssue({ code: 'custom', path: ['discountType'], message: COUPON_DISCOUNT_TYPE_MISSING });
    if (c.discountType === 'percentage' && c.discountValue !== null && !(c.discountValue >= 1 && c.discountValue <= 100)) ctx.addIssue({ code: 'custom', path: ['discountValue'], message: COUPON_PERCENTAGE_MESSAGE });
    // NZD, charged in cents: at least one cent, and no fraction of one.
    if (c.discountType === 'amount' && c.discountValue !== null && !(c.discountValue >= 0.01 && c.discountValue <= 1_000_000 && Math.abs(Math.round(c.discountValue * 100) - c.discountValue * 100) < 1e-6))
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: COUPON_AMOUNT_MESSAGE });
    if (!c.discountType && c.discountValue === null && c.freeTrialDays === 0) ctx.addIssue({ code: 'custom', path: ['discountType'], message: COUPON_NOTHING_OFFERED });
    if (c.validUntil && Date.parse(c.validUntil) <= Date.parse(c.validFrom)) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: COUPON_VALID_UNTIL_MESSAGE });
  });
export type CreateCouponRequest = z.infer<typeof CreateCouponRequest>;
export type CreateCouponInput = z.input<typeof CreateCouponRequest>;

/** PATCH /api/admin/coupons/{couponId}: switch a coupon off or on again. */
export const UpdateCouponRequest = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false.' }) });
export type UpdateCouponRequest = z.infer<typeof UpdateCouponRequest>;

/** A coupon as the admin's list shows it (spec 001 §3 coupon_codes). */
export const CouponView = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  discountType: CouponDiscountTypeSchema.nullable(),
  discountValue: z.number().nullable(),
  freeTrialDays: z.number(),
  maxRedemptions: z.number().nullable(),
  currentRedemptions: z.number(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  isActive: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CouponView = z.infer<typeof CouponView>;

/** One use of a coupon (spec 001 §3 coupon_redemptions), with the user's name and email for the admin. */
export const CouponRedemptionView = z.object({
  id: z.string(),
  couponId: z.string(),
  userId: z.string(),
  subscriptionId: z.string(),
  redeemedAt: z.string(),
  user: z.object({ email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type CouponRedemptionView = z.infer<typeof CouponRedemptionView>;

