import { describe, expect, it } from 'vitest';
import type { AdPlanView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { advertisableSubscriptions, availablePlans, planFacts, orderedSubscriptions, planDimensions, subscriptionLabel } from './plans';

const plan = (over: Partial<AdPlanView>): AdPlanView => ({
  id: over.tier ?? 'gold',
  name: 'Plan',
  description: '',
  tier: 'gold',
  monthlyPrice: 100,
  pricePerLead: 0,
  adWidth: 300,
  adHeight: 250,
  priority: 0,
  maxImpressions: 1000,
  allowedPlacements: ['sidebar_valuation'],
  features: [],
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const subscription = (id: string, status: PartnerAdSubscriptionView['status'], startDate: string): PartnerAdSubscriptionView => ({
  id,
  adPlanId: 'gold',
  partnerId: 'p1',
  locationId: 'auckland',
  status,
  startDate,
  endDate: null,
  autoRenew: true,
  totalImpressions: 0,
  totalClicks: 0,
  adPlan: plan({ name: 'Gold Premium' }),
  location: { id: 'auckland', cityName: 'Auckland', region: 'Auckland' },
  demo: false,
  via: 'admin',
  stripeSubscriptionId: null,
  stripeSubscriptionStatus: null,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  lastPaymentError: null,
  paymentDueSince: null,
  paymentRetries: 0,
  statusReason: null,
});

describe('availablePlans', () => {
  it('keeps the active plans in tier order gold, silver, bronze', () => {
    const plans = [plan({ tier: 'bronze', id: 'b' }), plan({ tier: 'gold', id: 'g' }), plan({ tier: 'silver', id: 's', isActive: false }), plan({ tier: 'silver', id: 's2' })];
    expect(availablePlans(plans).map((p) => p.id)).toEqual(['g', 's2', 'b']);
  });
  it('is empty when every plan is inactive', () => {
    expect(availablePlans([plan({ isActive: false })])).toEqual([]);
  });
});

describe('subscriptions', () => {
  const list = [subscription('old-active', 'active', '2026-01-01'), subscription('expired', 'expired', '2026-03-01'), subscription('paused', 'paused', '2026-02-01'), subscription('new-active', 'active', '2026-02-10')];
  it('lists active, then paused, then expired, newest first within each', () => {
    expect(orderedSubscriptions(list).map((s) => s.id)).toEqual(['new-active', 'old-active', 'paused', 'expired']);
  });
  it('offers only subscriptions that are not expired for a new advert', () => {
    expect(advertisableSubscriptions(list).map((s) => s.id)).toEqual(['new-active', 'old-active', 'paused']);
  });
  it('labels a subscription by plan and city, and a plan by its size', () => {
    expect(subscriptionLabel(list[0]!)).toBe('Gold Premium — Auckland');
    expect(planDimensions({ adWidth: 728, adHeight: 90 })).toBe('728 × 90 px');
  });
});

describe('planFacts', () => {
  const money = (n: number) => `$${n}`;
  it('gives size, monthly impressions and price per lead, then the features', () => {
    expect(planFacts(plan({ maxImpressions: 10000, pricePerLead: 25, features: ['All four placements'] }), money)).toEqual([
      'Advert size 300 × 250 px',
      'Up to 10,000 impressions a month',
      '$25 per lead',
      'All four placements',
    ]);
  });
  it('does not repeat what the configured features already say, nor a zero lead price', () => {
    expect(planFacts(plan({ pricePerLead: 0, features: ['Up to 10,000 impressions a month'] }), money)).toEqual(['Advert size 300 × 250 px', 'Up to 10,000 impressions a month']);
    expect(planFacts(plan({ pricePerLead: 10, features: ['$10 per lead'] }), money)).toEqual(['Advert size 300 × 250 px', 'Up to 1,000 impressions a month', '$10 per lead']);
  });
});
