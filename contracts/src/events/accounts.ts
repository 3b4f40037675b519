import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';

/**
 * Account events. Passwords and their hashes never enter an event: credentials live in the
 * CredentialStore, so they can be changed or erased while the log stays immutable.
 */
export const UserRegistered = z.object({
  type: z.literal('UserRegistered'),
  data: z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(RoleNameSchema).min(1),
    profileImageUrl: z.string().nullable(),
    /** 'invitation': an admin created the account for a new partner; its owner sets the password from the mailed link. */
    provider: z.enum(['password', 'google', 'github', 'invitation']),
    registeredAt: z.string(),
  }),
});
export const UserProfileChanged = z.object({
  type: z.literal('UserProfileChanged'),
  data: z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    changedAt: z.string(),
  }),
});
export const UserRolesChanged = z.object({
  type: z.literal('UserRolesChanged'),
  data: z.object({ userId: z.string(), roles: z.array(RoleNameSchema).min(1), changedBy: z.string(), changedAt: z.string() }),
});
export const UserEvent = z.discriminatedUnion('type', [UserRegistered, UserProfileChanged, UserRolesChanged]);
export type UserEvent = z.infer<typeof UserEvent>;

/**
 * Admin by configuration (ADMIN_EMAILS) needs proof that the person owns the address: a
 * one-time link mailed to it (only the link's SHA-256 is kept), or a provider's verified email.
 * On proof the account's roles change (UserRolesChanged) for good: it never follows the email.
 */
export const AdminEmailLinkSent = z.object({
  type: z.literal('AdminEmailLinkSent'),
  data: z.object({ userId: z.string(), email: z.string(), tokenHash: z.string(), sentAt: z.string(), expiresAt: z.string() }),
});
export const AdminEmailVerified = z.object({
  type: z.literal('AdminEmailVerified'),
  data: z.object({ userId: z.string(), email: z.string(), via: z.enum(['link', 'google', 'github']), verifiedAt: z.string() }),
});
export const AdminEmailEvent = z.discriminatedUnion('type', [AdminEmailLinkSent, AdminEmailVerified]);
export type AdminEmailEvent = z.infer<typeof AdminEmailEvent>;

/** One account per email: a reservation stream per normalised email, appended with no-stream. */
export const EmailReserved = z.object({
  type: z.literal('EmailReserved'),
  data: z.object({ email: z.string(), userId: z.string(), reservedAt: z.string() }),
});
export const EmailReleased = z.object({
  type: z.literal('EmailReleased'),
  data: z.object({ email: z.string(), userId: z.string(), releasedAt: z.string() }),
});
export const EmailReservationEvent = z.discriminatedUnion('type', [EmailReserved, EmailReleased]);
export type EmailReservationEvent = z.infer<typeof EmailReservationEvent>;

export const accountEventTypes = ['UserRegistered', 'UserProfileChanged', 'UserRolesChanged'] as const;

/**
 * An invitation to set the password of an account an admin created (POST /api/admin/create-partner),
 * stream `accountInvitation-<tokenHash>`: the link's token is never stored, only its SHA-256, and
 * the stream named by it is how the link finds its account. One use, within 7 days.
 */
export const AccountInvitationSent = z.object({
  type: z.literal('AccountInvitationSent'),
  data: z.object({ tokenHash: z.string(), userId: z.string(), sentBy: z.string(), sentAt: z.string(), expiresAt: z.string() }),
});
export const AccountInvitationAccepted = z.object({
  type: z.literal('AccountInvitationAccepted'),
  data: z.object({ tokenHash: z.string(), userId: z.string(), acceptedAt: z.string() }),
});
export const AccountInvitationEvent = z.discriminatedUnion('type', [AccountInvitationSent, AccountInvitationAccepted]);
export type AccountInvitationEvent = z.infer<typeof AccountInvitationEvent>;
