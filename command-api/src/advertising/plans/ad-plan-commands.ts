import type { AdPlanRequest } from '@kainga/contracts';
import { CommandError, handleCommand, invalid, notFound, waitForProjection, type CommandContext } from '@kainga/platform';
import { adPlanById } from '@kainga/projections';
import type { AppDeps } from '../../deps';
import { AD_PLAN_NOT_FOUND, adPlanDecider, adPlanIdFor, adPlanStream, tierOfAdPlanId } from './ad-plan';
import { planFieldsOf, toAdPlanView } from './ad-plan-view';

type Deps = Pick<AppDeps, 'stores'>;

/** Answers the plan as the read model has it once it holds the command's events. */
async function planAfter(deps: Deps, planId: string, position: string | null) {
  await waitForProjection(deps.stores.readStore, 'ad_plans', position);
  const doc = await adPlanById(deps.stores.readStore, planId);
  if (!doc) throw new CommandError('unavailable', 'The plan was saved but is not readable yet. Please reload in a moment.');
  return toAdPlanView(doc);
}

/** POST /api/admin/ad-plans: a plan for a tier that has none (409 otherwise). */
export async function createAdPlan(deps: Deps, request: AdPlanRequest, by: string, ctx: CommandContext) {
  const result = await handleCommand(
    deps.stores.eventStore,
    adPlanDecider,
    adPlanStream(request.tier),
    { type: 'CreateAdPlan', tier: request.tier, plan: planFieldsOf(request), isActive: request.isActive, by, at: ctx.metadata.occurredAt },
    ctx,
  );
  return planAfter(deps, adPlanIdFor(request.tier), result.position);
}

/** PUT /api/admin/ad-plans/{id}: the plan's fields and whether it is active; its tier stays. */
export async function reviseAdPlan(deps: Deps, planId: string, request: AdPlanRequest, by: string, ctx: CommandContext) {
  const tier = tierOfAdPlanId(planId);
  if (!tier) throw notFound(AD_PLAN_NOT_FOUND);
  if (request.tier !== tier) throw invalid('A plan’s tier cannot be changed. Edit the plan of that tier instead.');
  const result = await handleCommand(
    deps.stores.eventStore,
    adPlanDecider,
    adPlanStream(tier),
    { type: 'ReviseAdPlan', plan: planFieldsOf(request), isActive: request.isActive, by, at: ctx.metadata.occurredAt },
    ctx,
  );
  return planAfter(deps, planId, result.position);
}
