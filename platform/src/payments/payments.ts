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

/** A lead charge's PaymentIntent settled at Stripe (payment_intent.succeeded / .payment_failed); `leadId` from its metadata. */
interface LeadPaymentNoticeBase {
  eventId: string;
  eventType: string;
  occurredAt: string;
  paymentIntentId: string;
  leadId: string;
  /** The card provider's words for a failed payment, when Stripe gave any. */
  failureMessage: string | null;
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
  | (LeadPaymentNoticeBase & { kind: 'lead_payment_succeeded' })
  | (LeadPaymentNoticeBase & { kind: 'lead_payment_failed' })
  | { kind: 'ignored'; eventId: string; eventType: string; occurredAt: string };

/** A one-off off-session charge of a customer's saved card (a lead charge). */
export interface OffSessionChargeRequest {
  customerId: string;
  paymentMethodId: string;
  /** In the currency's smallest unit (NZD cents). */
  amountCents: number;
  currency: string;
  description: string;
  /** Stripe's idempotency key: a retried create (ours or the SDK's) returns the first PaymentIntent. */
  idempotencyKey: string;
  /** Carried on the PaymentIntent, so its webhooks name our lead. */
  metadata: { leadId: string; partnerId: string };
}

/**
 * The outcome of an off-session charge: paid, or declined with the card provider's words (final:
 * another attempt with the same card and key gives the same answer). Anything else (the provider
 * unreachable, a 5xx, a rate limit) is thrown as a CommandError 'unavailable' and worth retrying.
 */
export type OffSessionCharge = { status: 'succeeded'; paymentIntentId: string } | { status: 'declined'; paymentIntentId: string | null; message: string } | { status: 'processing'; paymentIntentId: string };

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
  /**
   * The customer's saved card: its `invoice_settings.default_payment_method`, else the default
   * payment method a subscription of it saved (`save_default_payment_method: on_subscription`);
   * null when it has none.
   */
  defaultPaymentMethodOf(customerId: string): Promise<string | null>;
  /** A PaymentIntent confirmed off-session on a saved card (`confirm: true, off_session: true`). */
  chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionCharge>;
}
