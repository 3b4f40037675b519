/**
 * The steps of a lead charge ("charge lead"), each an activity: idempotent (safe to retry), and
 * each one that records something does it by sending a command to the lead charge
 * (stream `leadCharge-<leadId>`). Temporal and the in-process engine run the same orchestration.
 */
export interface LeadChargeActivities {
  /**
   * Records the charge pending (LeadChargeRequested) when the lead costs its partner something;
   * answers the charge's status now ('none': the lead costs nothing).
   */
  requestCharge(input: { leadId: string }): Promise<{ status: 'none' | 'pending' | 'succeeded' | 'failed' }>;
  /**
   * The PaymentIntent off-session on the partner's saved card (Stripe's idempotency key from the
   * lead id). Final answers come back; Stripe unreachable, a 5xx or a rate limit throws (retried).
   */
  takePayment(input: { leadId: string }): Promise<LeadPaymentResult>;
  /** Records the charge succeeded (LeadChargeSucceeded); nothing when it is already settled. */
  recordSucceeded(input: { leadId: string; stripePaymentIntentId: string }): Promise<void>;
  /** Records the charge failed (LeadChargeFailed) with the reason for the partner; nothing when already settled. */
  recordFailed(input: { leadId: string; failureReason: string; stripePaymentIntentId: string | null }): Promise<void>;
}

export type LeadPaymentResult =
  | { status: 'succeeded'; stripePaymentIntentId: string }
  | { status: 'failed'; failureReason: string; stripePaymentIntentId: string | null }
  /** Stripe is still processing it: its payment_intent.* webhook settles the charge. */
  | { status: 'processing'; stripePaymentIntentId: string };

export interface LeadChargeWorkflowInput {
  leadId: string;
}

/** How the charge ended for this run ('not charged': the lead costs nothing; 'pending': Stripe's webhook will settle it). */
export type LeadChargeOutcome = 'not charged' | 'pending' | 'succeeded' | 'failed';

export { LEAD_CHARGE_WORKFLOW } from '@kainga/contracts';
export const leadChargeWorkflowId = (leadId: string) => `leadCharge-${leadId}`;
