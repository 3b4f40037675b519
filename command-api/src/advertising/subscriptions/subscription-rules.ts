import type { AdSubscriptionSource, AdTier, Location } from '@kainga/contracts';
import { locationById } from '@kainga/contracts';
import { conflict, handleCommand, invalid, loadAggregate, notFound, type CommandContext, type EventStore, type ReadStore, type Stores } from '@kainga/platform';
import { locationsOfPartners, type PartnerDoc } from '@kainga/projections';
import { adSubscriptionDecider, adSubscriptionStream } from './ad-subscription';
import { AD_PLAN_NOT_FOUND, adPlanDecider, adPlanStream, tierOfAdPlanId, type AdPlanState } from '../plans/ad-plan';

/**
 * The rules a new subscription meets however it starts, an admin's allocation or a partner's
 * checkout; each caller words the refusals for the person it answers. One live subscription per
 * partner, tier and town is the slot's reservation (ad-slot-reservation.ts).
 */

/** The plan `adPlanId` names, as its stream tells it: 404 when there is none, 409 (in the caller's words) when it is switched off. */
export async function activePlan(stores: Pick<Stores, 'eventStore'>, adPlanId: string, inactive: (planName: string) => string) {
  const tier = tierOfAdPlanId(adPlanId);
  const plan: AdPlanState | null = tier ? (await loadAggregate(stores.eventStore, adPlanDecider, adPlanStream(tier))).state : null;
  if (!tier || !plan || plan.status !== 'created') throw notFound(AD_PLAN_NOT_FOUND);
  if (!plan.isActive) throw conflict(inactive(plan.plan.name));
  return { tier, plan };
}

/** The known town `locationId` names, one the partner serves: else 400 (in the caller's words). */
export async function servedLocation(store: ReadStore, partnerId: string, locationId: string, notServed: (cityName: string) => string): Promise<Location> {
  const location = locationById(locationId);
  if (!location) throw invalid('Please choose a location from the list.');
  const served = (await locationsOfPartners(store, [partnerId])).get(partnerId) ?? [];
  if (!served.some((l) => l.locationId === location.id)) throw invalid(notServed(location.cityName));
  return location;
}

/**
 * Records the start of a partner's subscription to a plan in one town, as an admin's allocation
 * or a partner's checkout (`source` says which), starting today (the command's time) and renewing.
 */
export function startSubscription(
  eventStore: EventStore,
  start: { subscriptionId: string; partner: Pick<PartnerDoc, '_id' | 'userId' | 'role'>; planId: string; tier: AdTier; locationId: string; source: AdSubscriptionSource; demo?: boolean },
  ctx: CommandContext,
) {
  const { subscriptionId, partner } = start;
  return handleCommand(
    eventStore,
    adSubscriptionDecider,
    adSubscriptionStream(subscriptionId),
    {
      type: 'StartAdSubscription',
      subscription: {
        subscriptionId,
        partnerId: partner._id,
        partnerUserId: partner.userId,
        partnerRole: partner.role,
        adPlanId: start.planId,
        tier: start.tier,
        locationId: start.locationId,
        startDate: ctx.metadata.occurredAt,
        autoRenew: true,
        source: start.source,
        demo: start.demo ?? false,
      },
    },
    ctx,
  );
}
