import { z } from 'zod';

/**
 * Billing facts (spec 001 §3 users.stripeCustomerId, partner_ad_subscriptions' Stripe fields).
 * Stripe is the source of truth for money; these events record what it told us, each keyed by
 * the Stripe event it came from, so a webhook delivered twice appends nothing twice.
 */

/** The actor of facts that Stripe reported (webhooks), where an event names who did it. */
export const STRIPE_ACTOR = 'stripe';
/** The actor of what the subscription's billing workflow did by its policy (dunning, expiry of an unpaid checkout). */
export const BILLING_ACTOR = 'billing';

/**
 * The partner's Stripe customer, stream `paymentCustomer-<partnerId>` (appended with expected
 * no-stream): one customer per partner, so every checkout and later lead charge of that partner
 * is billed to the same customer and its saved card.
 */
export const PaymentCustomerCreated = z.object({
  type: z.literal('PaymentCustomerCreated'),
  data: z.object({ partnerId: z.string(), userId: z.string(), stripeCustomerId: z.string(), at: z.string() }),
});
export const PaymentCustomerEvent = z.discriminatedUnion('type', [PaymentCustomerCreated]);
export type PaymentCustomerEvent = z.infer<typeof PaymentCustomerEvent>;
export const paymentCustomerEventTypes = ['PaymentCustomerCreated'] as const;
export const paymentCustomerStream = (partnerId: string) => `paymentCustomer-${partnerId}`;

/**
 * A signed Stripe webhook of a type Kāinga acts on whose object it could not read (a field it
 * reads is missing or of another shape: `reason` says which), stream
 * `stripeWebhook-<stripeEventId>`, recorded once however often Stripe sends it. It was answered
 * 200 all the same: it is authentic, no retry mends it, and Stripe retries anything but a 2xx for
 * up to three days, then may disable the endpoint (and every other event with it). What it would
 * have changed (a payment, a period) is for an admin to look up in Stripe's dashboard by its event
 * id; `at` is when Stripe created the event.
 */
export const StripeWebhookRejected = z.object({
  type: z.literal('StripeWebhookRejected'),
  data: z.object({ stripeEventId: z.string(), stripeEventType: z.string(), reason: z.string(), at: z.string() }),
});
export const StripeWebhookEvent = z.discriminatedUnion('type', [StripeWebhookRejected]);
export type StripeWebhookEvent = z.infer<typeof StripeWebhookEvent>;
export const stripeWebhookStream = (stripeEventId: string) => `stripeWebhook-${stripeEventId}`;

/**
 * A subscription the partner bought through the checkout: a Stripe subscription created
 * incomplete for the plan's price, waiting for its first payment. `monthlyPrice` is the plan's
 * NZD price when it was bought (a later plan edit does not reprice it).
 */
export const CheckoutSource = z.object({
  via: z.literal('checkout'),
  /** The partner's user, who clicked Subscribe. */
  by: z.string(),
  stripeCustomerId: z.string(),
  stripeSubscriptionId: z.string(),
  stripePriceId: z.string(),
  monthlyPrice: z.number(),
  couponCode: z.string().nullable(),
});
export type CheckoutSource = z.infer<typeof CheckoutSource>;

/** What every Stripe fact carries: our subscription, the Stripe event it came from, and when Stripe recorded it. */
const StripeFact = { subscriptionId: z.string(), stripeEventId: z.string(), at: z.string() };
/** A paid Stripe invoice. */
const PaidInvoice = {
  ...StripeFact,
  stripeInvoiceId: z.string(),
  /** In the currency's smallest unit (NZD cents). */
  amountPaid: z.number().int(),
  currency: z.string(),
};

/**
 * The first paid invoice: an incomplete checkout subscription becomes active and shows adverts.
 * The period is the one it pays for, or null when Stripe already reported a newer one (its
 * webhooks arrived out of order): the newer stays.
 */
export const AdSubscriptionActivated = z.object({
  type: z.literal('AdSubscriptionActivated'),
  data: z.object({ ...PaidInvoice, currentPeriodStart: z.string().nullable(), currentPeriodEnd: z.string().nullable() }),
});

/** A later paid invoice for a newer billing period (a renewal). */
export const AdSubscriptionRenewed = z.object({
  type: z.literal('AdSubscriptionRenewed'),
  data: z.object({ ...PaidInvoice, currentPeriodStart: z.string(), currentPeriodEnd: z.string() }),
});

/** Stripe could not take an invoice's payment; `message` is the card provider's, when Stripe gave one. */
export const AdSubscriptionPaymentFailed = z.object({
  type: z.literal('AdSubscriptionPaymentFailed'),
  data: z.object({
    ...StripeFact,
    stripeInvoiceId: z.string(),
    message: z.string().nullable(),
    attemptCount: z.number().int(),
    /** When Stripe will try again; null when it will not. */
    nextAttemptAt: z.string().nullable(),
  }),
});

/**
 * Stripe's view of the subscription changed (customer.subscription.updated / .deleted): its
 * status (active, past_due, canceled, …), whether it ends at the period's end, and the period
 * when it is newer than the one already known (null: unchanged).
 */
export const AdSubscriptionBillingUpdated = z.object({
  type: z.literal('AdSubscriptionBillingUpdated'),
  data: z.object({
    ...StripeFact,
    stripeStatus: z.string(),
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodStart: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
  }),
});

/**
 * Dunning: the billing workflow asked Stripe to try an unpaid invoice again (attempt 1, 2, …
 * of BillingPolicy.retryAfterMs) and recorded the answer; a paid retry is also recorded as the
 * invoice paid (AdSubscriptionRenewed).
 */
export const AdSubscriptionPaymentRetried = z.object({
  type: z.literal('AdSubscriptionPaymentRetried'),
  data: z.object({
    subscriptionId: z.string(),
    stripeInvoiceId: z.string(),
    attempt: z.number().int(),
    outcome: z.enum(['paid', 'failed']),
    /** The card provider's words for a failed attempt. */
    message: z.string().nullable(),
    at: z.string(),
  }),
});

export const adSubscriptionBillingEventTypes = ['AdSubscriptionActivated', 'AdSubscriptionRenewed', 'AdSubscriptionPaymentFailed', 'AdSubscriptionBillingUpdated', 'AdSubscriptionPaymentRetried'] as const;
