import { describe, expect, it } from 'vitest';
import { ActiveAdsQuery, AdEventRequest } from '@kainga/contracts';
import { activeAdsUrl, adEventBody } from './ad-api';

describe('the advert API calls', () => {
  it('asks for the placement and only the parameters given', () => {
    expect(activeAdsUrl({ placement: 'sidebar_valuation', city: 'Auckland', suburb: 'Ponsonby', targetRole: 'registered_valuer' })).toBe(
      '/api/ads/active?placement=sidebar_valuation&city=Auckland&suburb=Ponsonby&targetRole=registered_valuer',
    );
    expect(activeAdsUrl({ placement: 'property_results', city: 'Palmerston North', suburb: ' ' })).toBe('/api/ads/active?placement=property_results&city=Palmerston+North');
    const url = new URL(activeAdsUrl({ placement: 'mortgage_calculator', city: 'Wellington', targetRole: 'mortgage-broker' }), 'http://x');
    expect(ActiveAdsQuery.safeParse(Object.fromEntries(url.searchParams)).success).toBe(true);
  });

  it('sends the ad event payload of the spec', () => {
    const body = adEventBody({ adContentId: 'c-1', serveToken: 'token-1' }, { placement: 'rental_assessment', city: 'Hamilton', suburb: '' }, 'Mozilla/5.0', 'p-1');
    expect(body).toEqual({ adContentId: 'c-1', serveToken: 'token-1', placement: 'rental_assessment', userAgent: 'Mozilla/5.0', city: 'Hamilton', suburb: null, propertyId: 'p-1' });
    expect(AdEventRequest.safeParse(body).success).toBe(true);
  });
});
