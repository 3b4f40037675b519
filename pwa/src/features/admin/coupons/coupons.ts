/**
 * The coupon list's words (GET /api/admin/coupons) and the redemptions view
 * (GET /api/admin/coupons/{id}/redemptions): NZD and dates in en-NZ (spec 001 §9).
 */
import type { CouponRedemptionView, CouponView } from '@kainga/contracts';
import { formatDateNZ, formatNZD } from '../../../format/format';

export const ADMIN_COUPONS_PATH = '/api/admin/coupons';
export const couponUrl = (id: string) => `${ADMIN_COUPONS_PATH}/${encodeURIComponent(id)}`;
export const couponRedemptionsUrl = (id: string) => `${couponUrl(id)}/redemptions`;

/** "20% off", "$50.00 off", or "—" for a coupon of trial days only. */
export function discountLabel(c: Pick<CouponView, 'discountType' | 'discountValue'>): string {
  if (c.discountType === 'percentage' && c.discountValue !== null) return `${c.discountValue}% off`;
  if (c.discountType === 'amount' && c.discountValue !== null) return `${formatNZD(c.discountValue)} off`;
  return '—';
}

export const trialDaysLabel = (days: number) => (days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '—');

/** "3 / 5", or "3 / unlimited". */
export const redemptionsLabel = (c: Pick<CouponView, 'currentRedemptions' | 'maxRedemptions'>) => `${c.currentRedemptions} / ${c.maxRedemptions ?? 'unlimited'}`;

/** The last day a coupon can be used: validUntil is the instant it ends, so the day before it. */
export function validUntilLabel(validUntil: string | null): string {
  if (!validUntil) return 'No end';
  return formatDateNZ(new Date(Date.parse(validUntil) - 1).toISOString());
}

/** "Tama Broker", else the email. */
export function redeemerName(r: Pick<CouponRedemptionView, 'user' | 'userId'>): string {
  if (!r.user) return 'Account removed';
  const name = [r.user.firstName, r.user.lastName].filter(Boolean).join(' ');
  return name || r.user.email;
}
