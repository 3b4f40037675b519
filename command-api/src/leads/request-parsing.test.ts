import { CommandError } from '@kainga/platform';
import { describe, expect, it } from 'vitest';
import { propertyLocationOf, serviceTypeOf } from './request-parsing';

describe('serviceTypeOf', () => {
  it('reads a role name, a role label, or a general enquiry', () => {
    expect(serviceTypeOf('mortgage_broker')).toBe('mortgage');
    expect(serviceTypeOf('Registered Valuer')).toBe('valuation');
    expect(serviceTypeOf('property manager')).toBe('property_management');
    expect(serviceTypeOf('General Enquiry')).toBe('ad_inquiry');
  });
  it('refuses anything else with the form message', () => {
    expect(() => serviceTypeOf('admin')).toThrow(new CommandError('invalid', 'Please select a service type'));
  });
});

describe('propertyLocationOf', () => {
  it('reads an id, "City, Region" or a city name', () => {
    expect(propertyLocationOf('te-anau').cityName).toBe('Te Anau');
    expect(propertyLocationOf('Whangārei, Northland').id).toBe('whangarei');
    expect(propertyLocationOf('Hamilton').region).toBe('Waikato');
  });
  it('refuses an unknown place or a region that does not match', () => {
    expect(() => propertyLocationOf('Atlantis')).toThrow('Please choose the property location');
    expect(() => propertyLocationOf('Hamilton, Otago')).toThrow('Please choose the property location');
  });
});
