import type { AdPlanFields, AdTier, PartnerRoleName } from '@kainga/contracts';
import { WrongExpectedRevisionError, waitForProjection, type Stores } from '@kainga/platform';
import { randomUUID } from 'node:crypto';

/** The plans a test sees unless it says otherwise (priority: gold highest). */
export const testPlans: Record<AdTier, AdPlanFields> = {
  gold: { name: 'Gold', description: 'Top of every list', monthlyPrice: 299, pricePerLead: 25, adWidth: 300, adHeight: 250, priority: 3, maxImpressions: 10_000, allowedPlacements: ['sidebar_valuation', 'mortgage_calculator', 'rental_assessment', 'property_results'], features: [] },
  silver: { name: 'Silver', description: '', monthlyPrice: 149, pricePerLead: 15, adWidth: 300, adHeight: 250, priority: 2, maxImpressions: 5_000, allowedPlacements: ['mortgage_calculator', 'rental_assessment', 'property_results'], features: [] },
  bronze: { name: 'Bronze', description: '', monthlyPrice: 49, pricePerLead: 10, adWidth: 300, adHeight: 100, priority: 1, maxImpressions: 1_000, allowedPlacements: ['mortgage_calculator', 'rental_assessment', 'property_results'], features: [] },
};
export const testPlanId = (tier: AdTier) => `plan-${tier}`;

const metadata = () => ({ actorId: 'test-admin', actorRoles: ['admin' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

/** The tier's plan, created once (a plan already there — seeded, or by an earlier call — stays as it is). */
export async function ensureTestPlan(stores: Stores, tier: AdTier): Promise<string> {
  const planId = testPlanId(tier);
  try {
    await stores.eventStore.append(
      `adPlan-${tier}`,
      [{ id: randomUUID(), type: 'AdPlanCreated', data: { planId, tier, plan: testPlans[tier], isActive: true, by: null, at: new Date().toISOString() }, metadata: metadata() }],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  const [created] = await stores.eventStore.readStream(`adPlan-${tier}`);
  return (created!.data as { planId: string }).planId;
}

/**
 * A subscription started as an admin's allocation starts it, appended directly (the allocation
 * route is the plans area's), and the ad_subscriptions read model waited for. Answers its id.
 */
export async function makeAdSubscription(
  stores: Stores,
  partner: { partnerId: string; userId: string; role: PartnerRoleName },
  { tier = 'gold', locationId = 'auckland', demo = false }: { tier?: AdTier; locationId?: string; demo?: boolean } = {},
): Promise<string> {
  const adPlanId = await ensureTestPlan(stores, tier);
  const subscriptionId = randomUUID();
  const result = await stores.eventStore.append(
    `adSubscription-${subscriptionId}`,
    [
      {
        id: randomUUID(),
        type: 'AdSubscriptionStarted',
        data: { subscriptionId, partnerId: partner.partnerId, partnerUserId: partner.userId, partnerRole: partner.role, adPlanId, tier, locationId, startDate: new Date().toISOString(), autoRenew: true, source: { via: 'admin', by: 'test-admin' }, demo },
        metadata: metadata(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await waitForProjection(stores.readStore, 'ad_subscriptions', result.position);
  return subscriptionId;
}

/** Changes a subscription's status as the admin's PATCH would (appended directly). */
export async function setAdSubscriptionStatus(stores: Stores, subscriptionId: string, status: 'paused' | 'active' | 'expired') {
  const type = { paused: 'AdSubscriptionPaused', active: 'AdSubscriptionResumed', expired: 'AdSubscriptionExpired' }[status];
  const result = await stores.eventStore.append(
    `adSubscription-${subscriptionId}`,
    [{ id: randomUUID(), type, data: { subscriptionId, by: 'test-admin', at: new Date().toISOString() }, metadata: metadata() }],
    { expectedRevision: 'any' },
  );
  await waitForProjection(stores.readStore, 'ad_subscriptions', result.position);
}
