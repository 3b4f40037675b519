import type { AdPlacement, AdPlanEvent, AdTier } from '@kainga/contracts';
import { adPlanEventTypes, adTiers } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';

/**
 * The `ad_plans` read model (spec 001 §3 ad_plans): one document per plan, the tier unique.
 * GET /api/ad-plans, the admin's plan list and the allocate form read it.
 */
export const AD_PLANS = 'ad_plans';

export interface AdPlanDoc {
  _id: string;
  tier: AdTier;
  name: string;
  description: string;
  monthlyPrice: number;
  pricePerLead: number;
  adWidth: number;
  adHeight: number;
  priority: number;
  maxImpressions: number;
  allowedPlacements: AdPlacement[];
  features: string[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const adPlansProjector: Projector = {
  name: 'ad_plans',
  collections: [AD_PLANS],
  filter: { eventTypes: adPlanEventTypes, streamPrefixes: ['adPlan-'] },
  indexes: { [AD_PLANS]: [{ keys: { tier: 1 }, unique: true }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data } as AdPlanEvent;
    return match(e)
      .with({ type: 'AdPlanCreated' }, ({ data }): CollectionWrite[] => [
        {
          collection: AD_PLANS,
          updateOne: {
            filter: { _id: data.planId },
            update: { $setOnInsert: { createdAt: data.at }, $set: { tier: data.tier, ...data.plan, isActive: data.isActive, updatedAt: data.at } },
            upsert: true,
          },
        },
      ])
      .with({ type: 'AdPlanRevised' }, ({ data }): CollectionWrite[] => [
        { collection: AD_PLANS, updateOne: { filter: { _id: data.planId }, update: { $set: { ...data.plan, updatedAt: data.at } } } },
      ])
      .with({ type: 'AdPlanDeactivated' }, ({ data }): CollectionWrite[] => [
        { collection: AD_PLANS, updateOne: { filter: { _id: data.planId }, update: { $set: { isActive: false, updatedAt: data.at } } } },
      ])
      .with({ type: 'AdPlanReactivated' }, ({ data }): CollectionWrite[] => [
        { collection: AD_PLANS, updateOne: { filter: { _id: data.planId }, update: { $set: { isActive: true, updatedAt: data.at } } } },
      ])
      .exhaustive();
  },
};

const tierOrder = new Map<string, number>(adTiers.map((t, i) => [t, i]));

/** Plans in tier order, gold first (spec 001 §9); only the active ones unless asked for all. */
export async function listAdPlans(store: ReadStore, { includeInactive = false }: { includeInactive?: boolean } = {}): Promise<AdPlanDoc[]> {
  const rows = await store.collection<AdPlanDoc>(AD_PLANS).find(includeInactive ? {} : { isActive: true });
  return [...rows].sort((a, b) => (tierOrder.get(a.tier) ?? 9) - (tierOrder.get(b.tier) ?? 9));
}

export function adPlanById(store: ReadStore, planId: string): Promise<AdPlanDoc | null> {
  return store.collection<AdPlanDoc>(AD_PLANS).findOne({ _id: planId });
}

/** The plans with these ids, by id (for lists of subscriptions; three plans at most). */
export async function adPlansById(store: ReadStore, planIds: readonly string[]): Promise<Map<string, AdPlanDoc>> {
  if (planIds.length === 0) return new Map();
  const rows = await store.collection<AdPlanDoc>(AD_PLANS).find({ _id: { $in: [...new Set(planIds)] } });
  return new Map(rows.map((p) => [p._id, p]));
}
