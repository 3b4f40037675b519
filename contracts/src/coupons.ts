/**
 * Coupon codes (spec 001 §1 "Coupon codes exist", §3 coupon_codes and coupon_redemptions): an
 * admin makes them in /admin; a partner types one at checkout. The spec shows no texts for them,
 * so these are Kāinga's: each refusal says what is wrong with the code in plain words. Zod-free,
 * so the web app's bundle reads the same values as the server (the schemas: api/coupons.ts).
 */

export const couponDiscountTypes = ['percentage', 'amount'] as const;
export type CouponDiscountType = (typeof couponDiscountTypes)[number];

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 32;
export const COUPON_TRIAL_DAYS_MAX = 365;
export const COUPON_DESCRIPTION_MAX = 200;
/** Letters, digits, `-` and `_`; compared without regard to case and kept upper-case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

// Checkout refusals (an unknown code reads COUPON_INVALID_MESSAGE of billing.ts).
export const COUPON_INACTIVE_MESSAGE = 'This coupon is no longer active.';
export const COUPON_NOT_YET_VALID_MESSAGE = 'This coupon cannot be used yet.';
export const COUPON_EXPIRED_MESSAGE = 'This coupon has expired.';
export const COUPON_USED_UP_MESSAGE = 'This coupon has been used the maximum number of times.';
/** A checkout for the same plan and town is open, waiting for payment, without this code (Stripe's first invoice cannot take it now). */
export const couponCheckoutOpenMessage = (planName: string, cityName: string) =>
  `Your ${planName} checkout for ${cityName} is already open without this coupon. Pay it, or ask an admin to expire it and start again with the coupon.`;
/** Many checkouts with one code at the same moment, more than the retries could settle. */
export const COUPON_BUSY_MESSAGE = 'Many people are using this coupon right now. Please try again in a moment.';

// Admin texts.
export const COUPON_NOT_FOUND_MESSAGE = 'Coupon not found.';
export const couponCodeTakenMessage = (code: string) => `A coupon with the code ${code} already exists.`;
export const COUPON_CODE_MESSAGE = `The code must be ${COUPON_CODE_MIN}–${COUPON_CODE_MAX} letters, digits, - or _.`;
export const COUPON_PERCENTAGE_MESSAGE = 'A percentage off must be between 1 and 100.';
export const COUPON_AMOUNT_MESSAGE = 'An amount off must be more than $0.';
export const COUPON_DISCOUNT_VALUE_MISSING = 'Enter how much the discount is.';
export const COUPON_DISCOUNT_TYPE_MISSING = 'Choose percentage or amount off for the discount.';
export const COUPON_TRIAL_DAYS_MESSAGE = `Free trial days must be a whole number from 0 to ${COUPON_TRIAL_DAYS_MAX}.`;
export const COUPON_NOTHING_OFFERED = 'A coupon needs a discount, free trial days, or both.';
export const COUPON_VALID_FROM_MESSAGE = 'Choose the date the coupon is valid from.';
export const COUPON_VALID_UNTIL_MESSAGE = 'The valid-until date must be after the valid-from date.';
export const COUPON_MAX_REDEMPTIONS_MESSAGE = 'Max redemptions must be a whole number of at least 1, or empty for unlimited.';
