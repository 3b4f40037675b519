/**
 * The Payments port: what Kāinga asks of a card payment provider, in its own words. Two adapters:
 * StripePayments (the official SDK) and PaymentsNotConfigured (every call refused with 503), chosen
 * by configuration alone (paymentsFor). It knows no business rule: which plan, which partner and
 * whether a checkout is allowed are the API's to decide; this only carries them to Stripe and
 * carries Stripe's answers and webhooks back.
 */

/** What the subscription's metadata holds at Stripe, so every webhook about it names our ids. */
export interface SubscriptionMetadata {
  subscriptionId: string;
  partnerId: string;
  adPlanId: string;
  locationId: string;
}

export interface CustomerRequest {
  /** One customer per partner: the provider's idempotency key derives from it. */
  partnerId: string;
  email: string;
  name: string;
}

export interface PlanPriceRequest {
  planId: string;
  /** The product's name as the customer's invoice shows it, e.g. "Kāinga Gold advertising". */
  name: string;
  /** A month's price in NZD cents. */
  monthlyPriceCents: number;
}

export interface PlanPrice {
  productId: string;
  priceId: string;
}

export interface SubscriptionRequest {
  customerId: string;
  priceId: string;
  metadata: SubscriptionMetadata;
}

/** A subscription waiting for (or past) its first payment, with what the browser needs to pay it. */
export interface CheckoutSubscription {
  providerSubscriptionId: string;
  /** The provider's status: incomplete until the first payment, then active, past_due, canceled, … */
  status: string;
  /** The first invoice's payment client secret for the Payment Element; null once nothing is left to pay. */
  clientSecret: string | null;
}

/** The provider's view of a subscription after a change. */
export interface ProviderSubscription {
  providerSubscriptionId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
}

/** What every webhook notice carries: the provider's event id (the idempotency key of what it causes) and when the provider recorded it. */
interface NoticeBase {
  eventId: string;
  eventType: string;
  /** ISO time the provider created the event: orders facts that arrive out of order. */
  occurredAt: string;
  providerSubscriptionId: string;
  /** Our subscription id from the provider's metadata; null when the object is not one of ours. */
  subscriptionId: string | null;
}

/**
 * A verified webhook, in Kāinga's words. Unknown event types and objects without a subscription
 * come back as `ignored`, so the route answers 200 and Stripe stops sending them.
 */
export type PaymentNotice =
  | (NoticeBase & {
      kind: 'invoice_paid';
      invoiceId: string;
      /** subscription_create for the first invoice, subscription_cycle for a renewal, … */
      billingReason: string;
      amountPaid: number;
      currency: string;
      periodStart: string;
      periodEnd: string;
    })
  | (NoticeBase & {
      kind: 'invoice_payment_failed';
      invoiceId: string;
      billingReason: string;
      attemptCount: number;
      nextAttemptAt: string | null;
      periodStart: string;
      periodEnd: string;
    })
  | (NoticeBase & { kind: 'subscription_updated' | 'subscription_deleted'; status: string; cancelAtPeriodEnd: boolean; currentPeriodStart: string | null; currentPeriodEnd: string | null })
  | { kind: 'ignored'; eventId: string; eventType: string; occurredAt: string };

export interface Payments {
  /** False on PaymentsNotConfigured: every other call then throws the 503 CommandError. */
  readonly configured: boolean;
  /** For Stripe.js in the browser; null when not configured. */
  readonly publishableKey: string | null;
  /**
   * The partner's customer, made once: the provider's idempotency key derives from the partner id,
   * so a retry (even a concurrent one) returns the same customer. The caller keeps its id.
   */
  ensureCustomer(request: CustomerRequest): Promise<{ customerId: string }>;
  /** The plan's product and its monthly NZD price at this amount, made once per plan and amount. */
  ensurePlanPrice(request: PlanPriceRequest): Promise<PlanPrice>;
  /**
   * A subscription created incomplete (payment_behavior default_incomplete, the card saved on the
   * subscription), with its first payment's client secret. Made once per metadata.subscriptionId.
   */
  createSubscription(request: SubscriptionRequest): Promise<CheckoutSubscription>;
  /** An existing subscription with its first payment's client secret again (a partner reopening the checkout). */
  checkoutOf(providerSubscriptionId: string): Promise<CheckoutSubscription>;
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<ProviderSubscription>;
  cancelNow(providerSubscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Verifies a webhook's signature over its raw body and reads it. A missing or forged signature
   * (or a body that is not the provider's event) throws a CommandError 'invalid'.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentNotice;
  /** The card provider's words for an invoice's last failed payment attempt, when it gave any. */
  paymentFailureMessage(invoiceId: string): Promise<string | null>;
}
