import { describe, expect, it } from 'vitest';
import { PartnerContactRequest, PartnerLeadRequest, type LocalPartner } from '@kainga/contracts';
import { nzLocations } from '@kainga/contracts/browser';
import {
  ALL_SERVICES,
  GENERAL_ENQUIRY,
  contactGreeting,
  locationOfCity,
  partnersUrl,
  preselectedService,
  requestProblem,
  serviceRequestOptions,
  serviceTypeOptions,
} from './professionals-logic';

const partner = {
  businessName: 'Ngata Mortgages',
  roleId: 'mortgage_broker',
  roleName: 'Mortgage Broker',
  role: { id: 'mortgage_broker', name: 'Mortgage Broker' },
  user: { firstName: 'Aroha', lastName: 'Ngata', profileImageUrl: null },
} as const satisfies Partial<LocalPartner>;

describe('the card’s choices', () => {
  it('offers the partner roles only (Admin and General hidden)', () => {
    const roles = ['general', 'admin', 'mortgage_broker', 'registered_valuer', 'property_manager'].map((id) => ({ id, name: id.toUpperCase(), description: '' }));
    expect(serviceTypeOptions(roles).map((o) => o.value)).toEqual(['mortgage_broker', 'registered_valuer', 'property_manager']);
  });
  it('starts on the property’s city, with or without macrons', () => {
    expect(locationOfCity(nzLocations, 'Whangarei')?.cityName).toBe('Whangārei');
    expect(locationOfCity(nzLocations, 'wellington')?.id).toBe('wellington');
    expect(locationOfCity(nzLocations, 'Atlantis')).toBeUndefined();
    expect(locationOfCity(nzLocations, '')).toBeUndefined();
  });
  it('asks for one service, or omits roleId for all', () => {
    expect(partnersUrl('te-anau', 'registered_valuer')).toBe('/api/partners/location/te-anau?roleId=registered_valuer');
    expect(partnersUrl('te-anau', ALL_SERVICES)).toBe('/api/partners/location/te-anau');
  });
});

describe('the contact dialog', () => {
  it('greets the partner and names the property’s city and region', () => {
    const text = contactGreeting(partner, { city: 'Hamilton', region: 'Waikato' });
    expect(text.startsWith('Hello Aroha,')).toBe(true);
    expect(text).toContain('mortgage broker for my property in Hamilton, Waikato.');
    expect(contactGreeting({ ...partner, user: { ...partner.user, firstName: ' ' } }, { city: 'Auckland', region: 'Auckland' })).toMatch(/^Hello Ngata Mortgages,[\s\S]*in Auckland\. /);
    expect(PartnerContactRequest.safeParse({ partnerId: 'p', message: text, propertyId: 'x' }).success).toBe(true);
  });
});

describe('the service request', () => {
  it('offers the partner’s service or a General Enquiry, preselecting the card’s service when it is theirs', () => {
    expect(serviceRequestOptions(partner).map((o) => o.value)).toEqual(['mortgage_broker', GENERAL_ENQUIRY]);
    expect(preselectedService(partner, 'mortgage_broker')).toBe('mortgage_broker');
    expect(preselectedService(partner, ALL_SERVICES)).toBeNull();
    for (const o of serviceRequestOptions(partner)) {
      expect(PartnerLeadRequest.safeParse({ partnerId: 'p', serviceType: o.value, requestMessage: 'Hi', propertyLocation: 'hamilton' }).success).toBe(true);
    }
  });
  it('is disabled while the message is blank, and says when no service type is chosen', () => {
    expect(requestProblem('mortgage_broker', '  ')).toBe('blank');
    expect(requestProblem(null, 'Hi')).toBe('Please select a service type');
    expect(requestProblem(GENERAL_ENQUIRY, 'Hi')).toBeNull();
  });
});
