import { describe, expect, it } from 'vitest';
import { locationOptions, partnerRoleRecords } from './partner-queries';

describe('partnerRoleRecords', () => {
  it('keeps the three partner roles in the product’s order, never Admin or General', () => {
    const roles = [
      { id: 'general', name: 'General', description: 'g' },
      { id: 'property_manager', name: 'Property Manager', description: 'p' },
      { id: 'admin', name: 'Admin', description: 'a' },
      { id: 'mortgage_broker', name: 'Mortgage Broker', description: 'm' },
      { id: 'registered_valuer', name: 'Registered Valuer', description: 'r' },
    ];
    expect(partnerRoleRecords(roles).map((r) => r.id)).toEqual(['mortgage_broker', 'registered_valuer', 'property_manager']);
  });
});

describe('locationOptions', () => {
  it('labels City, Region, by city', () => {
    const at = { latitude: 0, longitude: 0 };
    expect(
      locationOptions([
        { id: 'wlg', cityName: 'Wellington', region: 'Wellington', ...at },
        { id: 'akl', cityName: 'Auckland', region: 'Auckland', ...at },
      ]),
    ).toEqual([
      { value: 'akl', label: 'Auckland, Auckland' },
      { value: 'wlg', label: 'Wellington, Wellington' },
    ]);
  });
});
