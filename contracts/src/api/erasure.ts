import { z } from 'zod';
import { Email } from './auth';
import { ERASURE_REASON_MAX, ERASURE_REASON_MIN, ERASURE_REASON_NAMES_PERSON, ERASURE_REASON_REQUIRED, reasonNamesPerson } from '../erasure-reason';

/** DELETE /api/profile: the account's password proves it is its owner (absent for an account signed in with Google or GitHub). */
export const DeleteAccountRequest = z.strictObject({
  password: z.string().max(200, 'The password is too long.').optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

// The reason's limits and words live zod-free in ../erasure-reason (the web app uses them too).
export { ERASURE_REASON_MAX, ERASURE_REASON_MIN, ERASURE_REASON_NAMES_PERSON, ERASURE_REASON_REQUIRED, reasonNamesPerson };

/** POST /api/admin/users/:userId/erase: why (recorded in the history: the request it answers, no personal detail). */
export const AdminErasureRequest = z.strictObject({
  reason: z.string({ error: ERASURE_REASON_REQUIRED }).trim().min(ERASURE_REASON_MIN, ERASURE_REASON_REQUIRED).max(ERASURE_REASON_MAX, ERASURE_REASON_REQUIRED),
});
export type AdminErasureRequest = z.infer<typeof AdminErasureRequest>;

/** How recent a Google or GitHub sign-in must be for an account without a password to delete itself. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/** POST /api/admin/visitors/erase: a signed-out visitor (no account) erased by the email they wrote from, with the reason. */
export const AdminVisitorErasureRequest = z.strictObject({
  email: Email,
  reason: AdminErasureRequest.shape.reason,
});
export type AdminVisitorErasureRequest = z.infer<typeof AdminVisitorErasureRequest>;
/** Said when the address is an account's: erasing the account covers what it sent signed out too. */
export const VISITOR_HAS_ACCOUNT = 'This address belongs to an account. Erase the account in User Management instead: that covers what it sent while signed out too.';
/** Said when no request to a partner came from the address (or its requests were erased already). */
export const VISITOR_NOT_FOUND = 'No requests to partners from this address were found.';
