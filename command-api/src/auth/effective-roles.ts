import type { RoleName, User, UserDoc } from '@kainga/contracts';

/**
 * The roles a user holds: their recorded roles (general when none). ADMIN_EMAILS grants nothing
 * here: a listed address becomes admin only once its owner proves it (accounts/admin-email.ts),
 * as a recorded role change, so typing a listed address into a profile gives no power.
 */
export function effectiveRoles(doc: Pick<UserDoc, 'roles'>): RoleName[] {
  return doc.roles.length ? [...doc.roles] : ['general'];
}

export function toUser(doc: UserDoc): User {
  return {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    roles: effectiveRoles(doc),
    profileImageUrl: doc.profileImageUrl,
    createdAt: doc.createdAt,
  };
}
