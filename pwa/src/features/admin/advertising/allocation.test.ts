import { describe, expect, it } from 'vitest';
import { AllocateAdPlanRequest, type AdminPartnerView, type Location } from '@kainga/contracts';
import { ALLOCATE_MISSING_MESSAGE } from '@kainga/contracts/browser';
import { allocationRequest, defaultLocationOf, locationChoices, partnerOptions } from './allocation';

const partner = (over: Partial<AdminPartnerView>): AdminPartnerView => ({
  id: 'p1',
  userId: 'u1',
  roleId: 'mortgage_broker',
  businessName: 'Harbour Loans',
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'a@example.nz',
  status: 'active',
  locations: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  demo: false,
  ...over,
});
const town = (id: string, cityName: string): Location => ({ id, cityName, region: 'R', latitude: 0, longitude: 0 });
const towns = [town('wlg', 'Wellington'), town('akl', 'Auckland'), town('chc', 'Christchurch')];

describe('allocation', () => {
  it('needs a partner, a plan and a location, as the server does', () => {
    for (const choice of [{}, { partnerId: 'p', adPlanId: 'a' }, { partnerId: 'p', locationId: 'l' }, { adPlanId: 'a', locationId: 'l', partnerId: '' }]) {
      expect(allocationRequest(choice)).toBeNull();
      expect(AllocateAdPlanRequest.safeParse(choice).error?.issues[0]?.message).toBe(ALLOCATE_MISSING_MESSAGE);
    }
    const full = { partnerId: 'p', adPlanId: 'a', locationId: 'l' };
    expect(allocationRequest(full)).toEqual(full);
    expect(AllocateAdPlanRequest.safeParse(allocationRequest(full)).success).toBe(true);
  });

  it('lists partners holding their role, by business name, with person and role', () => {
    const options = partnerOptions([
      partner({ id: 'z', businessName: 'Zeal Valuers', roleId: 'registered_valuer', firstName: 'Mere', lastName: 'Tui' }),
      partner({ id: 'x', businessName: 'Gone Ltd', status: 'inactive' }),
      partner({ id: 'h' }),
    ]);
    expect(options).toEqual([
      { value: 'h', label: 'Harbour Loans — Aroha Ngata (Mortgage Broker)' },
      { value: 'z', label: 'Zeal Valuers — Mere Tui (Registered Valuer)' },
    ]);
  });

  it("offers only the partner's own locations once a partner is chosen", () => {
    const p = partner({ locations: [{ id: 'wlg', cityName: 'Wellington' }, { id: 'akl', cityName: 'Auckland' }] });
    expect(locationChoices(p, towns)).toEqual([
      { value: 'akl', label: 'Auckland, R' },
      { value: 'wlg', label: 'Wellington, R' },
    ]);
    const everyTown = [
      { value: 'akl', label: 'Auckland, R' },
      { value: 'chc', label: 'Christchurch, R' },
      { value: 'wlg', label: 'Wellington, R' },
    ];
    expect(locationChoices(undefined, towns)).toEqual(everyTown);
    // A partner without a location (none is approved without one) leaves every town to choose from.
    expect(locationChoices(partner({ locations: [] }), towns)).toEqual(everyTown);
  });

  it("chooses a partner's only location for the admin", () => {
    expect(defaultLocationOf(partner({ locations: [{ id: 'chc', cityName: 'Christchurch' }] }))).toBe('chc');
    expect(defaultLocationOf(partner({ locations: [{ id: 'chc', cityName: 'Christchurch' }, { id: 'akl', cityName: 'Auckland' }] }))).toBeUndefined();
    expect(defaultLocationOf(undefined)).toBeUndefined();
  });
});
