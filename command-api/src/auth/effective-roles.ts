import type { RoleName, User, UserDoc } from '@kainga/contracts';

/**
 * The roles a user holds right now: their recorded roles, plus admin when their email is in
 * ADMIN_EMAILS (so an operator can grant the first admin without touching the event log).
 */
export function effectiveRoles(doc: Pick<UserDoc, 'email' | 'roles'>, adminEmails: readonly string[]): RoleName[] {
  const roles: RoleName[] = doc.roles.length ? [...doc.roles] : ['general'];
  if (adminEmails.includes(doc.email.toLowerCase()) && !roles.includes('admin')) roles.push('admin');
  return roles;
}

export function toUser(doc: UserDoc, adminEmails: readonly string[]): User {
  return {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    roles: effectiveRoles(doc, adminEmails),
    profileImageUrl: doc.profileImageUrl,
    createdAt: doc.createdAt,
  };
}
