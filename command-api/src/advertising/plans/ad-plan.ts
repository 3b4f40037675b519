import type { AdPlanEvent, AdPlanFields, AdTier } from '@kainga/contracts';
import { adTierLabels, adTiers } from '@kainga/contracts';
import { conflict, notFound, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

/** A plan's stream is its tier's: the tier is unique (spec 001 §3), so the stream is its reservation. */
export const adPlanStream = (tier: AdTier) => `adPlan-${tier}`;

/**
 * A plan's id, derived from its tier (UUID layout over SHA-256): every process seeding the same
 * tier names the same plan, and an id leads back to its stream without a read model.
 */
export function adPlanIdFor(tier: AdTier): string {
  const h = createHash('sha256').update(`adPlan\u0000${tier}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const tierOfId = new Map<string, AdTier>(adTiers.map((t) => [adPlanIdFor(t), t]));
/** The tier a plan id names, or null for an id no plan has. */
export const tierOfAdPlanId = (planId: string): AdTier | null => tierOfId.get(planId) ?? null;

export const AD_PLAN_NOT_FOUND = 'Advertising plan not found.';

export type AdPlanState = { status: 'none' } | { status: 'created'; planId: string; tier: AdTier; plan: AdPlanFields; isActive: boolean };

export type AdPlanCommand =
  /** An admin's new plan: refused when its tier has one. */
  | { type: 'CreateAdPlan'; tier: AdTier; plan: AdPlanFields; isActive: boolean; by: string; at: string }
  /** The start-up seed: creates the tier's plan only when it has none, so it can run at every start. */
  | { type: 'SeedAdPlan'; tier: AdTier; plan: AdPlanFields; isActive: boolean; at: string }
  /** An admin's edit: the fields, and switching the plan on or off; what did not change records nothing. */
  | { type: 'ReviseAdPlan'; plan: AdPlanFields; isActive: boolean; by: string; at: string };

const sameFields = (a: AdPlanFields, b: AdPlanFields) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (p: AdPlanFields) => (Object.keys(p) as (keyof AdPlanFields)[]).sort().map((k) => [k, p[k]]);

export const adPlanDecider: Decider<AdPlanState, AdPlanCommand, AdPlanEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'AdPlanCreated' }, ({ data }): AdPlanState => ({ status: 'created', planId: data.planId, tier: data.tier, plan: data.plan, isActive: data.isActive }))
      .with({ type: 'AdPlanRevised' }, ({ data }): AdPlanState => (state.status === 'created' ? { ...state, plan: data.plan } : state))
      .with({ type: 'AdPlanDeactivated' }, (): AdPlanState => (state.status === 'created' ? { ...state, isActive: false } : state))
      .with({ type: 'AdPlanReactivated' }, (): AdPlanState => (state.status === 'created' ? { ...state, isActive: true } : state))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateAdPlan' }, (c): AdPlanEvent[] => {
        if (state.status === 'created') throw conflict(`A ${adTierLabels[c.tier]} plan already exists. Edit it instead.`);
        return [{ type: 'AdPlanCreated', data: { planId: adPlanIdFor(c.tier), tier: c.tier, plan: c.plan, isActive: c.isActive, by: c.by, at: c.at } }];
      })
      .with({ type: 'SeedAdPlan' }, (c): AdPlanEvent[] =>
        state.status === 'created' ? [] : [{ type: 'AdPlanCreated', data: { planId: adPlanIdFor(c.tier), tier: c.tier, plan: c.plan, isActive: c.isActive, by: null, at: c.at } }],
      )
      .with({ type: 'ReviseAdPlan' }, (c): AdPlanEvent[] => {
        if (state.status !== 'created') throw notFound(AD_PLAN_NOT_FOUND);
        const { planId, tier } = state;
        const events: AdPlanEvent[] = [];
        if (!sameFields(state.plan, c.plan)) events.push({ type: 'AdPlanRevised', data: { planId, tier, plan: c.plan, by: c.by, at: c.at } });
        if (state.isActive && !c.isActive) events.push({ type: 'AdPlanDeactivated', data: { planId, tier, by: c.by, at: c.at } });
        if (!state.isActive && c.isActive) events.push({ type: 'AdPlanReactivated', data: { planId, tier, by: c.by, at: c.at } });
        return events;
      })
      .exhaustive(),
};
