import { z } from 'zod';
import { couponDiscountTypes } from '../coupons';

/**
 * Coupon codes (spec 001 §3 coupon_codes, coupon_redemptions). One stream per code,
 * `coupon-<CODE>` (the code upper-cased): the stream is the code's reservation, so a second coupon
 * with the same code is refused, and every redemption of a code is decided on that one stream
 * with an expected revision, which keeps `maxRedemptions` under concurrent checkouts.
 */
export const couponStream = (code: string) => `coupon-${code.trim().toUpperCase()}`;

export const CouponDiscountTypeSchema = z.enum(couponDiscountTypes);

/** What an admin sets when creating a coupon; none of it changes afterwards (only isActive does). */
export const CouponTerms = z.object({
  code: z.string(),
  description: z.string(),
  /** Null for a coupon that only gives free trial days. */
  discountType: CouponDiscountTypeSchema.nullable(),
  /** 1–100 for a percentage; NZD for an amount; null without a discount. */
  discountValue: z.number().nullable(),
  freeTrialDays: z.number().int(),
  /** Null: unlimited. */
  maxRedemptions: z.number().int().nullable(),
  validFrom: z.string(),
  /** Null: no end. */
  validUntil: z.string().nullable(),
});
export type CouponTerms = z.infer<typeof CouponTerms>;

export const CouponCreated = z.object({
  type: z.literal('CouponCreated'),
  data: z.object({ couponId: z.string(), terms: CouponTerms, isActive: z.boolean(), by: z.string(), at: z.string() }),
});
export const CouponDeactivated = z.object({
  type: z.literal('CouponDeactivated'),
  data: z.object({ couponId: z.string(), code: z.string(), by: z.string(), at: z.string() }),
});
export const CouponReactivated = z.object({
  type: z.literal('CouponReactivated'),
  data: z.object({ couponId: z.string(), code: z.string(), by: z.string(), at: z.string() }),
});
/** A checkout took one use of the code for its subscription; `redemptionCount` is the code's count after it. */
export const CouponRedeemed = z.object({
  type: z.literal('CouponRedeemed'),
  data: z.object({
    couponId: z.string(),
    code: z.string(),
    userId: z.string(),
    partnerId: z.string(),
    subscriptionId: z.string(),
    redeemedAt: z.string(),
    redemptionCount: z.number().int(),
  }),
});
/** The checkout that redeemed the code did not go through (Stripe failed): its use is given back. */
export const CouponRedemptionReleased = z.object({
  type: z.literal('CouponRedemptionReleased'),
  data: z.object({ couponId: z.string(), code: z.string(), subscriptionId: z.string(), reason: z.string(), releasedAt: z.string(), redemptionCount: z.number().int() }),
});

export const CouponEvent = z.discriminatedUnion('type', [CouponCreated, CouponDeactivated, CouponReactivated, CouponRedeemed, CouponRedemptionReleased]);
export type CouponEvent = z.infer<typeof CouponEvent>;
export const couponEventTypes = ['CouponCreated', 'CouponDeactivated', 'CouponReactivated', 'CouponRedeemed', 'CouponRedemptionReleased'] as const;
