import { describe, expect, it } from 'vitest';
import { guardAllows, hasPermission, isGeneral, partnerRolesOf, permissionsOf } from './roles';

describe('roles and permissions (consumer spec §6)', () => {
  it('gives a signed-out visitor or a role-less user only read:valuation:summary:any', () => {
    expect([...permissionsOf(undefined)]).toEqual(['read:valuation:summary:any']);
    expect([...permissionsOf([])]).toEqual(['read:valuation:summary:any']);
    expect(hasPermission([], 'create:valuation')).toBe(false);
  });

  it('combines the permissions of every role held', () => {
    const held = permissionsOf(['general', 'registered_valuer']);
    expect(held.has('read:valuation:detail')).toBe(true);
    expect(held.has('partner:leads')).toBe(true);
    expect(held.has('read:property:detail')).toBe(false);
  });

  it('lets an admin pass every check', () => {
    expect(hasPermission(['admin'], 'partner:leads')).toBe(true);
  });

  it('refuses a general user partner leads', () => {
    expect(hasPermission(['general'], 'partner:leads')).toBe(false);
  });

  it('treats a user without roles as general and finds partner roles', () => {
    expect(isGeneral(undefined)).toBe(true);
    expect(isGeneral(['mortgage_broker'])).toBe(false);
    expect(partnerRolesOf(['general', 'property_manager', 'admin'])).toEqual(['property_manager']);
  });

  it('guards by role and permission together', () => {
    expect(guardAllows(['mortgage_broker'], { anyRole: ['mortgage_broker'], permission: 'partner:leads' })).toBe(true);
    expect(guardAllows(['general'], { anyRole: ['mortgage_broker'] })).toBe(false);
    expect(guardAllows(['general'], { permission: 'admin:all' })).toBe(false);
  });
});
