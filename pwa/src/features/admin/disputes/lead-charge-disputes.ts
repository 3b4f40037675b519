/**
 * The admin's reading of GET /api/admin/lead-charge-disputes: the disputes still to resolve
 * first (oldest first, as a queue), then those whose refund Stripe refused, then the rest newest
 * first; statuses in the admin's words.
 */
import type { AdminLeadChargeDispute, LeadChargeDisputeStatus } from '@kainga/contracts';

export const ADMIN_DISPUTES_PATH = '/api/admin/lead-charge-disputes';
export const resolveDisputeUrl = (leadId: string) => `${ADMIN_DISPUTES_PATH}/${encodeURIComponent(leadId)}/resolve`;

export const adminDisputeLabels: Record<LeadChargeDisputeStatus, string> = {
  open: 'Open',
  kept: 'Kept',
  refunding: 'Refunding',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
};

const rank = (status: LeadChargeDisputeStatus) => (status === 'open' ? 0 : status === 'refund_failed' ? 1 : 2);

/** Open ones first (oldest first), then failed refunds, then the rest (newest first). */
export function disputesInOrder(disputes: readonly AdminLeadChargeDispute[]): AdminLeadChargeDispute[] {
  return [...disputes].sort((a, b) => {
    const byRank = rank(a.dispute.status) - rank(b.dispute.status);
    if (byRank !== 0) return byRank;
    const oldestFirst = a.dispute.disputedAt.localeCompare(b.dispute.disputedAt);
    return a.dispute.status === 'open' ? oldestFirst : -oldestFirst;
  });
}
