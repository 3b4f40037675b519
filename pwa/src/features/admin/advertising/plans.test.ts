import { describe, expect, it } from 'vitest';
import type { AdPlanView } from '@kainga/contracts';
import { activePlanOptions, freeTiers, planDimensions, planMonthlyPrice, planRequestOf, sortPlans } from './plans';

const plan = (over: Partial<AdPlanView>): AdPlanView => ({
  id: 'p',
  name: 'Plan',
  description: 'd',
  tier: 'gold',
  monthlyPrice: 1250,
  pricePerLead: 25,
  adWidth: 300,
  adHeight: 250,
  priority: 3,
  maxImpressions: 10000,
  allowedPlacements: ['sidebar_valuation'],
  features: ['Top spot'],
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('plans', () => {
  it('orders gold, silver, bronze whatever the order they came in', () => {
    const plans = [plan({ id: 'b', tier: 'bronze' }), plan({ id: 'g', tier: 'gold' }), plan({ id: 's', tier: 'silver' })];
    expect(sortPlans(plans).map((p) => p.tier)).toEqual(['gold', 'silver', 'bronze']);
  });

  it('shows dimensions as W x H px and the price in NZD without decimals', () => {
    expect(planDimensions(plan({ adWidth: 728, adHeight: 90 }))).toBe('728 x 90 px');
    expect(planMonthlyPrice(plan({ monthlyPrice: 1249.6 }))).toBe('$1,250/month');
  });

  it('offers only active plans to allocate, in tier order', () => {
    const options = activePlanOptions([
      plan({ id: 'b', tier: 'bronze', name: 'Bronze Local', monthlyPrice: 99 }),
      plan({ id: 's', tier: 'silver', isActive: false }),
      plan({ id: 'g', tier: 'gold', name: 'Gold Premium', monthlyPrice: 499 }),
    ]);
    expect(options).toEqual([
      { value: 'g', label: 'Gold · Gold Premium ($499/month)' },
      { value: 'b', label: 'Bronze · Bronze Local ($99/month)' },
    ]);
  });

  it('lets a new plan take only a tier without a plan', () => {
    expect(freeTiers([plan({ tier: 'silver' })])).toEqual(['gold', 'bronze']);
    expect(freeTiers([plan({ tier: 'gold' }), plan({ tier: 'silver' }), plan({ tier: 'bronze' })])).toEqual([]);
  });

  it('switches a plan off by sending it back unchanged but for isActive', () => {
    const body = planRequestOf(plan({ id: 'g' }), { isActive: false });
    expect(body).toEqual({
      tier: 'gold',
      name: 'Plan',
      description: 'd',
      monthlyPrice: 1250,
      pricePerLead: 25,
      adWidth: 300,
      adHeight: 250,
      priority: 3,
      maxImpressions: 10000,
      allowedPlacements: ['sidebar_valuation'],
      features: ['Top spot'],
      isActive: false,
    });
    expect(body).not.toHaveProperty('id');
  });
});
