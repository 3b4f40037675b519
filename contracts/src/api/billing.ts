import { z } from 'zod';
import { DISPUTE_REASON_REQUIRED, leadChargeFailureCodes } from '../billing';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

/** POST /api/stripe/create-checkout-session {adPlanId, locationId, couponCode?} (spec 001 §7), for the active partner role (`?role=`). */
export const CreateCheckoutSessionRequest = z.strictObject({
  adPlanId: required('Please choose an advertising plan.'),
  locationId: required('Please choose a location.'),
  couponCode: z
    .string({ error: 'The coupon code must be text.' })
    .trim()
    .max(50, 'That coupon code is not valid.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

/** The answer (spec 001 §3 "Checkout session response"): the first payment's client secret for Stripe's Payment Element, and our subscription's id. */
export const CheckoutSessionResponse = z.object({ clientSecret: z.string(), subscriptionId: z.string() });
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

/** GET /api/stripe/config: whether payments work here, and the publishable key Stripe.js needs at run time. */
export const StripeConfigResponse = z.object({ configured: z.boolean(), publishableKey: z.string().optional() });
export type StripeConfigResponse = z.infer<typeof StripeConfigResponse>;

/** POST /api/stripe/webhook's answer to Stripe. */
export const StripeWebhookResponse = z.object({ received: z.literal(true) });

/**
 * Where a partner's dispute of a paid lead charge stands: open (an admin will look at it), kept
 * (the charge stands, with the admin's note), refunding (a refund was approved and is on its way
 * to Stripe), refunded, or refund_failed (Stripe refused it; an admin is told why).
 */
export const LeadChargeDisputeStatus = z.enum(['open', 'kept', 'refunding', 'refunded', 'refund_failed']);
export type LeadChargeDisputeStatus = z.infer<typeof LeadChargeDisputeStatus>;

export const LeadChargeDisputeView = z.object({
  status: LeadChargeDisputeStatus,
  /** The partner's words. */
  reason: z.string(),
  disputedAt: z.string(),
  /** The admin's note to the partner, once resolved (absent for a refund given without one). */
  note: z.string().optional(),
  resolvedAt: z.string().optional(),
  refundedAt: z.string().optional(),
});
export type LeadChargeDisputeView = z.infer<typeof LeadChargeDisputeView>;

/** One lead charge as the Billing tab lists it (spec 001 §3 "Billing history entry"), with its dispute when it has one. */
export const BillingHistoryEntry = z.object({
  id: z.string(),
  leadId: z.string(),
  /** NZD. */
  amount: z.number(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  createdAt: z.string(),
  stripePaymentIntentId: z.string().optional(),
  /** Why a failed charge failed, in the partner's words. */
  failureReason: z.string().optional(),
  /** What kind of failure it was, for the Billing tab's words on what to do (with every failed charge). */
  failureCode: z.enum(leadChargeFailureCodes).optional(),
  dispute: LeadChargeDisputeView.optional(),
});
export type BillingHistoryEntry = z.infer<typeof BillingHistoryEntry>;

const disputeText = (message: string) => z.string({ error: message }).trim().max(1000, 'Please keep it under 1,000 characters.');

/** POST /api/billing/lead-charges/{leadId}/dispute (per active role): why the lead was not worth paying for. */
export const LeadChargeDisputeRequest = z.strictObject({ reason: disputeText(DISPUTE_REASON_REQUIRED).min(1, DISPUTE_REASON_REQUIRED) });
export type LeadChargeDisputeRequest = z.infer<typeof LeadChargeDisputeRequest>;

/** POST /api/admin/lead-charge-disputes/{leadId}/resolve: refund the charge or keep it, with a note for the partner (required to keep it). */
export const ResolveLeadChargeDisputeRequest = z.strictObject({
  outcome: z.enum(['refund', 'keep'], { error: 'Please choose to refund the charge or keep it.' }),
  note: disputeText('The note must be text.').default(''),
});
export type ResolveLeadChargeDisputeRequest = z.infer<typeof ResolveLeadChargeDisputeRequest>;

/** A disputed charge as the admin judges it: the partner, the charge, the dispute and the lead it was for. */
export const AdminLeadChargeDispute = z.object({
  leadId: z.string(),
  partnerId: z.string(),
  businessName: z.string(),
  /** NZD. */
  amount: z.number(),
  chargedAt: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  dispute: LeadChargeDisputeView,
  /** Why a refund failed, in Stripe's words. */
  refundFailureReason: z.string().optional(),
  lead: z.object({ contactName: z.string(), contactEmail: z.string(), requestMessage: z.string(), receivedAt: z.string(), signedIn: z.boolean() }).nullable(),
});
export type AdminLeadChargeDispute = z.infer<typeof AdminLeadChargeDispute>;

/** GET /api/admin/lead-charge-disputes: every dispute, newest first (at most 500). */
export const AdminLeadChargeDisputesResponse = z.array(AdminLeadChargeDispute);

/** GET /api/billing/history (per active role): the charges newest first and the tab's summary. */
export const BillingHistoryResponse = z.object({
  entries: z.array(BillingHistoryEntry),
  summary: z.object({
    /** Sum of succeeded charges not refunded, NZD. */
    totalBilled: z.number(),
    /** Succeeded charges (not refunded) this calendar month in New Zealand time, NZD. */
    thisMonth: z.number(),
    failedCount: z.number().int(),
    activeSubscriptions: z.number().int(),
  }),
});
export type BillingHistoryResponse = z.infer<typeof BillingHistoryResponse>;
