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
  /** A coupon's discount on the subscription (ensureCoupon's id): off the first invoice that charges (after a trial, if any), once. */
  providerCouponId?: string | null;
  /** Free days before the first charge: the subscription starts trialing with a $0 first invoice. */
  trialDays?: number;
}

/** A Kāinga coupon's discount as the provider keeps it: a percentage or NZD cents off, once. */
export interface CouponRequest {
  /** Our coupon's id: the provider's coupon id derives from it, so it is made once. */
  couponId: string;
  /** Shown on the customer's invoice. */
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

/** A subscription waiting for (or past) its first payment, with what the browser needs to pay it. */
export interface CheckoutSubscription {
  providerSubscriptionId: string;
  /** The provider's status: incomplete until the first payment, then active, past_due, canceled, … */
  status: string;
  /**
   * What the browser confirms: the first invoice's payment client secret (`pi_…_secret_…`, Stripe.js
   * confirmPayment), or, when the first invoice is $0 (a free trial), the subscription's pending
   * SetupIntent's (`seti_…_secret_…`, confirmSetup), which saves the card for the charges after it;
   * null once nothing is left to pay or save.
   */
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
 * come back as `ignored`, so the route answers 200 and Stripe stops sending them. An event of a
 * type Kāinga acts on whose object lacks a field it reads, or holds one in another shape, comes
 * back as `unreadable`, with what is wrong: authentic, so answered 200 (no retry can mend it), and
 * recorded so that someone can look into it.
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
  | { kind: 'ignored'; eventId: string; eventType: string; occurredAt: string }
  | { kind: 'unreadable'; eventId: string; eventType: string; occurredAt: string; reason: string };

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

/**
 * Another attempt at an unpaid invoice (dunning): paid, with the period it pays for, or declined
 * with the card provider's words. Stripe unreachable is thrown as a CommandError 'unavailable'.
 */
export type InvoiceRetry = { status: 'paid'; amountPaid: number; currency: string; periodStart: string; periodEnd: string } | { status: 'failed'; message: string };

/** A paid PaymentIntent given back (a lead charge an admin refunded after the partner disputed it). */
export interface RefundRequest {
  paymentIntentId: string;
  /** In the currency's smallest unit (NZD cents): the whole charge. */
  amountCents: number;
  /** Stripe's idempotency key: a retried refund returns the first one instead of refunding twice. */
  idempotencyKey: string;
  /** Carried on the refund, so it names our lead. */
  metadata: { leadId: string; partnerId: string };
}

/**
 * The outcome of a refund: made (Stripe accepted it: succeeded, or pending on its way back to the
 * card), or refused with Stripe's words (final: already refunded, disputed at the bank, …). Stripe
 * unreachable is thrown as a CommandError 'unavailable' and worth retrying.
 */
export type Refund = { status: 'refunded'; refundId: string } | { status: 'failed'; message: string };

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
   * The provider's coupon for one of ours (duration once: the discount is off one invoice), made
   * once per coupon id; a coupon's terms never change, so the first one made stays right.
   */
  ensureCoupon(request: CouponRequest): Promise<{ providerCouponId: string }>;
  /**
   * A subscription created incomplete (payment_behavior default_incomplete, the card saved on the
   * subscription), with its first payment's client secret. Made once per metadata.subscriptionId.
   * With a coupon it carries the discount; with trial days it starts trialing (Stripe's $0 first
   * invoice is paid at once) and answers its pending SetupIntent's secret instead.
   */
  createSubscription(request: SubscriptionRequest): Promise<CheckoutSubscription>;
  /** An existing subscription with its first payment's client secret again (a partner reopening the checkout). */
  checkoutOf(providerSubscriptionId: string): Promise<CheckoutSubscription>;
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<ProviderSubscription>;
  cancelNow(providerSubscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Verifies a webhook's signature over its raw body and reads it. A missing or forged signature
   * (or a body that is not the provider's event at all: no id, type or time) throws a CommandError
   * 'invalid'; an event whose object cannot be read is the notice `unreadable`.
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
  /** Pays an open invoice now with the saved card (`invoices.pay`, off-session), once per idempotency key. */
  retryInvoicePayment(invoiceId: string, idempotencyKey: string): Promise<InvoiceRetry>;
  /** Refunds a paid PaymentIntent (`refunds.create`), once per idempotency key. */
  refundPayment(request: RefundRequest): Promise<Refund>;
}
