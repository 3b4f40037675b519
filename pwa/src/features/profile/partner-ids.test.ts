import { describe, expect, it } from 'vitest';
import type { MyRoleEntry } from '@kainga/contracts';
import { partnerIdsByRole } from './partner-ids';

const entry = (roleId: MyRoleEntry['roleId'], partnerId: string, locationId: string): MyRoleEntry => ({
  id: `${partnerId}:${locationId}`,
  partnerId,
  roleId,
  locationId,
  businessName: 'Biz',
  licenseNumber: null,
  experienceYears: null,
  status: 'active',
  approvedBy: 'admin',
  approvedAt: '2025-01-01T00:00:00.000Z',
});

describe('partnerIdsByRole', () => {
  it('answers one id per role whatever the number of locations', () => {
    expect(partnerIdsByRole([entry('mortgage_broker', 'p1', 'akl'), entry('mortgage_broker', 'p1', 'wlg')])).toEqual([
      { roleId: 'mortgage_broker', partnerId: 'p1', label: 'Partner ID' },
    ]);
  });
  it('names the role when there are several, in the product’s order', () => {
    expect(partnerIdsByRole([entry('property_manager', 'p3', 'akl'), entry('mortgage_broker', 'p1', 'akl')])).toEqual([
      { roleId: 'mortgage_broker', partnerId: 'p1', label: 'Partner ID (Mortgage Broker)' },
      { roleId: 'property_manager', partnerId: 'p3', label: 'Partner ID (Property Manager)' },
    ]);
  });
  it('answers nothing without entries', () => expect(partnerIdsByRole([])).toEqual([]));
});
