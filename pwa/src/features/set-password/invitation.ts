/**
 * The invitation link an admin's create-partner mails: /set-password?token=…. GET
 * /api/auth/invitation?token= names the invited person; POST /api/auth/invitation {token,
 * password} sets the password and signs them in.
 */

export type { InvitationView } from '@kainga/contracts';

/** What the page says for a link without a token (the server's words for a bad one). */
export const INVALID_LINK_MESSAGE = 'This invitation link is not valid.';

/** The token of the page's query string, or null when it has none. */
export function invitationToken(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim();
  return token ? token : null;
}

/** The query key of GET /api/auth/invitation?token=… (the default query function GETs it). */
export const invitationQueryKey = (token: string) => [`/api/auth/invitation?token=${encodeURIComponent(token)}`] as const;

export const INVITATION_URL = '/api/auth/invitation';

/** The confirmation field: the same password again. */
export function confirmMessage(password: unknown, confirmation: unknown): string | null {
  if (typeof confirmation !== 'string' || confirmation.length === 0) return 'Please confirm your password';
  return confirmation === password ? null : 'The passwords do not match';
}
