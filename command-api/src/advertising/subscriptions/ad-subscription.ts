import type { AdminSubscriptionStatus, AdSubscriptionEvent, AdSubscriptionStarted, AdSubscriptionStatus } from '@kainga/contracts';
import { startingStatusOf, STRIPE_ACTOR } from '@kainga/contracts';
import { conflict, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { z } from 'zod';

export const adSubscriptionStream = (subscriptionId: string) => `adSubscription-${subscriptionId}`;

export const AD_SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const AD_SUBSCRIPTION_EXPIRED = 'This subscription has expired and cannot be changed.';
export const AD_SUBSCRIPTION_AWAITING_PAYMENT = 'This subscription is waiting for its first payment: it becomes active when Stripe confirms it. You may expire it.';

type Started = z.infer<typeof AdSubscriptionStarted>['data'];

/** Stripe's statuses after which its subscription never bills again. */
const STRIPE_FINAL_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

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
    };

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
  | ({ type: 'RecordBillingUpdate'; stripeStatus: string; cancelAtPeriodEnd: boolean; currentPeriodStart: string | null; currentPeriodEnd: string | null } & StripeFact);

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
      // a later one counts only for a newer period.
      if (state.status === 'incomplete') return [{ type: 'AdSubscriptionActivated', data: newerPeriod ? paid : { ...paid, currentPeriodStart: null, currentPeriodEnd: null } }];
      return newerPeriod ? [{ type: 'AdSubscriptionRenewed', data: paid }] : [];
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
        }),
      )
      .with({ type: 'AdSubscriptionPaused' }, () => live(state, (s) => ({ ...s, status: 'paused' })))
      .with({ type: 'AdSubscriptionResumed' }, () => live(state, (s) => ({ ...s, status: 'active' })))
      .with({ type: 'AdSubscriptionExpired' }, () => live(state, (s) => ({ ...s, status: 'expired' })))
      .with({ type: 'AdSubscriptionActivated' }, ({ data }) =>
        live(state, (s) => ({
          ...s,
          status: s.status === 'incomplete' ? 'active' : s.status,
          paidInvoices: [...s.paidInvoices, data.stripeInvoiceId],
          currentPeriodEnd: data.currentPeriodEnd ?? s.currentPeriodEnd,
        })),
      )
      .with({ type: 'AdSubscriptionRenewed' }, ({ data }) => live(state, (s) => ({ ...s, paidInvoices: [...s.paidInvoices, data.stripeInvoiceId], currentPeriodEnd: data.currentPeriodEnd })))
      .with({ type: 'AdSubscriptionPaymentFailed' }, () => state)
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
      .exhaustive(),
};
