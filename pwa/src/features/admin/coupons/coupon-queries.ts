/** The reads of the coupon section, typed with the contracts, and their keys to refresh after a change. */
import { useQuery } from '@tanstack/react-query';
import type { CouponRedemptionView, CouponView } from '@kainga/contracts';
import { ADMIN_COUPONS_PATH, couponRedemptionsUrl } from './coupons';

export const couponsKey = [ADMIN_COUPONS_PATH] as const;
export const couponRedemptionsKey = (id: string) => [couponRedemptionsUrl(id)] as const;

// Admin data changes under the admin's eyes: fresh for 30 s, as the other admin lists.
const staleTime = 30_000;
export const useCoupons = () => useQuery<CouponView[]>({ queryKey: couponsKey, staleTime });
export const useCouponRedemptions = (id: string) => useQuery<CouponRedemptionView[]>({ queryKey: couponRedemptionsKey(id), staleTime });
