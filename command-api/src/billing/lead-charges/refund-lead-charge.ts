import { LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED, toCents } from '@kainga/contracts';
import type { EventStore, Payments } from '@kainga/platform';
import { leadChargeOf, sendLeadChargeCommand } from './charge-lead';

/**
 * The refund an admin approved for a disputed charge (LeadChargeDisputeResolved, outcome refund),
 * run by workflows' refunds reactor: the whole PaymentIntent back through Stripe, with the lead id
 * in Stripe's idempotency key, so a retry, or the reactor replaying the event, makes no second
 * refund; Stripe's answer is recorded once (lead-charge.ts). A charge whose refund is no longer
 * awaited is left as it is. Stripe unreachable is thrown (CommandError 'unavailable'): the reactor
 * tries again later.
 */
export async function refundLeadCharge(deps: { eventStore: EventStore; payments: Payments }, leadId: string): Promise<'refunded' | 'failed' | 'not awaited'> {
  const charge = await leadChargeOf(deps.eventStore, leadId);
  if (charge.status === 'none' || charge.dispute?.status !== 'refunding') return 'not awaited';
  const key = `leadCharge:${leadId}:refund`;
  const at = () => new Date().toISOString();
  const failed = async (failureReason: string) => {
    await sendLeadChargeCommand(deps.eventStore, leadId, { type: 'RecordLeadChargeRefundFailed', failureReason, at: at() }, key);
    return 'failed' as const;
  };
  if (!deps.payments.configured) return failed(LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED);
  // A disputed charge is a paid one, so it has its PaymentIntent.
  if (!charge.stripePaymentIntentId) return failed('The charge has no payment to refund.');
  const refund = await deps.payments.refundPayment({
    paymentIntentId: charge.stripePaymentIntentId,
    amountCents: toCents(charge.amount),
    idempotencyKey: `kainga-lead-refund-${leadId}`,
    metadata: { leadId, partnerId: charge.partnerId },
  });
  if (refund.status === 'failed') return failed(refund.message);
  await sendLeadChargeCommand(deps.eventStore, leadId, { type: 'RecordLeadChargeRefunded', stripeRefundId: refund.refundId, at: at() }, key);
  return 'refunded';
}
