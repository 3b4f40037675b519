import type { EventMetadata } from '@kainga/contracts';
import { PAYMENT_FAILED_DEFAULT } from '@kainga/contracts';
import { handleCommand, loadAggregate, type PaymentNotice, type Payments } from '@kainga/platform';
import { subscriptionByStripeId } from '@kainga/projections';
import { match } from 'ts-pattern';
import type { AppDeps } from '../../deps';
import { adSubscriptionDecider, adSubscriptionStream, type AdSubscriptionCommand } from '../../advertising/subscriptions/ad-subscription';
import { leadChargeOf, sendLeadChargeCommand } from '../lead-charges/charge-lead';
import type { LeadChargeCommand } from '../lead-charges/lead-charge';
import { recordStripeWebhookRejected } from './stripe-webhook-rejection';

export type NoticeOutcome = 'recorded' | 'already recorded' | 'ignored' | 'unknown subscription' | 'unknown lead charge' | 'rejected' | 'already rejected';

type Acted = Exclude<PaymentNotice, { kind: 'ignored' | 'unreadable' | 'lead_payment_succeeded' | 'lead_payment_failed' }>;
type LeadPaymentNotice = Extract<PaymentNotice, { kind: 'lead_payment_succeeded' | 'lead_payment_failed' }>;

/**
 * Stripe's word on a lead charge's PaymentIntent (payment_intent.succeeded / .payment_failed),
 * which settles a charge still pending (e.g. one Stripe was still processing) and changes nothing
 * about a settled one. Keyed by the Stripe event id; a charge we never requested is ignored.
 */
async function recordLeadPaymentNotice(deps: Pick<AppDeps, 'stores' | 'logger'>, notice: LeadPaymentNotice): Promise<NoticeOutcome> {
  if ((await leadChargeOf(deps.stores.eventStore, notice.leadId)).status === 'none') {
    deps.logger.warn({ stripeEventId: notice.eventId, stripeEventType: notice.eventType, leadId: notice.leadId }, 'a Stripe webhook about a lead charge Kāinga never recorded was ignored');
    return 'unknown lead charge';
  }
  const command: LeadChargeCommand =
    notice.kind === 'lead_payment_succeeded'
      ? { type: 'RecordLeadChargeSucceeded', stripePaymentIntentId: notice.paymentIntentId, at: notice.occurredAt }
      : { type: 'RecordLeadChargeFailed', failureReason: notice.failureMessage ?? PAYMENT_FAILED_DEFAULT, stripePaymentIntentId: notice.paymentIntentId, at: notice.occurredAt };
  const { appended } = await sendLeadChargeCommand(deps.stores.eventStore, notice.leadId, command, `stripe:${notice.eventId}`, notice.eventId);
  return appended ? 'recorded' : 'already recorded';
}

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
 * the same Stripe account) is ignored, and said so in the log. An event whose object could not be
 * read is recorded as rejected, with its reason (stripe-webhook-rejection.ts).
 */
export async function recordPaymentNotice(deps: Pick<AppDeps, 'stores' | 'logger'>, payments: Payments, notice: PaymentNotice, correlationId: string): Promise<NoticeOutcome> {
  if (notice.kind === 'ignored') return 'ignored';
  if (notice.kind === 'unreadable') return (await recordStripeWebhookRejected(deps, notice, correlationId)) === 'recorded' ? 'rejected' : 'already rejected';
  if (notice.kind === 'lead_payment_succeeded' || notice.kind === 'lead_payment_failed') return recordLeadPaymentNotice(deps, notice);
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
