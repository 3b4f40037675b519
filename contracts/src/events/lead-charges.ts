import { z } from 'zod';
import { leadChargeFailureCodes } from '../billing';

/**
 * Lead charges (spec 001 §3 lead_charges; the product's command "charge lead"): a lead addressed
 * to a partner whose active subscription's plan has a price per lead is charged once, ever, on
 * stream `leadCharge-<leadId>`. Pending when requested, then succeeded (Stripe's PaymentIntent)
 * or failed with a reason a partner understands. Stripe's own later word (a payment_intent.*
 * webhook) settles a charge still pending; a settled charge never changes again (a paid one may
 * still be disputed and refunded, below: facts of their own).
 */
export const leadChargeStream = (leadId: string) => `leadCharge-${leadId}`;

export const LeadChargeRequested = z.object({
  type: z.literal('LeadChargeRequested'),
  data: z.object({
    leadId: z.string(),
    partnerId: z.string(),
    subscriptionId: z.string(),
    /** NZD, the plan's price per lead when the lead arrived. */
    amount: z.number(),
    currency: z.string(),
    requestedAt: z.string(),
  }),
});

export const LeadChargeSucceeded = z.object({
  type: z.literal('LeadChargeSucceeded'),
  data: z.object({ leadId: z.string(), partnerId: z.string(), stripePaymentIntentId: z.string(), chargedAt: z.string() }),
});

export const LeadChargeFailed = z.object({
  type: z.literal('LeadChargeFailed'),
  data: z.object({
    leadId: z.string(),
    partnerId: z.string(),
    /** In words a partner understands: 'No payment method', the card's decline message, … */
    failureReason: z.string(),
    /** What kind of failure (the Billing tab says what to do about it); absent in events recorded before codes: leadChargeFailureCodeOf(failureReason). */
    failureCode: z.enum(leadChargeFailureCodes).optional(),
    /** The PaymentIntent Stripe made, when it made one (a declined card). */
    stripePaymentIntentId: z.string().nullable(),
    failedAt: z.string(),
  }),
});

/**
 * Disputes: the partner says a paid charge was not a lead worth paying for (Billing tab), with why;
 * an admin resolves it by refunding it through Stripe or keeping it, with a note the partner
 * reads. A refund is made by a reactor from the resolution (keyed by the lead, so once), which
 * records Stripe's answer. One dispute per charge.
 */
export const LeadChargeDisputed = z.object({
  type: z.literal('LeadChargeDisputed'),
  data: z.object({ leadId: z.string(), partnerId: z.string(), reason: z.string(), disputedBy: z.string(), disputedAt: z.string() }),
});

export const LeadChargeDisputeOutcome = z.enum(['refund', 'keep']);
export type LeadChargeDisputeOutcome = z.infer<typeof LeadChargeDisputeOutcome>;

export const LeadChargeDisputeResolved = z.object({
  type: z.literal('LeadChargeDisputeResolved'),
  data: z.object({ leadId: z.string(), partnerId: z.string(), outcome: LeadChargeDisputeOutcome, note: z.string(), resolvedBy: z.string(), resolvedAt: z.string() }),
});

export const LeadChargeRefunded = z.object({
  type: z.literal('LeadChargeRefunded'),
  data: z.object({
    leadId: z.string(),
    partnerId: z.string(),
    stripeRefundId: z.string(),
    /** NZD: the whole charge. */
    amount: z.number(),
    refundedAt: z.string(),
  }),
});

export const LeadChargeRefundFailed = z.object({
  type: z.literal('LeadChargeRefundFailed'),
  data: z.object({
    leadId: z.string(),
    partnerId: z.string(),
    /** Stripe's words, for the admin. */
    failureReason: z.string(),
    failedAt: z.string(),
  }),
});

export const LeadChargeEvent = z.discriminatedUnion('type', [LeadChargeRequested, LeadChargeSucceeded, LeadChargeFailed, LeadChargeDisputed, LeadChargeDisputeResolved, LeadChargeRefunded, LeadChargeRefundFailed]);
export type LeadChargeEvent = z.infer<typeof LeadChargeEvent>;
export const leadChargeEventTypes = [
  'LeadChargeRequested',
  'LeadChargeSucceeded',
  'LeadChargeFailed',
  'LeadChargeDisputed',
  'LeadChargeDisputeResolved',
  'LeadChargeRefunded',
  'LeadChargeRefundFailed',
] as const;

/**
 * A partner's allowance of charged leads for one New Zealand day, stream
 * `leadChargeAllowance-<partnerId>-<yyyy-mm-dd>` (appended with the expected revision): a lead is
 * charged only once it is admitted here, and at most so many are a day (command-api's
 * LEAD_CHARGES_PER_PARTNER_PER_DAY). The rest still reach the partner, never charged.
 */
export const LeadChargeAdmitted = z.object({
  type: z.literal('LeadChargeAdmitted'),
  data: z.object({ partnerId: z.string(), day: z.string(), leadId: z.string(), admittedAt: z.string() }),
});

export const LeadChargeAllowanceEvent = z.discriminatedUnion('type', [LeadChargeAdmitted]);
export type LeadChargeAllowanceEvent = z.infer<typeof LeadChargeAllowanceEvent>;

/** The workflow that runs a charge (id `leadCharge-<leadId>`, so a duplicate start joins or repeats harmlessly). */
export const LEAD_CHARGE_WORKFLOW = 'leadChargeWorkflow';
