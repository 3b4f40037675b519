import Stripe from 'stripe';
import { PAYMENT_FAILED_DEFAULT } from '@kainga/contracts';
import { CommandError } from '../command/errors';
import type {
  CheckoutSubscription,
  CouponRequest,
  CustomerRequest,
  InvoiceRetry,
  OffSessionCharge,
  OffSessionChargeRequest,
  PaymentNotice,
  Payments,
  PlanPrice,
  PlanPriceRequest,
  ProviderSubscription,
  Refund,
  RefundRequest,
  SubscriptionRequest,
} from './payments';
import { shapeProblem, StripeEventEnvelope } from './stripe-event-shapes';
import { invoicePeriod, noticeOf, subscriptionPeriod } from './stripe-notices';

export interface StripePaymentsOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends requests instead of https://api.stripe.com (a local Stripe-compatible server). */
  apiUrl?: string;
  /** Told about every provider failure the caller sees as a 503 (a wrong key, Stripe down). */
  onProviderError?: (err: unknown) => void;
}

export const PAYMENT_PROVIDER_UNAVAILABLE = 'The payment service could not be reached. Please try again in a moment.';
const NO_SAVED_CARD = 'No card is saved for this subscription.';

/** The SDK's `host`/`port`/`protocol` for a base URL (only set when STRIPE_API_URL is). */
function addressOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe allows letters, digits, `_` and `-` in ids and lookup keys we choose. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * The Payments port on Stripe's official SDK, at the SDK's pinned API version. Thin on purpose:
 * each method is one or two SDK calls; every create carries an idempotency key derived from our
 * own ids, so a retried request (ours, or the SDK's own network retries) never makes two.
 */
export class StripePayments implements Payments {
  readonly configured = true;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  /** Plan prices already ensured by this process, by lookup key (a plan's price changes rarely). */
  private readonly prices = new Map<string, PlanPrice>();
  /** Coupons this process has seen at Stripe (their terms never change). */
  private readonly coupons = new Set<string>();

  constructor(private readonly options: StripePaymentsOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, { ...addressOf(options.apiUrl), maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'Kainga' } });
  }

  ensureCustomer({ partnerId, email, name }: CustomerRequest): Promise<{ customerId: string }> {
    return this.call(async () => {
      const customer = await this.stripe.customers.create({ email, name, metadata: { partnerId } }, { idempotencyKey: `kainga-customer-${partnerId}` });
      return { customerId: customer.id };
    });
  }

  /**
   * The price is found by its lookup key (plan and amount), which Stripe keeps unique, so this
   * holds across processes and beyond the 24 h an idempotency key lasts; a new amount is a new
   * price of the same product (Stripe prices cannot change their amount).
   */
  ensurePlanPrice({ planId, name, monthlyPriceCents }: PlanPriceRequest): Promise<PlanPrice> {
    const lookupKey = safe(`kainga_${planId}_nzd_${monthlyPriceCents}_month`);
    const known = this.prices.get(lookupKey);
    if (known) return Promise.resolve(known);
    return this.call(async () => {
      const productId = safe(`kainga_${planId}`);
      const [found] = (await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
      let price: Stripe.Price;
      if (found) price = found;
      else {
        await this.ensureProduct(productId, name, planId);
        price = await this.stripe.prices.create(
          { product: productId, currency: 'nzd', unit_amount: monthlyPriceCents, recurring: { interval: 'month' }, lookup_key: lookupKey, metadata: { planId } },
          { idempotencyKey: `kainga-price-${lookupKey}` },
        );
      }
      const result = { productId: typeof price.product === 'string' ? price.product : price.product.id, priceId: price.id };
      this.prices.set(lookupKey, result);
      return result;
    });
  }

  private async ensureProduct(productId: string, name: string, planId: string) {
    try {
      await this.stripe.products.retrieve(productId);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'resource_missing') throw err;
      await this.stripe.products.create({ id: productId, name, metadata: { planId } }, { idempotencyKey: `kainga-product-${productId}` });
    }
  }

  /**
   * Our coupon's id names the Stripe coupon, so it is found again (by any process, long after an
   * idempotency key has lapsed) rather than made twice. Duration `once`: the discount is off the
   * subscription's first invoice, the payment the partner makes at checkout.
   */
  ensureCoupon({ couponId, code, percentOff, amountOffCents }: CouponRequest): Promise<{ providerCouponId: string }> {
    const id = safe(`kainga_coupon_${couponId}`);
    if (this.coupons.has(id)) return Promise.resolve({ providerCouponId: id });
    return this.call(async () => {
      try {
        await this.stripe.coupons.retrieve(id);
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'resource_missing') throw err;
        const off = percentOff !== null ? { percent_off: percentOff } : { amount_off: amountOffCents ?? 0, currency: 'nzd' };
        await this.stripe.coupons.create({ id, name: code, duration: 'once', ...off, metadata: { couponId, code } }, { idempotencyKey: `kainga-coupon-${id}` });
      }
      this.coupons.add(id);
      return { providerCouponId: id };
    });
  }

  /**
   * With trial days and a discount, the discount is added by an update after the create: a `once`
   * discount given at creation is spent by the first invoice, which a trial's is $0 (Stripe makes
   * and pays it at once); added afterwards, it waits for the first invoice that charges.
   */
  createSubscription({ customerId, priceId, metadata, providerCouponId, trialDays }: SubscriptionRequest): Promise<CheckoutSubscription> {
    const discountLater = !!(trialDays && providerCouponId);
    return this.call(async () => {
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { ...metadata },
          ...(providerCouponId && !discountLater ? { discounts: [{ coupon: providerCouponId }] } : {}),
          ...(trialDays ? { trial_period_days: trialDays } : {}),
          // Since 2025-03-31.basil an invoice has no payment_intent: its confirmation secret is the Payment Element's client secret.
          // A trial's first invoice is $0 and paid at once: the card is saved through the pending SetupIntent instead.
          expand: trialDays ? ['latest_invoice.confirmation_secret', 'pending_setup_intent'] : ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `kainga-subscription-${metadata.subscriptionId}` },
      );
      if (!discountLater) return checkoutOf(subscription);
      const discounted = await this.stripe.subscriptions.update(
        subscription.id,
        { discounts: [{ coupon: providerCouponId! }], expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'] },
        { idempotencyKey: `kainga-subscription-discount-${metadata.subscriptionId}` },
      );
      return checkoutOf(discounted);
    });
  }

  checkoutOf(providerSubscriptionId: string): Promise<CheckoutSubscription> {
    return this.call(async () => checkoutOf(await this.stripe.subscriptions.retrieve(providerSubscriptionId, { expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'] })));
  }

  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<ProviderSubscription> {
    return this.call(async () => providerSubscriptionOf(await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true })));
  }

  /** Ends it at once; one Stripe already ended (cancelled, or its first payment expired) is answered as it is. */
  cancelNow(providerSubscriptionId: string): Promise<ProviderSubscription> {
    return this.call(async () => {
      const current = await this.stripe.subscriptions.retrieve(providerSubscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return providerSubscriptionOf(current);
      return providerSubscriptionOf(await this.stripe.subscriptions.cancel(providerSubscriptionId));
    });
  }

  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentNotice {
    if (!signature) throw new CommandError('invalid', 'The Stripe-Signature header is missing.');
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      // A forged or stale signature, or a body changed on the way: nothing of it is believed.
      throw new CommandError('invalid', 'The webhook signature could not be verified.');
    }
    // Signed JSON that is not an event: nothing to acknowledge by id, and Stripe never sends one.
    const envelope = StripeEventEnvelope.safeParse(event);
    if (!envelope.success) throw new CommandError('invalid', `The webhook body is not a Stripe event (${shapeProblem(envelope.error)}).`);
    return noticeOf(envelope.data);
  }

  /** The last failed attempt's decline message (its PaymentIntent's last_payment_error); null when Stripe gave none. */
  async paymentFailureMessage(invoiceId: string): Promise<string | null> {
    try {
      const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 5, expand: ['data.payment.payment_intent'] });
      for (const p of payments.data) {
        const intent = p.payment.payment_intent;
        if (intent && typeof intent !== 'string' && intent.last_payment_error?.message) return intent.last_payment_error.message;
      }
      return null;
    } catch (err) {
      // The failure is recorded either way; only its wording is missing.
      this.options.onProviderError?.(err);
      return null;
    }
  }

  async defaultPaymentMethodOf(customerId: string): Promise<string | null> {
    return this.call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId);
      if (!customer.deleted) {
        const saved = idOf(customer.invoice_settings?.default_payment_method);
        if (saved) return saved;
      }
      const subscriptions = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
      // The newest subscription's saved card is the one the partner last paid with.
      const withCard = [...subscriptions.data].sort((a, b) => b.created - a.created).find((s) => idOf(s.default_payment_method));
      return withCard ? idOf(withCard.default_payment_method) : null;
    });
  }

  /**
   * One PaymentIntent per idempotency key, confirmed at once off-session. A decline is Stripe's
   * card_error (402) carrying the PaymentIntent it made: answered as `declined` with the card
   * provider's message, not thrown, because retrying cannot change it.
   */
  async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          confirm: true,
          off_session: true,
          description: request.description,
          metadata: { ...request.metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'succeeded', paymentIntentId: intent.id };
      if (intent.status === 'processing') return { status: 'processing', paymentIntentId: intent.id };
      return { status: 'declined', paymentIntentId: intent.id, message: intent.last_payment_error?.message ?? PAYMENT_FAILED_DEFAULT };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) return { status: 'declined', paymentIntentId: err.payment_intent?.id ?? null, message: err.message };
      this.options.onProviderError?.(err);
      throw new CommandError('unavailable', PAYMENT_PROVIDER_UNAVAILABLE);
    }
  }

  /**
   * `invoices.pay` off-session with the saved card. A decline is Stripe's card_error (402): the
   * card provider's words, not thrown (the next retry may find a new card). An invoice that is
   * already paid (the partner paid it meanwhile) is read back and answered as paid.
   */
  async retryInvoicePayment(invoiceId: string, idempotencyKey: string): Promise<InvoiceRetry> {
    const paid = (invoice: Stripe.Invoice): InvoiceRetry => ({ status: 'paid', amountPaid: invoice.amount_paid, currency: invoice.currency, ...invoicePeriod(invoice) });
    try {
      const invoice = await this.stripe.invoices.pay(invoiceId, { off_session: true }, { idempotencyKey });
      return invoice.status === 'paid' ? paid(invoice) : { status: 'failed', message: PAYMENT_FAILED_DEFAULT };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) return { status: 'failed', message: err.message };
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'invoice_already_paid') {
        return this.call(async () => paid(await this.stripe.invoices.retrieve(invoiceId)));
      }
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'invoice_no_customer_payment_method') return { status: 'failed', message: NO_SAVED_CARD };
      this.options.onProviderError?.(err);
      throw new CommandError('unavailable', PAYMENT_PROVIDER_UNAVAILABLE);
    }
  }

  /**
   * `refunds.create` for the PaymentIntent. Stripe refusing it (already refunded, disputed at the
   * bank: an invalid_request_error) is answered as `failed` with its words, not thrown, because
   * retrying cannot change it; a refund Stripe made but marked failed or canceled is the same.
   */
  async refundPayment(request: RefundRequest): Promise<Refund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: request.paymentIntentId, amount: request.amountCents, metadata: { ...request.metadata } },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') return { status: 'failed', message: `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}.` };
      return { status: 'refunded', refundId: refund.id };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', message: err.message };
      this.options.onProviderError?.(err);
      throw new CommandError('unavailable', PAYMENT_PROVIDER_UNAVAILABLE);
    }
  }

  /** A card declined is the person's to fix (400, Stripe's words); anything else is ours or Stripe's (503). */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw new CommandError('invalid', err.message);
      this.options.onProviderError?.(err);
      throw new CommandError('unavailable', PAYMENT_PROVIDER_UNAVAILABLE);
    }
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function checkoutOf(subscription: Stripe.Subscription): CheckoutSubscription {
  const invoice = subscription.latest_invoice;
  const paymentSecret = invoice && typeof invoice !== 'string' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
  const setup = subscription.pending_setup_intent;
  const setupSecret = setup && typeof setup !== 'string' ? setup.client_secret : null;
  const clientSecret = paymentSecret ?? setupSecret;
  return { providerSubscriptionId: subscription.id, status: subscription.status, clientSecret };
}

function providerSubscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  return { providerSubscriptionId: subscription.id, status: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end, ...subscriptionPeriod(subscription) };
}
