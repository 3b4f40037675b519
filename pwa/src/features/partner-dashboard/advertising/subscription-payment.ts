/**
 * A subscription's payment state in plain words, for its card under Current Subscriptions:
 * awaiting payment, paid and renewing (or ending) on the period's end, a renewal overdue (when
 * adverts pause and when the subscription ends unless it is paid), or allocated by an admin (no
 * monthly fee, but leads still cost the plan's price per lead: the lead-charge workflow charges
 * every active subscription's plan alike), and the card provider's words for the last failed
 * payment until one succeeds.
 */
import type { AdPlanView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { DEFAULT_BILLING_POLICY } from '@kainga/contracts/browser';
import { formatChargeAmount } from '../billing/billing-history';

export interface PaymentFacts {
  /** The state of payment, or null when the status badge already says all (expired without a reason). */
  payment: string | null;
  /** The last failed payment, in the card provider's words. */
  problem: string | null;
}

type PaymentView = Pick<PartnerAdSubscriptionView, 'via' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'lastPaymentError' | 'paymentDueSince' | 'statusReason'> & {
  adPlan: Pick<AdPlanView, 'pricePerLead'>;
};

/** What an allocated plan costs: no monthly fee; each lead at the plan's price, when it has one. */
export function allocationCost(pricePerLead: number): string {
  if (!(pricePerLead > 0)) return 'Allocated by an administrator: no monthly fee and no charge per lead — nothing to pay.';
  return `Allocated by an administrator: no monthly fee. Each lead you receive costs ${formatChargeAmount(pricePerLead)}, charged to your saved card (see Billing).`;
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * `justPaid`: the partner is back from a payment Stripe.js reported as succeeded, which the
 * server has not yet heard of (checkout-return.ts): a decline from earlier in the same checkout is
 * not news then.
 */
export function paymentFacts(s: PaymentView, formatDate: (iso: string) => string, justPaid = false): PaymentFacts {
  const problem = s.lastPaymentError ? `Last payment failed: ${s.lastPaymentError}` : null;
  if (s.status === 'expired') return { payment: s.statusReason, problem: null };
  if (s.via === 'admin') return { payment: allocationCost(s.adPlan.pricePerLead), problem: null };
  if (s.status === 'incomplete' && justPaid) return { payment: 'Payment made — waiting for Stripe to confirm it', problem: null };
  if (s.status === 'incomplete') return { payment: 'Your advert shows once the first payment is confirmed', problem };
  if (s.paymentDueSince) {
    // The deadlines of the billing workflow's policy (contracts' DEFAULT_BILLING_POLICY), counted from the first failure.
    const { graceMs, pausedMs } = DEFAULT_BILLING_POLICY;
    const ends = formatDate(plus(s.paymentDueSince, graceMs + pausedMs));
    const payment =
      s.status === 'paused' && s.statusReason
        ? `${s.statusReason} Unless it is paid by ${ends}, the subscription ends then.`
        : `Renewal payment overdue: we are retrying your card. Adverts pause on ${formatDate(plus(s.paymentDueSince, graceMs))} and the subscription ends on ${ends} unless it is paid.`;
    return { payment, problem };
  }
  if (!s.currentPeriodEnd) return { payment: 'Paid', problem };
  const end = formatDate(s.currentPeriodEnd);
  return { payment: s.cancelAtPeriodEnd ? `Paid; ends on ${end} and will not renew` : `Paid; renews on ${end}`, problem };
}
