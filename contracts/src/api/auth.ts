import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';

const name = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);
export const Email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const RegisterRequest = z.strictObject({
  email: Email,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password is too long'),
  firstName: name('First name'),
  lastName: name('Last name'),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.strictObject({
  email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The user record of GET /api/auth/user (partner/admin spec §3). */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(RoleNameSchema),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

/**
 * GET /api/auth/user's answer: the user record, and whether the account has a password (one made
 * with Google or GitHub may have none). The delete-account dialog asks for the password only then.
 */
export const CurrentUser = User.extend({ hasPassword: z.boolean() });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** PATCH /api/profile with the user-profile messages of partner/admin spec §5. */
export const ProfileUpdateRequest = z.strictObject({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: Email,
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

export const AuthProviders = z.object({
  google: z.boolean(),
  github: z.boolean(),
  email: z.literal(true),
});
export type AuthProviders = z.infer<typeof AuthProviders>;

/** GET /api/auth/invitation?token=… (the /set-password page of an invited partner). */
export const InvitationQuery = z.object({ token: z.string({ error: 'This invitation link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.') });
export const InvitationView = z.object({ email: z.string(), firstName: z.string(), lastName: z.string() });
export type InvitationView = z.infer<typeof InvitationView>;

/** POST /api/auth/invitation: the invited person's password, with the rules of registration. */
export const AcceptInvitationRequest = z.strictObject({ token: InvitationQuery.shape.token, password: RegisterRequest.shape.password });
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;
