import type { AdminSubscriptionStatus, AdSubscriptionEvent, AdSubscriptionStarted, AdSubscriptionStatus } from '@kainga/contracts';
import { BILLING_ACTOR, startingStatusOf, STRIPE_ACTOR } from '@kainga/contracts';
import { conflict, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { z } from 'zod';

export const adSubscriptionStream = (subscriptionId: string) => `adSubscription-${subscriptionId}`;

export const AD_SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const AD_SUBSCRIPTION_EXPIRED = 'This subscription has expired and cannot be changed.';
export const AD_SUBSCRIPTION_AWAITING_PAYMENT = 'This subscription is waiting for its first payment: it becomes active when Stripe confirms it. You may expire it.';

type Started = z.infer<typeof AdSubscriptionStarted>['data'];

/** Stripe's statuses after which its subscription never bills again. */
export const STRIPE_FINAL_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

export type AdSubscriptionState =
  | { status: 'none' }
  | {
      status: AdSubscriptionStatus;
      subscriptionId: string;
      via: 'admin' | 'checkout';
      /** The end of the newest billing period Stripe reported (ISO); null until it does. */
      currentPeriodEnd: string | null;
      /** Stripe's status and cancel-at-period-end as last applied, and when Stripe recorded them. */
      stripeStatus: string | null;
      cancelAtPeriodEnd: boolean;
      billingUpdatedAt: string | null;
      /** Invoices recorded as paid: Stripe names each payment in two events (invoice.paid, invoice.payment_succeeded). */
      paidInvoices: readonly string[];
      /** Stripe ended the subscription (deleted, canceled, incomplete_expired): no later fact changes it. */
      billingEnded: boolean;
      startDate: string;
      /** The Stripe subscription a checkout made; null for an admin's allocation. */
      stripeSubscriptionId: string | null;
      /** Who paused it (an admin's id, or BILLING_ACTOR for dunning); null when not paused. */
      pausedBy: string | null;
      /** The renewal invoice that failed and is not paid yet, with when it first failed and the retries made. */
      unpaid: UnpaidInvoice | null;
    };

export interface UnpaidInvoice {
  invoiceId: string;
  /** When Stripe first reported the failure (ISO): the grace period counts from here. */
  since: string;
  /** Retries the billing workflow has made (AdSubscriptionPaymentRetried). */
  retries: number;
  /** The billing workflow already paused the subscription for this invoice (an admin's Activate is not undone). */
  billingPaused: boolean;
}

/** What every Stripe fact carries: the Stripe event (whose id keys the append) and when Stripe recorded it. */
interface StripeFact {
  stripeEventId: string;
  at: string;
}

export type AdSubscriptionCommand =
  /** An admin's allocation (active at once) or a partner's checkout (incomplete until paid): the source says which. */
  | { type: 'StartAdSubscription'; subscription: Started }
  /**
   * The admin's PATCH {status}: active ↔ paused, anything → expired, expired is final. Asking for
   * the status it already has records nothing (a repeated click or retry is not an error). An
   * incomplete checkout may be expired, but only its payment activates it.
   */
  | { type: 'ChangeAdSubscriptionStatus'; status: AdminSubscriptionStatus; by: string; at: string }
  /** Stripe: an invoice of the subscription was paid (invoice.paid / invoice.payment_succeeded). */
  | ({ type: 'RecordInvoicePaid'; invoiceId: string; amountPaid: number; currency: string; periodStart: string; periodEnd: string } & StripeFact)
  /** Stripe: an attempt to pay an invoice failed (invoice.payment_failed). */
  | ({ type: 'RecordInvoicePaymentFailed'; invoiceId: string; message: string | null; attemptCount: number; nextAttemptAt: string | null; periodEnd: string } & StripeFact)
  /** Stripe: its subscription changed or was deleted (customer.subscription.updated / .deleted). */
  | ({ type: 'RecordBillingUpdate'; stripeStatus: string; cancelAtPeriodEnd: boolean; currentPeriodStart: string | null; currentPeriodEnd: string | null } & StripeFact)
  /**
   * The billing workflow's policy (workflows/src/billing/ad-subscription): pause a subscription
   * whose renewal is overdue, resume it once paid (only a pause of its own), expire it. A step
   * that no longer applies records nothing, so a repeated activity is harmless.
   */
  | { type: 'ApplyBillingPolicy'; action: 'pause' | 'resume' | 'expire'; reason: string; at: string }
  /** The billing workflow's retry of the unpaid invoice and Stripe's answer; an attempt already recorded records nothing. */
  | { type: 'RecordPaymentRetry'; invoiceId: string; attempt: number; outcome: 'paid' | 'failed'; message: string | null; at: string };

type Live = Exclude<AdSubscriptionState, { status: 'none' }>;
const newer = (candidate: string | null, known: string | null) => candidate !== null && (known === null || candidate > known);

/**
 * Stripe's facts are applied once each, in any order: a redelivered webhook appends nothing (the
 * event ids derive from the Stripe event id, see handleCommand), and the rules below drop what is
 * no longer news — an invoice already recorded paid, a period older than the one known, an update
 * Stripe recorded before the last one applied, anything after Stripe ended the subscription, and
 * any fact about an expired subscription (expired is final) or an admin's allocation (not Stripe's).
 */
function decideStripeFact(command: Extract<AdSubscriptionCommand, StripeFact>, state: Live): AdSubscriptionEvent[] {
  if (state.via !== 'checkout' || state.billingEnded) return [];
  const fact = { subscriptionId: state.subscriptionId, stripeEventId: command.stripeEventId, at: command.at };
  return match(command)
    .with({ type: 'RecordInvoicePaid' }, (c): AdSubscriptionEvent[] => {
      if (state.status === 'expired' || state.paidInvoices.includes(c.invoiceId)) return [];
      const paid = { ...fact, stripeInvoiceId: c.invoiceId, amountPaid: c.amountPaid, currency: c.currency, currentPeriodStart: c.periodStart, currentPeriodEnd: c.periodEnd };
      const newerPeriod = newer(c.periodEnd, state.currentPeriodEnd);
      // Whichever paid invoice arrives first activates (keeping a newer period already reported);
      // a later one counts for a newer period, or when it is the overdue renewal (Stripe moves the
      // period on when it issues the invoice, before it is paid).
      if (state.status === 'incomplete') return [{ type: 'AdSubscriptionActivated', data: newerPeriod ? paid : { ...paid, currentPeriodStart: null, currentPeriodEnd: null } }];
      return newerPeriod || state.unpaid?.invoiceId === c.invoiceId ? [{ type: 'AdSubscriptionRenewed', data: paid }] : [];
    })
    .with({ type: 'RecordInvoicePaymentFailed' }, (c): AdSubscriptionEvent[] => {
      if (state.status === 'expired' || state.paidInvoices.includes(c.invoiceId)) return [];
      if (state.currentPeriodEnd !== null && c.periodEnd < state.currentPeriodEnd) return [];
      return [{ type: 'AdSubscriptionPaymentFailed', data: { ...fact, stripeInvoiceId: c.invoiceId, message: c.message, attemptCount: c.attemptCount, nextAttemptAt: c.nextAttemptAt } }];
    })
    .with({ type: 'RecordBillingUpdate' }, (c): AdSubscriptionEvent[] => {
      const ends = STRIPE_FINAL_STATUSES.includes(c.stripeStatus);
      // An update Stripe recorded before the last one applied is old news, unless it ends the subscription.
      if (!ends && state.billingUpdatedAt !== null && c.at < state.billingUpdatedAt) return [];
      const period = newer(c.currentPeriodEnd, state.currentPeriodEnd);
      if (!ends && !period && c.stripeStatus === state.stripeStatus && c.cancelAtPeriodEnd === state.cancelAtPeriodEnd) return [];
      const events: AdSubscriptionEvent[] = [
        {
          type: 'AdSubscriptionBillingUpdated',
          data: { ...fact, stripeStatus: c.stripeStatus, cancelAtPeriodEnd: c.cancelAtPeriodEnd, currentPeriodStart: period ? c.currentPeriodStart : null, currentPeriodEnd: period ? c.currentPeriodEnd : null },
        },
      ];
      if (ends && state.status !== 'expired') events.push({ type: 'AdSubscriptionExpired', data: { subscriptionId: state.subscriptionId, by: STRIPE_ACTOR, at: c.at, stripeEventId: c.stripeEventId } });
      return events;
    })
    .exhaustive();
}

const live = (state: AdSubscriptionState, change: (s: Live) => Live): AdSubscriptionState => (state.status === 'none' ? state : change(state));

export const adSubscriptionDecider: Decider<AdSubscriptionState, AdSubscriptionCommand, AdSubscriptionEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with(
        { type: 'AdSubscriptionStarted' },
        ({ data }): AdSubscriptionState => ({
          status: startingStatusOf(data.source),
          subscriptionId: data.subscriptionId,
          via: data.source.via,
          currentPeriodEnd: null,
          stripeStatus: null,
          cancelAtPeriodEnd: false,
          billingUpdatedAt: null,
          paidInvoices: [],
          billingEnded: false,
          startDate: data.startDate,
          stripeSubscriptionId: data.source.via === 'checkout' ? data.source.stripeSubscriptionId : null,
          pausedBy: null,
          unpaid: null,
        }),
      )
      .with({ type: 'AdSubscriptionPaused' }, ({ data }) =>
        live(state, (s) => ({ ...s, status: 'paused', pausedBy: data.by, unpaid: s.unpaid && data.by === BILLING_ACTOR ? { ...s.unpaid, billingPaused: true } : s.unpaid })),
      )
      .with({ type: 'AdSubscriptionResumed' }, () => live(state, (s) => ({ ...s, status: 'active', pausedBy: null })))
      .with({ type: 'AdSubscriptionExpired' }, () => live(state, (s) => ({ ...s, status: 'expired' })))
      .with({ type: 'AdSubscriptionActivated' }, ({ data }) =>
        live(state, (s) => ({
          ...s,
          status: s.status === 'incomplete' ? 'active' : s.status,
          paidInvoices: [...s.paidInvoices, data.stripeInvoiceId],
          currentPeriodEnd: data.currentPeriodEnd ?? s.currentPeriodEnd,
          unpaid: null,
        })),
      )
      .with({ type: 'AdSubscriptionRenewed' }, ({ data }) =>
        live(state, (s) => ({
          ...s,
          paidInvoices: [...s.paidInvoices, data.stripeInvoiceId],
          currentPeriodEnd: newer(data.currentPeriodEnd, s.currentPeriodEnd) ? data.currentPeriodEnd : s.currentPeriodEnd,
          unpaid: null,
        })),
      )
      .with({ type: 'AdSubscriptionPaymentFailed' }, ({ data }) =>
        live(state, (s) =>
          // A first payment that fails is the first-payment window's business, not dunning's.
          s.status === 'incomplete' || s.unpaid?.invoiceId === data.stripeInvoiceId ? s : { ...s, unpaid: { invoiceId: data.stripeInvoiceId, since: data.at, retries: 0, billingPaused: false } },
        ),
      )
      .with({ type: 'AdSubscriptionPaymentRetried' }, ({ data }) =>
        live(state, (s) => (s.unpaid?.invoiceId === data.stripeInvoiceId ? { ...s, unpaid: { ...s.unpaid, retries: Math.max(s.unpaid.retries, data.attempt) } } : s)),
      )
      .with({ type: 'AdSubscriptionBillingUpdated' }, ({ data }) =>
        live(state, (s) => ({
          ...s,
          stripeStatus: data.stripeStatus,
          cancelAtPeriodEnd: data.cancelAtPeriodEnd,
          billingUpdatedAt: s.billingUpdatedAt !== null && s.billingUpdatedAt > data.at ? s.billingUpdatedAt : data.at,
          currentPeriodEnd: data.currentPeriodEnd ?? s.currentPeriodEnd,
          billingEnded: STRIPE_FINAL_STATUSES.includes(data.stripeStatus),
        })),
      )
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'StartAdSubscription' }, (c): AdSubscriptionEvent[] => {
        if (state.status !== 'none') throw conflict('This subscription already exists.');
        return [{ type: 'AdSubscriptionStarted', data: c.subscription }];
      })
      .with({ type: 'ChangeAdSubscriptionStatus' }, (c): AdSubscriptionEvent[] => {
        if (state.status === 'none') throw notFound(AD_SUBSCRIPTION_NOT_FOUND);
        if (state.status === c.status) return [];
        if (state.status === 'expired') throw conflict(AD_SUBSCRIPTION_EXPIRED);
        if (state.status === 'incomplete' && c.status !== 'expired') throw conflict(AD_SUBSCRIPTION_AWAITING_PAYMENT);
        const data = { subscriptionId: state.subscriptionId, by: c.by, at: c.at };
        return match(c.status)
          .with('paused', (): AdSubscriptionEvent[] => [{ type: 'AdSubscriptionPaused', data }])
          .with('active', (): AdSubscriptionEvent[] => [{ type: 'AdSubscriptionResumed', data }])
          .with('expired', (): AdSubscriptionEvent[] => [{ type: 'AdSubscriptionExpired', data }])
          .exhaustive();
      })
      .with({ type: 'RecordInvoicePaid' }, { type: 'RecordInvoicePaymentFailed' }, { type: 'RecordBillingUpdate' }, (c): AdSubscriptionEvent[] => {
        if (state.status === 'none') throw notFound(AD_SUBSCRIPTION_NOT_FOUND);
        return decideStripeFact(c, state);
      })
      .with({ type: 'ApplyBillingPolicy' }, (c): AdSubscriptionEvent[] => {
        if (state.status === 'none') throw notFound(AD_SUBSCRIPTION_NOT_FOUND);
        const data = { subscriptionId: state.subscriptionId, by: BILLING_ACTOR, at: c.at, reason: c.reason };
        return match(c.action)
          .with('pause', (): AdSubscriptionEvent[] => (state.status === 'active' ? [{ type: 'AdSubscriptionPaused', data }] : []))
          .with('resume', (): AdSubscriptionEvent[] => (state.status === 'paused' && state.pausedBy === BILLING_ACTOR ? [{ type: 'AdSubscriptionResumed', data: { subscriptionId: state.subscriptionId, by: BILLING_ACTOR, at: c.at } }] : []))
          .with('expire', (): AdSubscriptionEvent[] => (state.status === 'expired' ? [] : [{ type: 'AdSubscriptionExpired', data }]))
          .exhaustive();
      })
      .with({ type: 'RecordPaymentRetry' }, (c): AdSubscriptionEvent[] => {
        if (state.status === 'none') throw notFound(AD_SUBSCRIPTION_NOT_FOUND);
        if (state.unpaid?.invoiceId !== c.invoiceId || c.attempt <= state.unpaid.retries) return [];
        return [{ type: 'AdSubscriptionPaymentRetried', data: { subscriptionId: state.subscriptionId, stripeInvoiceId: c.invoiceId, attempt: c.attempt, outcome: c.outcome, message: c.message, at: c.at } }];
      })
      .exhaustive(),
};
