import type { AdminAdSubscriptionView, AllocateAdPlanRequest } from '@kainga/contracts';
import { adTierLabels, roleLabels } from '@kainga/contracts';
import { CommandError, conflict, eventIdFor, notFound, waitForCommand, type CommandContext } from '@kainga/platform';
import { findPartner, findUser, subscriptionById } from '@kainga/projections';
import { refuseIfErased } from '../../accounts/erased-person';
import type { AppDeps } from '../../deps';
import { inReservedSlot, reserveAdSlot } from './ad-slot-reservation';
import { adSubscriptionStream } from './ad-subscription';
import { activePlan, servedLocation, startSubscription } from './subscription-rules';
import { adminSubscriptionViews } from './subscription-views';

export const PARTNER_NOT_FOUND = 'Partner not found.';
/** Said when an admin allocates a plan (or grants a partner's plan request) to a partner erased since. */
export const PARTNER_ERASED = 'This partner’s account was erased; a plan cannot be allocated to it.';

/**
 * POST /api/admin/allocate-ad-plan (spec 001 §2, "allocate plan"): starts an active subscription
 * of a partner to a plan in one location, without payment (billing adds the paid way).
 *
 * The spec shows no server rules; these are ours:
 * - the partner exists (404), its person was not erased (409, by the log), and its user still holds the partner role (an admin who took the role
 *   away cannot advertise it) — else 409;
 * - the plan exists (404) and is active (409: an inactive plan takes no new subscribers);
 * - the location is a known town (400) that the partner serves (400): adverts are shown by
 *   location, and leads from them go to a partner who works there;
 * - one live (active, paused, or a checkout awaiting payment) subscription per partner, tier and
 *   location (409), held by the slot's reservation (ad-slot-reservation.ts), so neither a double
 *   submit nor a checkout racing it makes a second; an expired one may be allocated again.
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
  await refuseIfErased(deps.stores.eventStore, partner.userId, PARTNER_ERASED);
  const user = await findUser(store, partner.userId);
  if (!user?.roles.includes(partner.role)) throw conflict(`This partner no longer holds the ${roleLabels[partner.role]} role.`);

  const { tier, plan } = await activePlan(deps.stores, request.adPlanId, (name) => `The ${name} plan is inactive. Choose an active plan.`);
  const location = await servedLocation(store, partner._id, request.locationId, (city) => `${partner.businessName} does not serve ${city}. Choose one of the partner’s locations.`);

  const subscriptionId = eventIdFor(ctx.idempotencyKey, 'adSubscription', 0);
  const claim = { partnerId: partner._id, tier, locationId: location.id, subscriptionId, via: 'admin' } as const;
  if (await reserveAdSlot(deps.stores, claim, ctx)) throw conflict(`${partner.businessName} already has a ${adTierLabels[tier]} subscription in ${location.cityName}.`);

  const result = await inReservedSlot(deps.stores.eventStore, claim, ctx, () =>
    startSubscription(deps.stores.eventStore, { subscriptionId, partner, planId: plan.planId, tier, locationId: location.id, source: { via: 'admin', by }, demo }, ctx),
  );
  await waitForCommand(deps.stores, 'ad_subscriptions', adSubscriptionStream(subscriptionId), result);
  const doc = await subscriptionById(store, subscriptionId);
  const [view] = doc ? await adminSubscriptionViews(store, [doc]) : [];
  if (!view) throw new CommandError('unavailable', 'The plan was allocated but is not readable yet. Please reload in a moment.');
  return view;
}
