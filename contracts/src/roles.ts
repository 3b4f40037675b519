/** Roles of the consumer spec §6 and partner/admin spec §6. A user may hold several. */
export const roleNames = ['general', 'admin', 'mortgage_broker', 'registered_valuer', 'property_manager'] as const;
export type RoleName = (typeof roleNames)[number];

export const partnerRoleNames = ['mortgage_broker', 'registered_valuer', 'property_manager'] as const;
export type PartnerRoleName = (typeof partnerRoleNames)[number];

/** Labels used across the product; the profile page has its own two (see profileRoleLabels). */
export const roleLabels: Record<RoleName, string> = {
  general: 'General',
  admin: 'Admin',
  mortgage_broker: 'Mortgage Broker',
  registered_valuer: 'Registered Valuer',
  property_manager: 'Property Manager',
};

/** The profile page reads 'General User' and 'Administrator' (partner/admin spec §6). */
export const profileRoleLabels: Record<RoleName, string> = {
  ...roleLabels,
  general: 'General User',
  admin: 'Administrator',
};

/** The consumer spec §6 permissions, then those the partner and admin routes check (spec 001 §6). */
export const permissions = [
  'read:valuation:summary:any',
  'read:valuation:detail',
  'read:property:detail',
  'create:valuation',
  'create:property',
  'partner:leads',
  'admin:all',
  // Spec 001 §6 "Signed-in users: /apply": every role may apply (for another partner role, too).
  'apply:partner',
  // Spec 001 §6 "Partner roles: edit partner profile per active role".
  'partner:profile',
  // Spec 001 §6 "Admin only": one permission per admin area (admin:all still passes every check).
  'admin:users',
  'admin:partners',
  'admin:properties',
  'admin:stats',
  'admin:outbox',
  // Spec 001 §6: admins allocate plans and change subscriptions; partners subscribe and manage their adverts.
  'admin:advertising',
  'partner:advertising',
  // Issue 12: the event history and the advert activity records (admins only; viewing is recorded).
  'admin:audit',
] as const;
export type Permission = (typeof permissions)[number];

/** The permissions added for the partner and admin routes, by role (each role holds its §6 list too). */
const partnerPermissions = ['apply:partner', 'partner:profile', 'partner:advertising'] as const satisfies readonly Permission[];

/**
 * The permissions table of consumer spec §6, as data (each role's list first, exactly as the spec
 * gives it), with the partner and admin permissions of spec 001 §6 after it.
 */
export const rolePermissions: Record<RoleName, readonly Permission[]> = {
  general: ['read:valuation:summary:any', 'create:valuation', 'create:property', 'apply:partner'],
  admin: [
    'read:valuation:summary:any',
    'read:valuation:detail',
    'read:property:detail',
    'create:valuation',
    'create:property',
    'admin:all',
    'apply:partner',
    'admin:users',
    'admin:partners',
    'admin:properties',
    'admin:stats',
    'admin:outbox',
    'admin:advertising',
    'admin:audit',
  ],
  mortgage_broker: ['read:valuation:summary:any', 'create:valuation', 'create:property', 'partner:leads', ...partnerPermissions],
  registered_valuer: [
    'read:valuation:summary:any',
    'read:valuation:detail',
    'create:valuation',
    'create:property',
    'partner:leads',
    ...partnerPermissions,
  ],
  property_manager: ['read:valuation:summary:any', 'create:valuation', 'create:property', 'partner:leads', ...partnerPermissions],
};

/** What a signed-out visitor, or a user without roles, may do. */
export const anonymousPermissions: readonly Permission[] = ['read:valuation:summary:any'];

export function permissionsOf(roles: readonly RoleName[] | undefined | null): Set<Permission> {
  if (!roles || roles.length === 0) return new Set(anonymousPermissions);
  return new Set(roles.flatMap((r) => rolePermissions[r] ?? []));
}

/** An admin passes every permission check (admin:all). */
export function hasPermission(roles: readonly RoleName[] | undefined | null, permission: Permission): boolean {
  // Asked on every guarded request: reads the role table in place rather than building permissionsOf's Set.
  if (!roles || roles.length === 0) return anonymousPermissions.includes(permission);
  return roles.some((r) => {
    const held: readonly Permission[] = rolePermissions[r] ?? [];
    return held.includes('admin:all') || held.includes(permission);
  });
}

export const hasRole = (roles: readonly RoleName[] | undefined | null, role: RoleName) => !!roles?.includes(role);
export const isAdmin = (roles: readonly RoleName[] | undefined | null) => hasRole(roles, 'admin');
/** A user record without roles is treated as holding the single role general (consumer spec §3). */
export const isGeneral = (roles: readonly RoleName[] | undefined | null) =>
  !roles || roles.length === 0 || hasRole(roles, 'general');
export const partnerRolesOf = (roles: readonly RoleName[] | undefined | null): PartnerRoleName[] =>
  (roles ?? []).filter((r): r is PartnerRoleName => (partnerRoleNames as readonly string[]).includes(r));
export const isPartner = (roles: readonly RoleName[] | undefined | null) => partnerRolesOf(roles).length > 0;

/**
 * The generic guard of consumer spec §6: allowed when the user holds any of the listed roles
 * (or none are listed) and, if a permission is given, holds that permission.
 */
export function guardAllows(
  roles: readonly RoleName[] | undefined | null,
  rule: { anyRole?: readonly RoleName[]; permission?: Permission },
): boolean {
  const roleOk = !rule.anyRole || rule.anyRole.length === 0 || rule.anyRole.some((r) => hasRole(roles, r)) || isAdmin(roles);
  const permOk = !rule.permission || hasPermission(roles, rule.permission);
  return roleOk && permOk;
}
