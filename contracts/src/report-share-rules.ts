/**
 * Shared report links' rules (issue 52), without zod so the web app uses the same ones: how long
 * a link may work, and what its status is at a moment.
 */

/** How long a link works, in days: the owner picks; a week unless they say. */
export const REPORT_SHARE_DEFAULT_DAYS = 7;
export const REPORT_SHARE_MAX_DAYS = 90;

export type ReportShareStatus = 'active' | 'expired' | 'revoked';

/** What a link's status is at `now`: a revoked link stays revoked; otherwise it ends at expiresAt. */
export function reportShareStatus(share: { revokedAt: string | null; expiresAt: string }, now: Date): ReportShareStatus {
  if (share.revokedAt) return 'revoked';
  return new Date(share.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}
