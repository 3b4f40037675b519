import { useQuery } from '@tanstack/react-query';
import type { PartnerAdSubscriptionView } from '@kainga/contracts';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { AD_PLANS_PATH, PARTNER_AD_CONTENT_PATH, PARTNER_AD_PERFORMANCE_PATH, PARTNER_AD_SUBSCRIPTIONS_PATH, fetchAdContent, fetchAdPerformance, fetchAdPlans, fetchAdSubscriptions } from './advertising-api';
import { STRIPE_CONFIG_PATH, fetchStripeConfig } from './checkout-api';
import { PERFORMANCE_DAYS } from './performance';

/** Keys carry the person and the role: one account's answers are never shown to the next from memory. */
export const adSubscriptionsKey = (userId: string, role: PartnerRoleName) => [PARTNER_AD_SUBSCRIPTIONS_PATH, role, userId] as const;
export const adContentKey = (userId: string, role: PartnerRoleName) => [PARTNER_AD_CONTENT_PATH, role, userId] as const;
export const adPerformanceKey = (userId: string, role: PartnerRoleName) => [PARTNER_AD_PERFORMANCE_PATH, role, userId, PERFORMANCE_DAYS] as const;
export const adPlansKey = [AD_PLANS_PATH] as const;
export const stripeConfigKey = [STRIPE_CONFIG_PATH] as const;

export const useAdPlans = () => useQuery({ queryKey: adPlansKey, queryFn: ({ signal }) => fetchAdPlans(signal) });
/**
 * `refetchInterval`: asked again while it answers a number of ms (a returned payment being
 * confirmed, checkout-return.ts); the app's default is never.
 */
export const useAdSubscriptions = (userId: string, role: PartnerRoleName, refetchInterval?: (data: PartnerAdSubscriptionView[] | undefined) => number | false) =>
  useQuery({
    queryKey: adSubscriptionsKey(userId, role),
    queryFn: ({ signal }) => fetchAdSubscriptions(role, signal),
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  });
/** Whether this server takes card payments, and Stripe's publishable key (one answer per configuration: asked once). */
export const stripeConfigQuery = { queryKey: stripeConfigKey, queryFn: ({ signal }: { signal?: AbortSignal }) => fetchStripeConfig(signal) };
export const useAdContent = (userId: string, role: PartnerRoleName) => useQuery({ queryKey: adContentKey(userId, role), queryFn: ({ signal }) => fetchAdContent(role, signal) });
export const useAdPerformance = (userId: string, role: PartnerRoleName) =>
  useQuery({ queryKey: adPerformanceKey(userId, role), queryFn: ({ signal }) => fetchAdPerformance(role, PERFORMANCE_DAYS, signal) });
