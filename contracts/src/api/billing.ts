import { z } from 'zod';

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

/** One lead charge as the Billing tab lists it (spec 001 §3 "Billing history entry"). */
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
});
export type BillingHistoryEntry = z.infer<typeof BillingHistoryEntry>;

/** GET /api/billing/history (per active role): the charges newest first and the tab's summary. */
export const BillingHistoryResponse = z.object({
  entries: z.array(BillingHistoryEntry),
  summary: z.object({
    /** Sum of succeeded charges, NZD. */
    totalBilled: z.number(),
    /** Succeeded charges this calendar month in New Zealand time, NZD. */
    thisMonth: z.number(),
    failedCount: z.number().int(),
    activeSubscriptions: z.number().int(),
  }),
});
export type BillingHistoryResponse = z.infer<typeof BillingHistoryResponse>;
