import type { ReportShare } from '@kainga/contracts';
import { countNoun, reportShareStatus } from '@kainga/contracts/browser';
import { formatDateTimeNZ } from '../../format/format';
import { timeAgo } from './relative-time';

type ShareTimes = Pick<ReportShare, 'revokedAt' | 'expiresAt'>;

/**
 * "Active until 9 Dec 2026, 1:55 pm", "Expired" or "Stopped": the status worked out at `now` by
 * the contracts' rule rather than read from the answer, so a link that runs out while the dialog
 * is open reads Expired.
 */
export function shareStatusText(share: ShareTimes, now: Date): string {
  const status = reportShareStatus(share, now);
  if (status === 'revoked') return 'Stopped';
  if (status === 'expired') return 'Expired';
  return `Active until ${formatDateTimeNZ(share.expiresAt)}`;
}

/** "Opened 3 times, last 2 hours ago", or "Not opened yet". */
export function shareOpensText(share: Pick<ReportShare, 'opens' | 'lastOpenedAt'>, now: Date): string {
  if (share.opens <= 0) return 'Not opened yet';
  const opened = `Opened ${countNoun(share.opens, 'time', 'times')}`;
  return share.lastOpenedAt ? `${opened}, last ${timeAgo(share.lastOpenedAt, now)}` : opened;
}
