import { adSubscriptionDecider, adSubscriptionStream, type AdSubscriptionCommand } from '@kainga/command-api';
import type { EventMetadata } from '@kainga/contracts';
import { handleCommand, loadAggregate, type EventStore, type Payments } from '@kainga/platform';
import type { AdSubscriptionActivities, BillingView } from './activity-types';

export interface AdSubscriptionActivityDeps {
  eventStore: EventStore;
  payments: Payments;
}

const metadataOf = (subscriptionId: string, causationId: string, occurredAt: string): EventMetadata => ({ actorId: null, actorRoles: [], correlationId: `adSubscription-${subscriptionId}`, causationId, occurredAt });

/**
 * The billing workflow's activities (`createAdSubscriptionActivities(deps)`): each reads the
 * subscription from its stream and records by a command whose idempotency key names the step
 * (`billing:<subscriptionId>:<step>:…`), so a retried activity appends nothing twice.
 */
export function createAdSubscriptionActivities(deps: AdSubscriptionActivityDeps): AdSubscriptionActivities {
  const { eventStore, payments } = deps;
  const send = (subscriptionId: string, command: AdSubscriptionCommand, key: string, at: string) =>
    handleCommand(eventStore, adSubscriptionDecider, adSubscriptionStream(subscriptionId), command, { idempotencyKey: key, metadata: metadataOf(subscriptionId, key, at) });
  const load = (subscriptionId: string) => loadAggregate(eventStore, adSubscriptionDecider, adSubscriptionStream(subscriptionId));

  return {
    async loadBilling({ subscriptionId }): Promise<BillingView> {
      const { state, revision } = await load(subscriptionId);
      if (state.status === 'none') return { status: 'none', via: null, revision, startDate: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, billingEnded: false, pausedBy: null, unpaid: null };
      return {
        status: state.status,
        via: state.via,
        revision,
        startDate: state.startDate,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        billingEnded: state.billingEnded,
        pausedBy: state.pausedBy,
        unpaid: state.unpaid,
      };
    },

    async applyPolicy({ subscriptionId, action, reason, revision, at }) {
      await send(subscriptionId, { type: 'ApplyBillingPolicy', action, reason, at }, `billing:${subscriptionId}:${action}:r${revision}`, at);
    },

    async retryPayment({ subscriptionId, invoiceId, attempt, at }) {
      const key = `billing:${subscriptionId}:retry:${invoiceId}:${attempt}`;
      const result = await payments.retryInvoicePayment(invoiceId, key);
      const paid = result.status === 'paid';
      await send(subscriptionId, { type: 'RecordPaymentRetry', invoiceId, attempt, outcome: result.status, message: paid ? null : result.message, at }, key, at);
      if (paid) {
        // The same fact Stripe's invoice.paid webhook brings; whichever comes first is recorded, the other is no news.
        await send(
          subscriptionId,
          { type: 'RecordInvoicePaid', stripeEventId: key, at, invoiceId, amountPaid: result.amountPaid, currency: result.currency, periodStart: result.periodStart, periodEnd: result.periodEnd },
          `${key}:paid`,
          at,
        );
      }
      return result.status;
    },

    async cancelAtStripe({ subscriptionId, at }) {
      const { state } = await load(subscriptionId);
      if (state.status === 'none' || !state.stripeSubscriptionId || state.billingEnded) return;
      const stripe = await payments.cancelNow(state.stripeSubscriptionId);
      const key = `billing:${subscriptionId}:cancel`;
      await send(
        subscriptionId,
        { type: 'RecordBillingUpdate', stripeEventId: key, at, stripeStatus: stripe.status, cancelAtPeriodEnd: stripe.cancelAtPeriodEnd, currentPeriodStart: stripe.currentPeriodStart, currentPeriodEnd: stripe.currentPeriodEnd },
        key,
        at,
      );
    },
  };
}
