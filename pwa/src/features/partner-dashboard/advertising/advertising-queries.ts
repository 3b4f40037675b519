import { useQuery } from '@tanstack/react-query';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { AD_PLANS_PATH, PARTNER_AD_CONTENT_PATH, PARTNER_AD_PERFORMANCE_PATH, PARTNER_AD_SUBSCRIPTIONS_PATH, fetchAdContent, fetchAdPerformance, fetchAdPlans, fetchAdSubscriptions } from './advertising-api';
import { PERFORMANCE_DAYS } from './performance';

/** Keys carry the person and the role: one account's answers are never shown to the next from memory. */
export const adSubscriptionsKey = (userId: string, role: PartnerRoleName) => [PARTNER_AD_SUBSCRIPTIONS_PATH, role, userId] as const;
export const adContentKey = (userId: string, role: PartnerRoleName) => [PARTNER_AD_CONTENT_PATH, role, userId] as const;
export const adPerformanceKey = (userId: string, role: PartnerRoleName) => [PARTNER_AD_PERFORMANCE_PATH, role, userId, PERFORMANCE_DAYS] as const;
export const adPlansKey = [AD_PLANS_PATH] as const;

export const useAdPlans = () => useQuery({ queryKey: adPlansKey, queryFn: ({ signal }) => fetchAdPlans(signal) });
export const useAdSubscriptions = (userId: string, role: PartnerRoleName) =>
  useQuery({ queryKey: adSubscriptionsKey(userId, role), queryFn: ({ signal }) => fetchAdSubscriptions(role, signal) });
export const useAdContent = (userId: string, role: PartnerRoleName) => useQuery({ queryKey: adContentKey(userId, role), queryFn: ({ signal }) => fetchAdContent(role, signal) });
export const useAdPerformance = (userId: string, role: PartnerRoleName) =>
  useQuery({ queryKey: adPerformanceKey(userId, role), queryFn: ({ signal }) => fetchAdPerformance(role, PERFORMANCE_DAYS, signal) });
