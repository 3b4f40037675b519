import type { LeadChargeActivities, LeadChargeOutcome, LeadChargeWorkflowInput } from './activity-types';

/*
 * Runs inside Temporal's workflow sandbox as well as in-process: no @temporalio/* and no Node
 * API here, only types. The only effects are the activity calls.
 */

/**
 * "Charge lead": record the charge pending, take the payment, record the answer. Every step is
 * idempotent, so the whole run may be repeated (a duplicate start, the reactor replaying the lead
 * after a crash): a charge already settled is left as it is, and a payment already made is found
 * again by its idempotency key (the lead id) instead of being made twice.
 *
 * Transient failures of a step are retried by the engine (LEAD_CHARGE_RETRY_POLICY). When taking
 * the payment still fails after its retries, the charge stays pending and the error ends the run:
 * the reactor that started it tries the lead again later, and Stripe's webhook settles a payment
 * it made but could not answer for.
 */
export async function leadChargeOrchestration(activities: LeadChargeActivities, { leadId }: LeadChargeWorkflowInput): Promise<LeadChargeOutcome> {
  const { status } = await activities.requestCharge({ leadId });
  if (status === 'none') return 'not charged';
  if (status !== 'pending') return status;
  const payment = await activities.takePayment({ leadId });
  if (payment.status === 'processing') return 'pending';
  if (payment.status === 'succeeded') {
    await activities.recordSucceeded({ leadId, stripePaymentIntentId: payment.stripePaymentIntentId });
    return 'succeeded';
  }
  await activities.recordFailed({ leadId, failureReason: payment.failureReason, stripePaymentIntentId: payment.stripePaymentIntentId });
  return 'failed';
}
