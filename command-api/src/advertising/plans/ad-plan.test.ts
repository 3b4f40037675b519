import type { AdPlanEvent, AdPlanFields } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { adPlanDecider, adPlanIdFor, tierOfAdPlanId } from './ad-plan';

const at = '2026-11-23T00:00:00.000Z';
const plan: AdPlanFields = {
  name: 'Gold',
  description: 'Top placement',
  monthlyPrice: 299,
  pricePerLead: 25,
  adWidth: 300,
  adHeight: 250,
  priority: 3,
  maxImpressions: 10000,
  allowedPlacements: ['sidebar_valuation', 'property_results'],
  features: ['Premium Partners panel'],
};
const planId = adPlanIdFor('gold');
const created: AdPlanEvent = { type: 'AdPlanCreated', data: { planId, tier: 'gold', plan, isActive: true, by: 'admin1', at } };
const seeded: AdPlanEvent = { type: 'AdPlanCreated', data: { planId, tier: 'gold', plan, isActive: true, by: null, at } };
const spec = deciderSpec(adPlanDecider);

describe('ad plan decider', () => {
  it('creates a plan for a tier that has none', () => spec.given([]).when({ type: 'CreateAdPlan', tier: 'gold', plan, isActive: true, by: 'admin1', at }).then([created]));

  it('refuses a second plan for the same tier', () =>
    spec.given([created]).when({ type: 'CreateAdPlan', tier: 'gold', plan, isActive: true, by: 'admin1', at }).thenRefuses('conflict'));

  it('seeds a missing tier, and seeds nothing over an existing plan (whatever its prices now)', () => {
    spec.given([]).when({ type: 'SeedAdPlan', tier: 'gold', plan, isActive: true, at }).then([seeded]);
    spec.given([created]).when({ type: 'SeedAdPlan', tier: 'gold', plan: { ...plan, monthlyPrice: 1 }, isActive: true, at }).thenNothingHappens();
  });

  it('revises the fields, and switches the plan off and on again', () => {
    const dearer = { ...plan, monthlyPrice: 349 };
    spec.given([created]).when({ type: 'ReviseAdPlan', plan: dearer, isActive: true, by: 'admin2', at }).then([{ type: 'AdPlanRevised', data: { planId, tier: 'gold', plan: dearer, by: 'admin2', at } }]);
    spec.given([created]).when({ type: 'ReviseAdPlan', plan, isActive: false, by: 'admin2', at }).then([{ type: 'AdPlanDeactivated', data: { planId, tier: 'gold', by: 'admin2', at } }]);
    spec
      .given([created, { type: 'AdPlanDeactivated', data: { planId, tier: 'gold', by: 'admin2', at } }])
      .when({ type: 'ReviseAdPlan', plan: dearer, isActive: true, by: 'admin2', at })
      .then([
        { type: 'AdPlanRevised', data: { planId, tier: 'gold', plan: dearer, by: 'admin2', at } },
        { type: 'AdPlanReactivated', data: { planId, tier: 'gold', by: 'admin2', at } },
      ]);
  });

  it('records nothing for an edit that changes nothing (fields in any order)', () => {
    const reordered = Object.fromEntries(Object.entries(plan).reverse()) as AdPlanFields;
    spec.given([created]).when({ type: 'ReviseAdPlan', plan: reordered, isActive: true, by: 'admin2', at }).thenNothingHappens();
  });

  it('refuses to revise a plan that does not exist', () => spec.given([]).when({ type: 'ReviseAdPlan', plan, isActive: true, by: 'admin2', at }).thenRefuses('not_found'));

  it('derives one id per tier and leads an id back to its tier', () => {
    expect(adPlanIdFor('gold')).not.toBe(adPlanIdFor('silver'));
    expect([tierOfAdPlanId(adPlanIdFor('bronze')), tierOfAdPlanId('nope')]).toEqual(['bronze', null]);
  });
});
