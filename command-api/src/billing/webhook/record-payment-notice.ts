import type { EventMetadata } from '@kainga/contracts';
import { handleCommand, loadAggregate, type PaymentNotice, type Payments } from '@kainga/platform';
import { subscriptionByStripeId } from '@kainga/projections';
import { match } from 'ts-pattern';
import type { AppDeps } from '../../deps';
import { adSubscriptionDecider, adSubscriptionStream, type AdSubscriptionCommand } from '../../advertising/subscriptions/ad-subscription';

export type NoticeOutcome = 'recorded' | 'already recorded' | 'ignored' | 'unknown subscription';

type Acted = Exclude<PaymentNotice, { kind: 'ignored' }>;

/** The subscription command a notice asks for (the failed payment's words looked up at Stripe). */
async function commandOf(notice: Acted, payments: Payments): Promise<AdSubscriptionCommand> {
  const fact = { stripeEventId: notice.eventId, at: notice.occurredAt };
  return match(notice)
    .with({ kind: 'invoice_paid' }, async (n): Promise<AdSubscriptionCommand> => ({
      type: 'RecordInvoicePaid',
      ...fact,
      invoiceId: n.invoiceId,
      amountPaid: n.amountPaid,
      currency: n.currency,
      periodStart: n.periodStart,
      periodEnd: n.periodEnd,
    }))
    .with({ kind: 'invoice_payment_failed' }, async (n): Promise<AdSubscriptionCommand> => ({
      type: 'RecordInvoicePaymentFailed',
      ...fact,
      invoiceId: n.invoiceId,
      message: await payments.paymentFailureMessage(n.invoiceId),
      attemptCount: n.attemptCount,
      nextAttemptAt: n.nextAttemptAt,
      periodEnd: n.periodEnd,
    }))
    .with({ kind: 'subscription_updated' }, { kind: 'subscription_deleted' }, async (n): Promise<AdSubscriptionCommand> => ({
      type: 'RecordBillingUpdate',
      ...fact,
      stripeStatus: n.status,
      cancelAtPeriodEnd: n.cancelAtPeriodEnd,
      currentPeriodStart: n.currentPeriodStart,
      currentPeriodEnd: n.currentPeriodEnd,
    }))
    .exhaustive();
}

/**
 * Records what a verified Stripe webhook says about one of our subscriptions. The events appended
 * take their ids from the Stripe event id (the command's idempotency key), so the same webhook
 * delivered again — Stripe retries until it gets a 2xx, and may send twice anyway — appends
 * nothing; the decider drops facts that are no longer news (ad-subscription.ts).
 *
 * Our subscription is named by the Stripe object's metadata (set at checkout), else found by its
 * Stripe subscription id. A Stripe subscription we never recorded (another app or environment on
 * the same Stripe account) is ignored, and said so in the log.
 */
export async function recordPaymentNotice(deps: Pick<AppDeps, 'stores' | 'logger'>, payments: Payments, notice: PaymentNotice, correlationId: string): Promise<NoticeOutcome> {
  if (notice.kind === 'ignored') return 'ignored';
  const subscriptionId = notice.subscriptionId ?? (await subscriptionByStripeId(deps.stores.readStore, notice.providerSubscriptionId))?._id ?? null;
  const stream = subscriptionId ? adSubscriptionStream(subscriptionId) : null;
  if (!stream || (await loadAggregate(deps.stores.eventStore, adSubscriptionDecider, stream)).state.status === 'none') {
    deps.logger.warn({ stripeEventId: notice.eventId, stripeEventType: notice.eventType, stripeSubscriptionId: notice.providerSubscriptionId, subscriptionId }, 'a Stripe webhook about a subscription Kāinga never recorded was ignored');
    return 'unknown subscription';
  }
  const metadata: EventMetadata = { actorId: null, actorRoles: [], correlationId, causationId: notice.eventId, occurredAt: new Date().toISOString() };
  const result = await handleCommand(deps.stores.eventStore, adSubscriptionDecider, stream, await commandOf(notice, payments), { idempotencyKey: `stripe:${notice.eventId}`, metadata });
  return result.alreadyApplied ? 'already recorded' : result.events.length ? 'recorded' : 'ignored';
}
