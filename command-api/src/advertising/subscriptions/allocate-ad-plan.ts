import type { AdminAdSubscriptionView, AllocateAdPlanRequest } from '@kainga/contracts';
import { adTierLabels, roleLabels } from '@kainga/contracts';
import { CommandError, conflict, eventIdFor, notFound, waitForCommand, type CommandContext } from '@kainga/platform';
import { findPartner, findUser, subscriptionById } from '@kainga/projections';
import type { AppDeps } from '../../deps';
import { adSubscriptionStream } from './ad-subscription';
import { adminSubscriptionViews } from './subscription-views';
import { activePlan, runningSubscription, servedLocation, startSubscription } from './subscription-rules';

export const PARTNER_NOT_FOUND = 'Partner not found.';

/**
 * POST /api/admin/allocate-ad-plan (spec 001 §2, "allocate plan"): starts an active subscription
 * of a partner to a plan in one location, without payment (billing adds the paid way).
 *
 * The spec shows no server rules; these are ours:
 * - the partner exists and its user still holds the partner role (an admin who took the role
 *   away cannot advertise it) — else 409;
 * - the plan exists (404) and is active (409: an inactive plan takes no new subscribers);
 * - the location is a known town (400) that the partner serves (400): adverts are shown by
 *   location, and leads from them go to a partner who works there;
 * - one running (active or paused) subscription per partner, tier and location (409), so a
 *   double submit does not allocate twice; an expired one may be allocated again.
 * With an Idempotency-Key the subscription id derives from the key, so a retry finds the first.
 * `demo` is set only by ops' demo seed (the route never takes it from a body).
 */
export async function allocateAdPlan(
  deps: Pick<AppDeps, 'stores'>,
  request: AllocateAdPlanRequest,
  by: string,
  ctx: CommandContext,
  { demo = false }: { demo?: boolean } = {},
): Promise<AdminAdSubscriptionView> {
  const store = deps.stores.readStore;
  const partner = await findPartner(store, request.partnerId);
  if (!partner) throw notFound(PARTNER_NOT_FOUND);
  const user = await findUser(store, partner.userId);
  if (!user?.roles.includes(partner.role)) throw conflict(`This partner no longer holds the ${roleLabels[partner.role]} role.`);

  const { tier, plan } = await activePlan(deps.stores, request.adPlanId, (name) => `The ${name} plan is inactive. Choose an active plan.`);
  const location = await servedLocation(store, partner._id, request.locationId, (city) => `${partner.businessName} does not serve ${city}. Choose one of the partner’s locations.`);

  const subscriptionId = eventIdFor(ctx.idempotencyKey, 'adSubscription', 0);
  if (await runningSubscription(store, partner._id, tier, location.id, subscriptionId)) throw conflict(`${partner.businessName} already has a ${adTierLabels[tier]} subscription in ${location.cityName}.`);

  const result = await startSubscription(deps.stores.eventStore, { subscriptionId, partner, planId: plan.planId, tier, locationId: location.id, source: { via: 'admin', by }, demo }, ctx);
  await waitForCommand(deps.stores, 'ad_subscriptions', adSubscriptionStream(subscriptionId), result);
  const doc = await subscriptionById(store, subscriptionId);
  const [view] = doc ? await adminSubscriptionViews(store, [doc]) : [];
  if (!view) throw new CommandError('unavailable', 'The plan was allocated but is not readable yet. Please reload in a moment.');
  return view;
}
