import { AdPlanRequest, adTiers, type AdTier } from '@kainga/contracts';
import { handleCommand } from '@kainga/platform';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { adPlanDecider, adPlanStream } from './ad-plan';
import { planFieldsOf } from './ad-plan-view';

/**
 * The plans the service starts with (ops/config/ad-plans.json, or the file AD_PLANS_FILE names):
 * one per tier, each as an admin would create it. Prices are configuration, not code.
 */
export const AdPlansConfig = z
  .array(AdPlanRequest)
  .min(1, 'must list at least one plan')
  .refine((plans) => new Set(plans.map((p) => p.tier)).size === plans.length, { message: 'must list each tier once' });
export type AdPlansConfig = z.infer<typeof AdPlansConfig>;

/** Parses a plans file's JSON; a wrong one throws naming each problem, so start-up stops with it. */
export function parseAdPlansConfig(json: unknown, source: string): AdPlansConfig {
  const parsed = AdPlansConfig.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new Error(`Invalid advertising plans in ${source}:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n')}`);
}

/**
 * Creates the configured plans whose tier has none yet, at every start. A plan already there is
 * left as it is (an admin's edits win over the file), so running it again records nothing.
 */
export async function seedAdPlans(deps: Pick<AppDeps, 'stores'>, plans: AdPlansConfig, at = new Date().toISOString()): Promise<{ created: AdTier[] }> {
  const created: AdTier[] = [];
  for (const plan of [...plans].sort((a, b) => adTiers.indexOf(a.tier) - adTiers.indexOf(b.tier))) {
    const result = await handleCommand(
      deps.stores.eventStore,
      adPlanDecider,
      adPlanStream(plan.tier),
      { type: 'SeedAdPlan', tier: plan.tier, plan: planFieldsOf(plan), isActive: plan.isActive, at },
      { idempotencyKey: `seed-ad-plan:${plan.tier}`, metadata: { actorId: null, actorRoles: [], correlationId: `seed-ad-plans:${at}`, causationId: null, occurredAt: at } },
    );
    if (result.events.length > 0 && !result.alreadyApplied) created.push(plan.tier);
  }
  return { created };
}
