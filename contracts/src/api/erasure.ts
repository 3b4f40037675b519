import { z } from 'zod';
import { ERASURE_REASON_MAX, ERASURE_REASON_MIN, ERASURE_REASON_REQUIRED } from '../erasure-reason';

/** DELETE /api/profile: the account's password proves it is its owner (absent for an account signed in with Google or GitHub). */
export const DeleteAccountRequest = z.strictObject({
  password: z.string().max(200, 'The password is too long.').optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

// The reason's limits and words live zod-free in ../erasure-reason (the web app uses them too).
export { ERASURE_REASON_MAX, ERASURE_REASON_MIN, ERASURE_REASON_REQUIRED };

/** POST /api/admin/users/:userId/erase: why (recorded in the history: the request it answers, no personal detail). */
export const AdminErasureRequest = z.strictObject({
  reason: z.string({ error: ERASURE_REASON_REQUIRED }).trim().min(ERASURE_REASON_MIN, ERASURE_REASON_REQUIRED).max(ERASURE_REASON_MAX, ERASURE_REASON_REQUIRED),
});
export type AdminErasureRequest = z.infer<typeof AdminErasureRequest>;

/** How recent a Google or GitHub sign-in must be for an account without a password to delete itself. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;
