/**
 * The Billing tab's reading of GET /api/billing/history (spec 001 §2, §9): dates in en-NZ, the
 * lead id's first 8 characters, amounts in NZD (en-NZ, with cents: a lead may cost $15.50), the
 * status in words, and the payment intent's first 12 characters or 'No payment method'; a
 * dispute's state in words, and whether a charge may still be disputed.
 */
import type { BillingHistoryEntry, LeadChargeDisputeStatus, LeadChargeDisputeView } from '@kainga/contracts';
import { LEAD_CHARGE_DISPUTE_DAYS, NO_PAYMENT_METHOD, leadChargeFailureCodeOf, type LeadChargeFailureCode } from '@kainga/contracts/browser';
import { formatDateNZ } from '../../../format/format';

export const BILLING_HISTORY_PATH = '/api/billing/history';

let moneyFormat: Intl.NumberFormat | undefined;
/** NZD in en-NZ with cents, e.g. "$1,025.50". */
export function formatChargeAmount(value: number): string {
  moneyFormat ??= new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return Number.isFinite(value) ? moneyFormat.format(value) : '—';
}

export const shortLeadId = (leadId: string) => leadId.slice(0, 8);

/** The payment intent's first 12 characters; without one, 'No payment method' (spec 001 §2). */
export const shortPaymentIntent = (entry: Pick<BillingHistoryEntry, 'stripePaymentIntentId'>) => (entry.stripePaymentIntentId ? entry.stripePaymentIntentId.slice(0, 12) : NO_PAYMENT_METHOD);

export const chargeStatusLabels: Record<BillingHistoryEntry['status'], string> = { succeeded: 'Succeeded', pending: 'Pending', failed: 'Failed' };
export const chargeStatusColours: Record<BillingHistoryEntry['status'], string> = { succeeded: 'green', pending: 'gold', failed: 'red' };

/** POST /api/billing/lead-charges/{leadId}/dispute {reason} (with `?role=`). */
export const leadChargeDisputeUrl = (leadId: string) => `/api/billing/lead-charges/${encodeURIComponent(leadId)}/dispute`;

export const disputeStatusLabels: Record<LeadChargeDisputeStatus, string> = {
  open: 'Disputed',
  kept: 'Dispute declined',
  refunding: 'Refund approved',
  refunded: 'Refunded',
  refund_failed: 'Refund delayed',
};
export const disputeStatusColours: Record<LeadChargeDisputeStatus, string> = { open: 'gold', kept: 'default', refunding: 'blue', refunded: 'green', refund_failed: 'orange' };

/** What the dispute's tag explains on hover: the partner's own reason while open, then the answer. */
function disputeDetail(d: LeadChargeDisputeView): string {
  switch (d.status) {
    case 'open':
      return `An admin will look at it. Your reason: ${d.reason}`;
    case 'kept':
      return d.note ? `The charge stands: ${d.note}` : 'The charge stands.';
    case 'refunding':
      return 'The refund is on its way to your card.';
    case 'refunded':
      return `Refunded to your card${d.refundedAt ? ` on ${formatDateNZ(d.refundedAt)}` : ''}.${d.note ? ` ${d.note}` : ''}`;
    case 'refund_failed':
      return 'The refund was approved but could not be made yet; we are looking into it.';
  }
}

/** Why a charge failed and what the partner can do, in their words. */
export interface ChargeFailure {
  reason: string;
  whatToDo: string;
}

/**
 * A failed charge is never taken again (the server settles a charge once), so each explanation
 * says the lead was not charged, then what changes the next one. A card is saved for lead charges
 * when a plan is paid for under Advertising (the newest paid plan's card is the one charged).
 */
const failureWords: Record<LeadChargeFailureCode, (serverReason: string | undefined) => ChargeFailure> = {
  no_payment_method: () => ({
    reason: 'No card is saved for lead charges.',
    whatToDo: 'This lead was not charged. A card is saved when you pay for a plan under Advertising; later leads are charged to it.',
  }),
  payments_not_configured: () => ({
    reason: 'This server does not take card payments.',
    whatToDo: 'This lead was not charged and nothing is owed: there is nothing to do.',
  }),
  // The card provider's own words ("Your card has insufficient funds.") say why already.
  card_declined: (serverReason) => ({
    reason: serverReason?.trim() || 'Your card was refused.',
    whatToDo: 'This lead was not charged. Ask your bank why, or pay for your next plan under Advertising with another card; later leads are charged to it.',
  }),
};

/** A failed charge's reason and what to do, from the server's failure code (an older answer's reason read the same way); null unless failed. */
export function chargeFailureOf(entry: Pick<BillingHistoryEntry, 'status' | 'failureCode' | 'failureReason'>): ChargeFailure | null {
  if (entry.status !== 'failed') return null;
  const code = entry.failureCode ?? leadChargeFailureCodeOf(entry.failureReason ?? '');
  return failureWords[code](entry.failureReason);
}

const DAY_MS = 24 * 3600 * 1000;

/** Whether the Billing tab offers Dispute: a paid charge, not disputed yet, within LEAD_CHARGE_DISPUTE_DAYS of it (the server decides). */
export const canDispute = (entry: BillingHistoryEntry, now = Date.now()) =>
  entry.status === 'succeeded' && !entry.dispute && now - Date.parse(entry.createdAt) <= LEAD_CHARGE_DISPUTE_DAYS * DAY_MS;

export interface BillingRow {
  key: string;
  /** The whole lead id (the dispute's address). */
  leadIdFull: string;
  date: string;
  leadId: string;
  amount: string;
  status: BillingHistoryEntry['status'];
  statusLabel: string;
  paymentIntent: string;
  /** Why it failed and what to do, shown under its status. */
  failure: ChargeFailure | null;
  /** The charge's dispute, in words: its tag and what the tag explains. */
  dispute: { status: LeadChargeDisputeStatus; label: string; detail: string } | null;
  disputable: boolean;
}

/** The history table's rows, newest first (as the server sends them). */
export function billingRows(entries: readonly BillingHistoryEntry[], now = Date.now()): BillingRow[] {
  return entries.map((e) => ({
    key: e.id,
    leadIdFull: e.leadId,
    date: formatDateNZ(e.createdAt),
    leadId: shortLeadId(e.leadId),
    amount: formatChargeAmount(e.amount),
    status: e.status,
    statusLabel: chargeStatusLabels[e.status],
    paymentIntent: shortPaymentIntent(e),
    failure: chargeFailureOf(e),
    dispute: e.dispute ? { status: e.dispute.status, label: disputeStatusLabels[e.dispute.status], detail: disputeDetail(e.dispute) } : null,
    disputable: canDispute(e, now),
  }));
}
