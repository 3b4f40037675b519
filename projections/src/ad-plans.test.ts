import { applyBatch, type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { adPlanById, adPlansById, adPlansProjector, listAdPlans } from './ad-plans';

const event = recordedEvents();
const recorded = (type: string, data: { tier: string } & Record<string, unknown>): RecordedEvent => event(`adPlan-${data.tier}`, type, data);
const fields = (name: string, monthlyPrice: number) => ({
  name,
  description: `${name} plan`,
  monthlyPrice,
  pricePerLead: 10,
  adWidth: 300,
  adHeight: 250,
  priority: 1,
  maxImpressions: 1000,
  allowedPlacements: ['sidebar_valuation'],
  features: ['One'],
});
const created = (tier: string, name: string, price: number, at: string) => recorded('AdPlanCreated', { planId: `plan-${tier}`, tier, plan: fields(name, price), isActive: true, by: null, at });

describe('ad_plans projector', () => {
  it('creates, revises, deactivates and reactivates plans; lists them gold first, active only unless asked', async () => {
    const store = await projectedStore([adPlansProjector]);
    await applyBatch(
      store,
      adPlansProjector,
      [
        created('bronze', 'Bronze', 49, '2026-11-01T00:00:00.000Z'),
        created('gold', 'Gold', 299, '2026-11-01T00:00:00.000Z'),
        created('silver', 'Silver', 149, '2026-11-01T00:00:00.000Z'),
        recorded('AdPlanRevised', { planId: 'plan-gold', tier: 'gold', plan: fields('Gold Plus', 349), by: 'a', at: '2026-11-02T00:00:00.000Z' }),
        recorded('AdPlanDeactivated', { planId: 'plan-silver', tier: 'silver', by: 'a', at: '2026-11-03T00:00:00.000Z' }),
      ],
      'ad_plans',
      (c) => c,
    );
    expect(await adPlanById(store, 'plan-gold')).toMatchObject({ name: 'Gold Plus', monthlyPrice: 349, isActive: true, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z' });
    expect((await listAdPlans(store)).map((p) => p.tier)).toEqual(['gold', 'bronze']);
    expect((await listAdPlans(store, { includeInactive: true })).map((p) => [p.tier, p.isActive])).toEqual([
      ['gold', true],
      ['silver', false],
      ['bronze', true],
    ]);
    await applyBatch(store, adPlansProjector, [recorded('AdPlanReactivated', { planId: 'plan-silver', tier: 'silver', by: 'a', at: '2026-11-04T00:00:00.000Z' })], 'ad_plans', (c) => c);
    expect((await listAdPlans(store)).map((p) => p.tier)).toEqual(['gold', 'silver', 'bronze']);
    expect([...(await adPlansById(store, ['plan-gold', 'plan-gold', 'nope'])).keys()]).toEqual(['plan-gold']);
  });
});
