/**
 * The reads of Advertising Plan Management, typed with the contracts, and what to refresh after a
 * change: a plan change alters the plans and the subscriptions that embed them; an allocation or a
 * status change, the subscriptions; a decision on an advert, the adverts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdContentView, AdminAdSubscriptionView, AdminPartnerView, AdPlanView } from '@kainga/contracts';
import { partnersKey } from '../partner-applications';
import { ADMIN_AD_CONTENT_PATH } from './ad-content';
import { ADMIN_SUBSCRIPTIONS_PATH } from './subscriptions';

export const AD_PLANS_PATH = '/api/ad-plans';
export const ADMIN_AD_PLANS_PATH = '/api/admin/ad-plans';
export const adminAdPlanUrl = (id: string) => `${ADMIN_AD_PLANS_PATH}/${encodeURIComponent(id)}`;
export const ALLOCATE_PATH = '/api/admin/allocate-ad-plan';

export const adPlansKey = [AD_PLANS_PATH] as const;
export const adminSubscriptionsKey = [ADMIN_SUBSCRIPTIONS_PATH] as const;
export const adminAdContentKey = [ADMIN_AD_CONTENT_PATH] as const;

// Admin data changes under the admin's eyes: fresh for 30 s, as the other admin lists.
const staleTime = 30_000;
export const useAdPlans = () => useQuery<AdPlanView[]>({ queryKey: adPlansKey, staleTime });
export const useAdminSubscriptions = () => useQuery<AdminAdSubscriptionView[]>({ queryKey: adminSubscriptionsKey, staleTime });
export const useAdminAdContent = () => useQuery<AdContentView[]>({ queryKey: adminAdContentKey, staleTime });
/** The same key as Partner Management's, so a partner created there shows in the allocate form. */
export const useAdminPartners = () => useQuery<AdminPartnerView[]>({ queryKey: partnersKey, staleTime });

export function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: (readonly string[])[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
