import type { AdSubscriptionEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { adSubscriptionDecider } from './ad-subscription';

const at = '2026-11-23T00:00:00.000Z';
const subscription = {
  subscriptionId: 's1',
  partnerId: 'p1',
  partnerUserId: 'u1',
  partnerRole: 'registered_valuer' as const,
  adPlanId: 'plan-gold',
  tier: 'gold' as const,
  locationId: 'auckland',
  startDate: at,
  autoRenew: true,
  source: { via: 'admin' as const, by: 'admin1' },
  demo: false,
};
const started: AdSubscriptionEvent = { type: 'AdSubscriptionStarted', data: subscription };
const data = { subscriptionId: 's1', by: 'admin1', at };
const paused: AdSubscriptionEvent = { type: 'AdSubscriptionPaused', data };
const resumed: AdSubscriptionEvent = { type: 'AdSubscriptionResumed', data };
const expired: AdSubscriptionEvent = { type: 'AdSubscriptionExpired', data };
const status = (s: 'active' | 'paused' | 'expired') => ({ type: 'ChangeAdSubscriptionStatus', status: s, by: 'admin1', at }) as const;
const spec = deciderSpec(adSubscriptionDecider);

describe('ad subscription decider', () => {
  it('starts a subscription (active) once', () => {
    spec.given([]).when({ type: 'StartAdSubscription', subscription }).then([started]);
    spec.given([started]).when({ type: 'StartAdSubscription', subscription }).thenRefuses('conflict');
  });

  it('pauses an active subscription and activates a paused one', () => {
    spec.given([started]).when(status('paused')).then([paused]);
    spec.given([started, paused]).when(status('active')).then([resumed]);
  });

  it('expires from active and from paused', () => {
    spec.given([started]).when(status('expired')).then([expired]);
    spec.given([started, paused]).when(status('expired')).then([expired]);
  });

  it('records nothing when the status asked for is the one it has (expired included)', () => {
    spec.given([started]).when(status('active')).thenNothingHappens();
    spec.given([started, paused]).when(status('paused')).thenNothingHappens();
    spec.given([started, expired]).when(status('expired')).thenNothingHappens();
  });

  it('never brings an expired subscription back', () => {
    spec.given([started, expired]).when(status('active')).thenRefuses('conflict');
    spec.given([started, paused, expired]).when(status('paused')).thenRefuses('conflict');
  });

  it('refuses to change a subscription that does not exist', () => spec.given([]).when(status('paused')).thenRefuses('not_found'));
});

// A subscription bought through the checkout: Stripe's facts move it, each once, in any order.
const checkout: AdSubscriptionEvent = {
  type: 'AdSubscriptionStarted',
  data: {
    ...subscription,
    source: { via: 'checkout', by: 'u1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', stripePriceId: 'price_1', monthlyPrice: 299, couponCode: null },
  },
};
const jan = { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' };
const feb = { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' };
const paid = (invoiceId: string, period: { start: string; end: string }, stripeEventId = `evt_${invoiceId}`, eventAt = period.start) =>
  ({ type: 'RecordInvoicePaid', stripeEventId, at: eventAt, invoiceId, amountPaid: 29_900, currency: 'nzd', periodStart: period.start, periodEnd: period.end }) as const;
const paidData = (invoiceId: string, period: { start: string; end: string }) => ({
  subscriptionId: 's1',
  stripeEventId: `evt_${invoiceId}`,
  at: period.start,
  stripeInvoiceId: invoiceId,
  amountPaid: 29_900,
  currency: 'nzd',
  currentPeriodStart: period.start,
  currentPeriodEnd: period.end,
});
const activated: AdSubscriptionEvent = { type: 'AdSubscriptionActivated', data: paidData('in_1', jan) };
const renewed: AdSubscriptionEvent = { type: 'AdSubscriptionRenewed', data: paidData('in_2', feb) };
const failed = (invoiceId: string, periodEnd: string) =>
  ({ type: 'RecordInvoicePaymentFailed', stripeEventId: `evt_fail_${invoiceId}`, at: '2026-02-01T01:00:00.000Z', invoiceId, message: 'Your card was declined.', attemptCount: 1, nextAttemptAt: '2026-02-04T00:00:00.000Z', periodEnd }) as const;
const update = (stripeStatus: string, eventAt: string, over: { cancelAtPeriodEnd?: boolean; period?: { start: string; end: string } | null; id?: string } = {}) =>
  ({
    type: 'RecordBillingUpdate',
    stripeEventId: over.id ?? `evt_upd_${stripeStatus}_${eventAt}`,
    at: eventAt,
    stripeStatus,
    cancelAtPeriodEnd: over.cancelAtPeriodEnd ?? false,
    currentPeriodStart: over.period === undefined ? jan.start : (over.period?.start ?? null),
    currentPeriodEnd: over.period === undefined ? jan.end : (over.period?.end ?? null),
  }) as const;
const billingUpdated = (c: ReturnType<typeof update>, period: boolean): AdSubscriptionEvent => ({
  type: 'AdSubscriptionBillingUpdated',
  data: {
    subscriptionId: 's1',
    stripeEventId: c.stripeEventId,
    at: c.at,
    stripeStatus: c.stripeStatus,
    cancelAtPeriodEnd: c.cancelAtPeriodEnd,
    currentPeriodStart: period ? c.currentPeriodStart : null,
    currentPeriodEnd: period ? c.currentPeriodEnd : null,
  },
});
const stripeExpired = (c: { stripeEventId: string; at: string }): AdSubscriptionEvent => ({ type: 'AdSubscriptionExpired', data: { subscriptionId: 's1', by: 'stripe', at: c.at, stripeEventId: c.stripeEventId } });

describe('ad subscription decider: a checkout and Stripe’s facts', () => {
  it('activates an incomplete checkout on its first paid invoice, with the period paid for', () => {
    spec.given([checkout]).when(paid('in_1', jan)).then([activated]);
  });

  it('records an invoice once, though Stripe names it in invoice.paid and invoice.payment_succeeded', () => {
    spec.given([checkout, activated]).when(paid('in_1', jan, 'evt_in_1_succeeded')).thenNothingHappens();
    spec.given([checkout, activated, renewed]).when(paid('in_2', feb, 'evt_in_2_succeeded')).thenNothingHappens();
  });

  it('renews for a newer period, and ignores a paid invoice of a period already known (late, out of order)', () => {
    spec.given([checkout, activated]).when(paid('in_2', feb)).then([renewed]);
    spec.given([checkout, activated, renewed]).when(paid('in_0', jan)).thenNothingHappens();
    // The renewal arrived before the first invoice's event: it activates; the first invoice is then old news.
    spec.given([checkout]).when(paid('in_2', feb)).then([{ type: 'AdSubscriptionActivated', data: paidData('in_2', feb) }]);
    spec
      .given([checkout, { type: 'AdSubscriptionActivated', data: paidData('in_2', feb) }])
      .when(paid('in_1', jan))
      .thenNothingHappens();
  });

  it('activates on a first invoice that arrives after Stripe reported a newer period, keeping the newer period', () => {
    const later = update('active', '2026-02-01T00:00:05.000Z', { period: feb });
    spec
      .given([checkout, billingUpdated(later, true)])
      .when(paid('in_1', jan))
      .then([{ type: 'AdSubscriptionActivated', data: { ...paidData('in_1', jan), currentPeriodStart: null, currentPeriodEnd: null } }]);
  });

  it('records a failed payment with the provider’s words, unless that invoice was paid or a newer period is', () => {
    const f = failed('in_2', feb.end);
    const recorded: AdSubscriptionEvent = {
      type: 'AdSubscriptionPaymentFailed',
      data: { subscriptionId: 's1', stripeEventId: f.stripeEventId, at: f.at, stripeInvoiceId: 'in_2', message: 'Your card was declined.', attemptCount: 1, nextAttemptAt: '2026-02-04T00:00:00.000Z' },
    };
    spec.given([checkout, activated]).when(f).then([recorded]);
    spec.given([checkout]).when(failed('in_1', jan.end)).then([{ type: 'AdSubscriptionPaymentFailed', data: { ...recorded.data, stripeEventId: 'evt_fail_in_1', stripeInvoiceId: 'in_1' } }]);
    spec.given([checkout, activated, renewed]).when(f).thenNothingHappens();
    spec.given([checkout, activated, renewed]).when(failed('in_1', jan.end)).thenNothingHappens();
  });

  it('records Stripe’s status, cancel-at-period-end and a newer period; nothing when nothing is new', () => {
    const pastDue = update('past_due', '2026-02-01T02:00:00.000Z', { period: feb });
    spec.given([checkout, activated]).when(pastDue).then([billingUpdated(pastDue, true)]);
    const sameActive = update('active', '2026-01-01T00:00:05.000Z');
    // The period Stripe reports is the one the first invoice paid for: only the status is new.
    spec.given([checkout, activated]).when(sameActive).then([billingUpdated(sameActive, false)]);
    spec.given([checkout, activated, billingUpdated(sameActive, false)]).when(update('active', '2026-01-02T00:00:00.000Z')).thenNothingHappens();
    const cancelling = update('active', '2026-01-10T00:00:00.000Z', { cancelAtPeriodEnd: true });
    spec.given([checkout, activated, billingUpdated(sameActive, false)]).when(cancelling).then([billingUpdated(cancelling, false)]);
  });

  it('ignores an update Stripe recorded before the last one applied', () => {
    const later = update('active', '2026-01-10T00:00:00.000Z', { cancelAtPeriodEnd: true });
    spec.given([checkout, activated, billingUpdated(later, false)]).when(update('active', '2026-01-05T00:00:00.000Z', { cancelAtPeriodEnd: false })).thenNothingHappens();
  });

  it('expires when Stripe deletes or ends the subscription, and nothing about it changes after (deleted is final)', () => {
    const deleted = update('canceled', '2026-03-01T00:00:00.000Z', { period: null });
    spec.given([checkout, activated]).when(deleted).then([billingUpdated(deleted, false), stripeExpired(deleted)]);
    const lapsed = update('incomplete_expired', '2026-01-02T00:00:00.000Z', { period: null });
    spec.given([checkout]).when(lapsed).then([billingUpdated(lapsed, false), stripeExpired(lapsed)]);
    const after = [checkout, activated, billingUpdated(deleted, false), stripeExpired(deleted)];
    spec.given(after).when(update('active', '2026-03-02T00:00:00.000Z', { period: feb })).thenNothingHappens();
    spec.given(after).when(update('active', '2026-02-15T00:00:00.000Z', { period: feb })).thenNothingHappens();
    spec.given(after).when(paid('in_2', feb)).thenNothingHappens();
    spec.given(after).when(failed('in_3', '2026-04-01T00:00:00.000Z')).thenNothingHappens();
    spec.given(after).when(status('active')).thenRefuses('conflict', /expired/);
    // Ended by Stripe even when its deletion carries an older time than the last update.
    const early = update('canceled', '2026-01-01T00:00:00.000Z', { period: null, id: 'evt_del' });
    spec.given([checkout, activated, billingUpdated(update('active', '2026-02-10T00:00:00.000Z', { cancelAtPeriodEnd: true }), false)]).when(early).then([billingUpdated(early, false), stripeExpired(early)]);
  });

  it('keeps Stripe’s later words but not its money on a subscription an admin expired', () => {
    const adminExpired: AdSubscriptionEvent = { type: 'AdSubscriptionExpired', data: { subscriptionId: 's1', by: 'admin1', at } };
    spec.given([checkout, activated, adminExpired]).when(paid('in_2', feb)).thenNothingHappens();
    const deleted = update('canceled', '2026-03-01T00:00:00.000Z', { period: null });
    spec.given([checkout, activated, adminExpired]).when(deleted).then([billingUpdated(deleted, false)]);
  });

  it('lets an admin expire a checkout still waiting for payment, but not activate or pause it', () => {
    spec.given([checkout]).when(status('expired')).then([expired]);
    spec.given([checkout]).when(status('active')).thenRefuses('conflict', /waiting for its first payment/);
    spec.given([checkout]).when(status('paused')).thenRefuses('conflict', /waiting for its first payment/);
    // Once paid, the admin's pause and activate work as for an allocation.
    spec.given([checkout, activated]).when(status('paused')).then([paused]);
    spec.given([checkout, activated, paused]).when(status('active')).then([resumed]);
    // A renewal of a paused subscription keeps it paused.
    spec.given([checkout, activated, paused]).when(paid('in_2', feb)).then([renewed]);
  });

  it('takes no Stripe fact for an allocation, and none for a subscription that does not exist', () => {
    spec.given([started]).when(paid('in_1', jan)).thenNothingHappens();
    spec.given([started]).when(update('canceled', at, { period: null })).thenNothingHappens();
    spec.given([]).when(paid('in_1', jan)).thenRefuses('not_found');
  });
});

describe('ad subscription decider: dunning by the billing workflow', () => {
  const failedRenewal: AdSubscriptionEvent = {
    type: 'AdSubscriptionPaymentFailed',
    data: { subscriptionId: 's1', stripeEventId: 'evt_fail_in_2', at: '2026-02-01T01:00:00.000Z', stripeInvoiceId: 'in_2', message: 'Your card was declined.', attemptCount: 1, nextAttemptAt: null },
  };
  const pastDue = update('past_due', '2026-02-01T01:00:01.000Z', { period: feb });
  const owing = [checkout, activated, failedRenewal, billingUpdated(pastDue, true)];
  const policy = (action: 'pause' | 'resume' | 'expire', reason = 'why') => ({ type: 'ApplyBillingPolicy', action, reason, at: '2026-02-08T01:00:00.000Z' }) as const;
  const billingData = { subscriptionId: 's1', by: 'billing', at: '2026-02-08T01:00:00.000Z', reason: 'why' };
  const billingPaused: AdSubscriptionEvent = { type: 'AdSubscriptionPaused', data: billingData };
  const retry = (attempt: number, outcome: 'paid' | 'failed') => ({ type: 'RecordPaymentRetry', invoiceId: 'in_2', attempt, outcome, message: outcome === 'failed' ? 'Your card was declined.' : null, at: '2026-02-02T01:00:00.000Z' }) as const;
  const retried = (attempt: number): AdSubscriptionEvent => ({
    type: 'AdSubscriptionPaymentRetried',
    data: { subscriptionId: 's1', stripeInvoiceId: 'in_2', attempt, outcome: 'failed', message: 'Your card was declined.', at: '2026-02-02T01:00:00.000Z' },
  });

  it('records each retry of the unpaid invoice once, and none for an invoice not owed', () => {
    spec.given(owing).when(retry(1, 'failed')).then([retried(1)]);
    spec.given([...owing, retried(1)]).when(retry(1, 'failed')).thenNothingHappens();
    spec.given([...owing, retried(1)]).when(retry(2, 'failed')).then([retried(2)]);
    spec.given([checkout, activated]).when(retry(1, 'failed')).thenNothingHappens();
  });

  it('counts the overdue invoice paid even though Stripe already moved the period on', () => {
    // Stripe reported February's period (past_due) before the invoice was paid: the payment still renews.
    spec.given(owing).when(paid('in_2', feb, 'billing:retry')).then([{ type: 'AdSubscriptionRenewed', data: { ...paidData('in_2', feb), stripeEventId: 'billing:retry' } }]);
  });

  it('pauses an active subscription for non-payment, resumes only its own pause, expires anything not expired', () => {
    spec.given(owing).when(policy('pause')).then([billingPaused]);
    spec.given([...owing, billingPaused]).when(policy('pause')).thenNothingHappens();
    spec.given([...owing, billingPaused]).when(policy('resume')).then([{ type: 'AdSubscriptionResumed', data: { subscriptionId: 's1', by: 'billing', at: billingData.at } }]);
    // An admin's pause is the admin's to lift.
    spec.given([...owing, paused]).when(policy('resume')).thenNothingHappens();
    spec.given([...owing, billingPaused]).when(policy('expire')).then([{ type: 'AdSubscriptionExpired', data: billingData }]);
    spec.given([...owing, expired]).when(policy('expire')).thenNothingHappens();
    spec.given([]).when(policy('expire')).thenRefuses('not_found');
  });
});
