import { describe, expect, it } from 'vitest';
import { guardAllows, hasPermission, isGeneral, partnerRoleNames, partnerRolesOf, permissions, permissionsOf, roleNames, rolePermissions, type RoleName } from './roles';

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

describe('partner and admin permissions (spec 001 §6)', () => {
  // Consumer spec §6, word for word: each role keeps these, whatever is added after them.
  const spec: Record<RoleName, string[]> = {
    general: ['read:valuation:summary:any', 'create:valuation', 'create:property'],
    admin: ['read:valuation:summary:any', 'read:valuation:detail', 'read:property:detail', 'create:valuation', 'create:property', 'admin:all'],
    mortgage_broker: ['read:valuation:summary:any', 'create:valuation', 'create:property', 'partner:leads'],
    registered_valuer: ['read:valuation:summary:any', 'read:valuation:detail', 'create:valuation', 'create:property', 'partner:leads'],
    property_manager: ['read:valuation:summary:any', 'create:valuation', 'create:property', 'partner:leads'],
  };

  it('keeps every permission of the consumer spec table, first and in order', () => {
    for (const role of roleNames) expect(rolePermissions[role].slice(0, spec[role].length)).toEqual(spec[role]);
  });

  it('lets every role apply, partners edit their profile, and only admins reach the admin areas', () => {
    for (const role of roleNames) expect(hasPermission([role], 'apply:partner')).toBe(true);
    expect(partnerRoleNames.every((r) => hasPermission([r], 'partner:profile'))).toBe(true);
    expect(hasPermission(['general'], 'partner:profile')).toBe(false);
    for (const p of ['admin:users', 'admin:partners', 'admin:properties', 'admin:stats', 'admin:outbox'] as const) {
      expect(hasPermission(['admin'], p)).toBe(true);
      expect(roleNames.filter((r) => hasPermission([r], p))).toEqual(['admin']);
    }
    expect(hasPermission([], 'apply:partner')).toBe(false);
  });
});

describe('hasPermission', () => {
  it('answers as the permissions of the roles held do (admin:all passes everything), for every set of roles and permission', () => {
    const sets: RoleName[][] = [[]];
    for (const role of roleNames) for (const set of [...sets]) sets.push([...set, role]);
    for (const roles of sets) {
      const held = permissionsOf(roles);
      for (const p of permissions) expect(hasPermission(roles, p), `${roles.join('+') || 'none'} ${p}`).toBe(held.has('admin:all') || held.has(p));
    }
  });
});
