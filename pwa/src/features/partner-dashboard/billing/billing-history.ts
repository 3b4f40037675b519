/**
 * The Billing tab's reading of GET /api/billing/history (spec 001 §2, §9): dates in en-NZ, the
 * lead id's first 8 characters, amounts in NZD (en-NZ, with cents: a lead may cost $15.50), the
 * status in words, and the payment intent's first 12 characters or 'No payment method'.
 */
import type { BillingHistoryEntry } from '@kainga/contracts';
import { NO_PAYMENT_METHOD } from '@kainga/contracts/browser';
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

export interface BillingRow {
  key: string;
  date: string;
  leadId: string;
  amount: string;
  status: BillingHistoryEntry['status'];
  statusLabel: string;
  paymentIntent: string;
  /** Why it failed, for the row's tooltip. */
  failureReason: string | null;
}

/** The history table's rows, newest first (as the server sends them). */
export function billingRows(entries: readonly BillingHistoryEntry[]): BillingRow[] {
  return entries.map((e) => ({
    key: e.id,
    date: formatDateNZ(e.createdAt),
    leadId: shortLeadId(e.leadId),
    amount: formatChargeAmount(e.amount),
    status: e.status,
    statusLabel: chargeStatusLabels[e.status],
    paymentIntent: shortPaymentIntent(e),
    failureReason: e.failureReason ?? null,
  }));
}
