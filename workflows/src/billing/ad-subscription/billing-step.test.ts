import { BILLING_REASONS, DEFAULT_BILLING_POLICY } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import type { BillingView } from './activity-types';
import { nextBillingStep } from './billing-step';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const t0 = Date.UTC(2026, 1, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const policy = DEFAULT_BILLING_POLICY;
const view = (over: Partial<BillingView> = {}): BillingView => ({
  status: 'active',
  via: 'checkout',
  revision: 3,
  startDate: iso(t0 - 31 * DAY),
  currentPeriodEnd: iso(t0 + 28 * DAY),
  cancelAtPeriodEnd: false,
  billingEnded: false,
  pausedBy: null,
  unpaid: null,
  ...over,
});
const owing = (over: Partial<NonNullable<BillingView['unpaid']>> = {}, rest: Partial<BillingView> = {}) => view({ unpaid: { invoiceId: 'in_2', since: iso(t0), retries: 0, billingPaused: false, ...over }, ...rest });

describe('the billing policy (nextBillingStep)', () => {
  it('leaves allocations and unknown subscriptions alone, and ends once Stripe has stopped billing an expired one', () => {
    expect(nextBillingStep(view({ via: 'admin' }), t0, policy)).toEqual({ kind: 'end', outcome: 'allocated' });
    expect(nextBillingStep(view({ status: 'none', via: null }), t0, policy)).toEqual({ kind: 'end', outcome: 'unknown' });
    expect(nextBillingStep(view({ status: 'expired' }), t0, policy)).toEqual({ kind: 'cancelAtStripe' });
    expect(nextBillingStep(view({ status: 'expired', billingEnded: true }), t0, policy)).toEqual({ kind: 'end', outcome: 'expired' });
  });

  it('gives a checkout 23 hours for its first payment', () => {
    const checkout = view({ status: 'incomplete', startDate: iso(t0), currentPeriodEnd: null });
    expect(nextBillingStep(checkout, t0 + HOUR, policy)).toEqual({ kind: 'wait', until: t0 + 23 * HOUR });
    expect(nextBillingStep(checkout, t0 + 23 * HOUR, policy)).toEqual({ kind: 'expire', reason: BILLING_REASONS.firstPaymentMissing });
  });

  it('waits for a signal while paid up, or for the period’s end when cancelled at it', () => {
    expect(nextBillingStep(view(), t0, policy)).toEqual({ kind: 'wait', until: null });
    const cancelling = view({ cancelAtPeriodEnd: true });
    expect(nextBillingStep(cancelling, t0, policy)).toEqual({ kind: 'wait', until: t0 + 28 * DAY });
    expect(nextBillingStep(cancelling, t0 + 28 * DAY, policy)).toEqual({ kind: 'expire', reason: BILLING_REASONS.cancelledAtPeriodEnd });
  });

  it('retries an unpaid renewal on days 1, 3 and 5, pauses on day 7 and expires on day 21', () => {
    expect(nextBillingStep(owing(), t0 + HOUR, policy)).toEqual({ kind: 'wait', until: t0 + DAY });
    expect(nextBillingStep(owing(), t0 + DAY, policy)).toEqual({ kind: 'retry', invoiceId: 'in_2', attempt: 1 });
    expect(nextBillingStep(owing({ retries: 1 }), t0 + DAY, policy)).toEqual({ kind: 'wait', until: t0 + 3 * DAY });
    expect(nextBillingStep(owing({ retries: 2 }), t0 + 5 * DAY, policy)).toEqual({ kind: 'retry', invoiceId: 'in_2', attempt: 3 });
    expect(nextBillingStep(owing({ retries: 3 }), t0 + 5 * DAY, policy)).toEqual({ kind: 'wait', until: t0 + 7 * DAY });
    expect(nextBillingStep(owing({ retries: 3 }), t0 + 7 * DAY, policy)).toEqual({ kind: 'pause', reason: BILLING_REASONS.renewalOverdue });
    const pausedForIt = owing({ retries: 3, billingPaused: true }, { status: 'paused', pausedBy: 'billing' });
    expect(nextBillingStep(pausedForIt, t0 + 7 * DAY, policy)).toEqual({ kind: 'wait', until: t0 + 21 * DAY });
    expect(nextBillingStep(pausedForIt, t0 + 21 * DAY, policy)).toEqual({ kind: 'expire', reason: BILLING_REASONS.renewalUnpaid });
  });

  it('does not pause again after an admin activated a subscription billing paused, and expires it all the same', () => {
    const activatedByAdmin = owing({ retries: 3, billingPaused: true });
    expect(nextBillingStep(activatedByAdmin, t0 + 10 * DAY, policy)).toEqual({ kind: 'wait', until: t0 + 21 * DAY });
    // An admin's own pause is neither resumed nor paused again; the deadline still holds.
    expect(nextBillingStep(owing({ retries: 3 }, { status: 'paused', pausedBy: 'admin1' }), t0 + 8 * DAY, policy)).toEqual({ kind: 'wait', until: t0 + 21 * DAY });
  });

  it('resumes its own pause once the renewal is paid, never an admin’s', () => {
    expect(nextBillingStep(view({ status: 'paused', pausedBy: 'billing' }), t0, policy)).toEqual({ kind: 'resume' });
    expect(nextBillingStep(view({ status: 'paused', pausedBy: 'admin1' }), t0, policy)).toEqual({ kind: 'wait', until: null });
  });
});
