import type { AdPlacement, AdTier, PartnerRoleName } from '@kainga/contracts';
import type { AdCandidate } from '@kainga/projections';
import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../testing/partner-fixtures';
import { interleave, selectActiveAds, toActiveAd, type ActiveAdsAsked } from './select-active-ads';

const allPlacements: AdPlacement[] = ['sidebar_valuation', 'mortgage_calculator', 'rental_assessment', 'property_results'];
const priority: Record<AdTier, number> = { gold: 3, silver: 2, bronze: 1 };

let n = 0;
/** One eligible advert unless the overrides say otherwise. */
function candidate(tier: AdTier, o: { role?: PartnerRoleName; placements?: AdPlacement[]; planActive?: boolean; max?: number; status?: 'active' | 'paused'; subStatus?: 'active' | 'paused' | 'expired'; holdsRole?: boolean; approvedAt?: string; planPriority?: number } = {}): AdCandidate {
  const id = `${tier}-${++n}`;
  const role = o.role ?? 'registered_valuer';
  return {
    content: { _id: id, subscriptionId: `s-${id}`, partnerId: `p-${id}`, title: id, description: 'd', imageUrl: null, ctaText: 'Learn More', ctaUrl: 'https://x.nz', targetRoles: [], status: o.status ?? 'active', approvedBy: 'a', approvedAt: o.approvedAt ?? `2026-11-01T00:00:${String(n).padStart(2, '0')}.000Z`, rejectionReason: null, createdAt: '', updatedAt: '', demo: false },
    subscription: { _id: `s-${id}`, partnerId: `p-${id}`, partnerRole: role, adPlanId: `plan-${tier}`, tier, locationId: 'auckland', status: o.subStatus ?? 'active', demo: false },
    plan: { _id: `plan-${tier}`, tier, isActive: o.planActive ?? true, priority: o.planPriority ?? priority[tier], maxImpressions: o.max ?? 1000, allowedPlacements: o.placements ?? allPlacements },
    partner: { ...sampleProfile, _id: `p-${id}`, userId: `u-${id}`, role, businessName: `Business ${id}`, source: { via: 'admin' }, approvedBy: 'a', approvedAt: '', createdAt: '', updatedAt: '' },
    user: { _id: `u-${id}`, firstName: 'Aroha', lastName: 'Ngata', roles: o.holdsRole === false ? ['general'] : ['general', role] },
  };
}
const ask = (placement: AdPlacement, extra: Partial<ActiveAdsAsked> = {}): ActiveAdsAsked => ({ placement, partnerRole: null, impressionsThisMonth: new Map(), ...extra });
const ids = (xs: AdCandidate[]) => xs.map((c) => c.content._id);

describe('active ads selection', () => {
  it('puts gold first, then silver and bronze interleaved 3 : 2, the longer list’s rest at the end', () => {
    const silver = Array.from({ length: 5 }, () => candidate('silver'));
    const bronze = Array.from({ length: 3 }, () => candidate('bronze'));
    const gold = [candidate('gold'), candidate('gold')];
    const chosen = selectActiveAds([...bronze, ...silver, ...gold], ask('mortgage_calculator'));
    expect(ids(chosen)).toEqual([...ids(gold), ...ids(silver.slice(0, 3)), ...ids(bronze.slice(0, 2)), ...ids(silver.slice(3)), ...ids(bronze.slice(2))]);
    expect(interleave(['s1', 's2', 's3', 's4', 's5', 's6', 's7'], ['b1', 'b2', 'b3'])).toEqual(['s1', 's2', 's3', 'b1', 'b2', 's4', 's5', 's6', 'b3', 's7']);
    expect(interleave([], ['b1', 'b2', 'b3'])).toEqual(['b1', 'b2', 'b3']);
  });

  it('orders one tier by plan priority, then by approval', () => {
    const late = candidate('gold', { approvedAt: '2026-11-05T00:00:00.000Z' });
    const early = candidate('gold', { approvedAt: '2026-11-02T00:00:00.000Z' });
    const high = candidate('gold', { planPriority: 9, approvedAt: '2026-11-09T00:00:00.000Z' });
    expect(ids(selectActiveAds([late, early, high], ask('property_results')))).toEqual(ids([high, early, late]));
  });

  it('shows at most 3 gold adverts on the valuation sidebar, and no silver or bronze', () => {
    const gold = Array.from({ length: 5 }, () => candidate('gold'));
    const chosen = selectActiveAds([candidate('silver'), ...gold, candidate('bronze')], ask('sidebar_valuation'));
    expect(ids(chosen)).toEqual(ids(gold.slice(0, 3)));
  });

  it('shows only adverts whose plan is active and allows the placement', () => {
    const sidebarOnly = candidate('gold', { placements: ['sidebar_valuation'] });
    const inactive = candidate('gold', { planActive: false });
    const everywhere = candidate('gold');
    expect(ids(selectActiveAds([sidebarOnly, inactive, everywhere], ask('mortgage_calculator')))).toEqual(ids([everywhere]));
    expect(ids(selectActiveAds([sidebarOnly, inactive, everywhere], ask('sidebar_valuation')))).toEqual(ids([sidebarOnly, everywhere]));
  });

  it('matches the advertiser’s role to the target role asked for, and drops a partner who lost the role', () => {
    const broker = candidate('silver', { role: 'mortgage_broker' });
    const manager = candidate('silver', { role: 'property_manager' });
    const revoked = candidate('silver', { role: 'mortgage_broker', holdsRole: false });
    expect(ids(selectActiveAds([broker, manager, revoked], ask('mortgage_calculator', { partnerRole: 'mortgage_broker' })))).toEqual(ids([broker]));
    expect(ids(selectActiveAds([broker, manager, revoked], ask('mortgage_calculator')))).toEqual(ids([broker, manager]));
  });

  it('drops paused adverts, paused or expired subscriptions and a missing plan', () => {
    const ok = candidate('bronze');
    const noPlan = { ...candidate('bronze'), plan: null };
    const chosen = selectActiveAds([candidate('bronze', { status: 'paused' }), candidate('bronze', { subStatus: 'paused' }), candidate('bronze', { subStatus: 'expired' }), noPlan, ok], ask('rental_assessment'));
    expect(ids(chosen)).toEqual(ids([ok]));
  });

  it('stops showing a subscription’s adverts once it reached maxImpressions this month', () => {
    const under = candidate('silver', { max: 100 });
    const at = candidate('silver', { max: 100 });
    const impressions = new Map([
      [under.subscription._id, 99],
      [at.subscription._id, 100],
    ]);
    expect(ids(selectActiveAds([under, at], ask('property_results', { impressionsThisMonth: impressions })))).toEqual(ids([under]));
  });

  it('answers the consumer spec’s advert fields', () => {
    const c = candidate('gold');
    expect(toActiveAd(c)).toMatchObject({
      id: c.content._id,
      adContentId: c.content._id,
      tier: 'gold',
      adPlan: { tier: 'gold' },
      partnerId: c.partner!._id,
      partnerRole: 'registered_valuer',
      partnerName: 'Aroha Ngata',
      businessName: c.partner!.businessName,
      contactEmail: sampleProfile.contactEmail,
      subscriptionId: c.subscription._id,
      cityName: 'Auckland',
      ctaText: 'Learn More',
      demo: false,
    });
  });
});
