import { BILLING_ACTOR, BILLING_REASONS, type BillingPolicy } from '@kainga/contracts';
import type { AdSubscriptionOutcome, BillingView } from './activity-types';

/*
 * Runs inside Temporal's workflow sandbox as well as in-process: plain data and arithmetic only.
 */

export type BillingStep =
  | { kind: 'end'; outcome: AdSubscriptionOutcome }
  | { kind: 'expire'; reason: string }
  | { kind: 'pause'; reason: string }
  | { kind: 'resume' }
  | { kind: 'retry'; invoiceId: string; attempt: number }
  | { kind: 'cancelAtStripe' }
  /** Until a signal or the clock reaches `until` (null: a signal only). */
  | { kind: 'wait'; until: number | null };

const at = (iso: string) => Date.parse(iso);

/**
 * The billing policy as a pure rule: given the subscription as the event store has it and the
 * time, what to do next. The deadlines all derive from recorded facts (when the checkout started,
 * when the renewal first failed, how many retries were made), so a workflow started again after a
 * restart reaches the same step.
 *
 * - A checkout waits `firstPaymentWindowMs` for its first payment, then expires.
 * - A renewal that fails starts the grace period (adverts keep running); Stripe is asked to try
 *   the invoice again at each `retryAfterMs`; after `graceMs` the subscription is paused; after
 *   `pausedMs` more, still unpaid, it expires. Paid at any point: a billing pause is resumed.
 * - Cancelled at the period's end (Stripe's `cancel_at_period_end`): it expires when the period ends.
 * - Expired by anyone while Stripe still bills it: the Stripe subscription is cancelled.
 * An admin's allocation has no billing: nothing to do.
 */
export function nextBillingStep(view: BillingView, now: number, policy: BillingPolicy): BillingStep {
  if (view.status === 'none') return { kind: 'end', outcome: 'unknown' };
  if (view.via !== 'checkout') return { kind: 'end', outcome: 'allocated' };
  if (view.status === 'expired') return view.billingEnded ? { kind: 'end', outcome: 'expired' } : { kind: 'cancelAtStripe' };

  if (view.status === 'incomplete') {
    const deadline = at(view.startDate ?? '') + policy.firstPaymentWindowMs;
    return now >= deadline ? { kind: 'expire', reason: BILLING_REASONS.firstPaymentMissing } : { kind: 'wait', until: deadline };
  }

  const periodEnds = view.cancelAtPeriodEnd && view.currentPeriodEnd ? at(view.currentPeriodEnd) : null;
  if (periodEnds !== null && now >= periodEnds) return { kind: 'expire', reason: BILLING_REASONS.cancelledAtPeriodEnd };

  const unpaid = view.unpaid;
  if (unpaid) {
    const since = at(unpaid.since);
    const expireAt = since + policy.graceMs + policy.pausedMs;
    if (now >= expireAt) return { kind: 'expire', reason: BILLING_REASONS.renewalUnpaid };
    const pauseAt = view.status === 'active' && !unpaid.billingPaused ? since + policy.graceMs : null;
    if (pauseAt !== null && now >= pauseAt) return { kind: 'pause', reason: BILLING_REASONS.renewalOverdue };
    const retryAt = unpaid.retries < policy.retryAfterMs.length ? since + policy.retryAfterMs[unpaid.retries]! : null;
    if (retryAt !== null && now >= retryAt) return { kind: 'retry', invoiceId: unpaid.invoiceId, attempt: unpaid.retries + 1 };
    return { kind: 'wait', until: Math.min(expireAt, pauseAt ?? Infinity, retryAt ?? Infinity, periodEnds ?? Infinity) };
  }

  if (view.status === 'paused' && view.pausedBy === BILLING_ACTOR) return { kind: 'resume' };
  return { kind: 'wait', until: periodEnds };
}
