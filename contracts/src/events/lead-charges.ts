import { z } from 'zod';

/**
 * Lead charges (spec 001 §3 lead_charges; the product's command "charge lead"): a lead addressed
 * to a partner whose active subscription's plan has a price per lead is charged once, ever, on
 * stream `leadCharge-<leadId>`. Pending when requested, then succeeded (Stripe's PaymentIntent)
 * or failed with a reason a partner understands. Stripe's own later word (a payment_intent.*
 * webhook) settles a charge still pending; a settled charge never changes again.
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
    /** The PaymentIntent Stripe made, when it made one (a declined card). */
    stripePaymentIntentId: z.string().nullable(),
    failedAt: z.string(),
  }),
});

export const LeadChargeEvent = z.discriminatedUnion('type', [LeadChargeRequested, LeadChargeSucceeded, LeadChargeFailed]);
export type LeadChargeEvent = z.infer<typeof LeadChargeEvent>;
export const leadChargeEventTypes = ['LeadChargeRequested', 'LeadChargeSucceeded', 'LeadChargeFailed'] as const;

/** The workflow that runs a charge (id `leadCharge-<leadId>`, so a duplicate start joins or repeats harmlessly). */
export const LEAD_CHARGE_WORKFLOW = 'leadChargeWorkflow';
