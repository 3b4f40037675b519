import { describe, expect, it } from 'vitest';
import { AdPlanRequest } from '@kainga/contracts';
import type { FieldValidator } from '../../../forms/validators';
import { planFormValues, planRequestFromForm, planValidators as v } from './plan-form';

type Schema = { safeParse(x: unknown): { success: boolean; error?: { issues: { message: string }[] } } };
function same(validator: FieldValidator, schema: Schema, values: unknown[]) {
  for (const x of values) {
    const r = schema.safeParse(x);
    expect(validator(x), JSON.stringify(x)).toBe(r.success ? null : (r.error?.issues[0]?.message ?? 'invalid'));
  }
}

describe('plan form validators match AdPlanRequest', () => {
  const s = AdPlanRequest.shape;
  it('name and description', () => {
    same(v.name, s.name, [undefined, '', '  ', 'Gold Premium', 'x'.repeat(100), 'x'.repeat(101)]);
    same(v.description, s.description, [undefined, '', 'Top of the page', 'x'.repeat(1000), 'x'.repeat(1001)]);
  });
  it('prices: numbers from 0 to 1,000,000', () => {
    same(v.monthlyPrice, s.monthlyPrice, [undefined, -1, 0, 499.5, 1_000_000, 1_000_001]);
    same(v.pricePerLead, s.pricePerLead, [undefined, -0.5, 0, 25, 1_000_001]);
  });
  it('dimensions, priority and max impressions: whole numbers in range', () => {
    same(v.adWidth, s.adWidth, [undefined, 0, 1, 300.5, 4000, 4001]);
    same(v.adHeight, s.adHeight, [undefined, 0, 250, 4001]);
    same(v.priority, s.priority, [undefined, -1, 0, 2.5, 1000, 1001]);
    same(v.maxImpressions, s.maxImpressions, [undefined, 0, 1, 1.5, 100_000_000, 100_000_001]);
  });
  it('placements: at least one; features: at most 20 of at most 200 characters', () => {
    same(v.allowedPlacements, s.allowedPlacements, [undefined, [], ['sidebar_valuation'], ['mortgage_calculator', 'rental_assessment']]);
    same(v.features, s.features, [undefined, [], ['Top spot'], ['x'.repeat(201)], Array.from({ length: 21 }, (_, i) => `f${i}`)]);
  });
  it('a tier must be chosen', () => {
    expect(v.tier(undefined)).toBe('Please choose a tier');
    expect(v.tier('gold')).toBeNull();
  });
});

describe('plan form values', () => {
  it('a new plan starts in the given tier, active, with the defaults', () => {
    expect(planFormValues(null, 'silver')).toMatchObject({ tier: 'silver', pricePerLead: 0, priority: 0, isActive: true });
  });
  it('builds a body the contract accepts, with blanks as its defaults and blank features dropped', () => {
    const body = planRequestFromForm({
      tier: 'bronze',
      name: ' Bronze Local ',
      monthlyPrice: 99,
      pricePerLead: null,
      adWidth: 300,
      adHeight: 100,
      priority: null,
      maxImpressions: 5000,
      allowedPlacements: ['property_results'],
      features: [' Local reach ', '  '],
    });
    expect(body).toEqual({
      tier: 'bronze',
      name: 'Bronze Local',
      description: '',
      monthlyPrice: 99,
      pricePerLead: 0,
      adWidth: 300,
      adHeight: 100,
      priority: 0,
      maxImpressions: 5000,
      allowedPlacements: ['property_results'],
      features: ['Local reach'],
      isActive: true,
    });
    expect(AdPlanRequest.safeParse(body).success).toBe(true);
  });
});
