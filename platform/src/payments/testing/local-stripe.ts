import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local, in-process stand-in for api.stripe.com, for tests that drive the official SDK (its
 * `host`/`port`/`protocol` options, i.e. STRIPE_API_URL) — nothing reaches the internet. It
 * implements only the endpoints Kāinga's adapter calls, with Stripe's wire format (form-encoded
 * bodies in `a[b][0]=c` notation, JSON answers, `{error: {type, code, message}}` failures),
 * shapes of the SDK's pinned API version, state kept between calls, and `Idempotency-Key`
 * honoured as Stripe does (same key and parameters: the first answer again; other parameters: an
 * idempotency_error). Every request is recorded so a test can assert what was sent.
 *
 * What Stripe does on its own (a card payment confirmed in the browser, a renewal a month later,
 * a decline) is simulated by methods that change the state and return the Stripe events it
 * would send; deliver them to the app signed (signed-webhook.ts), in any order, as often as the
 * test likes.
 */

type Json = Record<string, unknown>;

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The query (GET, DELETE) or the form body (POST), parsed as Stripe parses it. */
  params: Json;
  idempotencyKey: string | null;
  stripeVersion: string | null;
}

export interface LocalStripeOptions {
  /** The secret key requests must carry (Bearer); default: any `sk_test_` key. */
  secretKey?: string;
  publishableKey?: string;
  /** The webhook endpoint's signing secret, for `env()` and the tests' signatures. */
  webhookSecret?: string;
  /** The clock in ms (created times, periods); default Date.now. */
  now?: () => number;
}

interface Customer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  /** invoice_settings.default_payment_method */
  defaultPaymentMethod: string | null;
}
interface Product {
  id: string;
  name: string;
  active: boolean;
  metadata: Record<string, string>;
  created: number;
}
interface Price {
  id: string;
  product: string;
  currency: string;
  unit_amount: number;
  interval: string;
  lookup_key: string | null;
  active: boolean;
  metadata: Record<string, string>;
  created: number;
}
interface Period {
  start: number;
  end: number;
}
interface Subscription {
  id: string;
  customer: string;
  price: string;
  itemId: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: Record<string, string>;
  period: Period;
  latest_invoice: string;
  payment_behavior: string | null;
  save_default_payment_method: string | null;
  /** The card saved by its first payment (save_default_payment_method: on_subscription). */
  default_payment_method: string | null;
  created: number;
  /** The coupon of its discount (`discounts[0][coupon]`), and the discount's id; null without one. */
  coupon: string | null;
  discountId: string | null;
  /** A `once` discount is spent by the first invoice made after it was applied (at creation: the first invoice, even a trial's $0). */
  couponSpent: boolean;
  /** When its free trial ends (`trial_period_days`); null without a trial. */
  trial_end: number | null;
  /** The SetupIntent that saves the card when the first invoice asks no payment (a trial); null once confirmed. */
  pending_setup_intent: string | null;
}
interface Coupon {
  id: string;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: string;
  metadata: Record<string, string>;
  created: number;
}
interface SetupIntent {
  id: string;
  client_secret: string;
  customer: string;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
  created: number;
}
interface Invoice {
  id: string;
  customer: string;
  subscription: string;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  /** The price before any discount. */
  subtotal: number;
  /** What the discount took off (0 without one). */
  discount_amount: number;
  amount_due: number;
  currency: string;
  status: 'open' | 'paid';
  attempt_count: number;
  next_payment_attempt: number | null;
  period: Period;
  /** The payment of what is due; null for a $0 invoice (Stripe pays it at once, with no payment). */
  payment_intent: string | null;
  lineId: string;
  created: number;
}
interface PaymentIntent {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  last_payment_error: { type: string; code: string; message: string } | null;
  /** The invoice it pays; null for a one-off PaymentIntent (a lead charge). */
  invoice: string | null;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface Refund {
  id: string;
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

/**
 * Stripe's test payment methods this stand-in knows (https://docs.stripe.com/testing): any other
 * `pm_` id is a card that pays. The decline messages are Stripe's own.
 */
export const LOCAL_TEST_PAYMENT_METHODS = {
  pays: 'pm_card_visa',
  declines: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
} as const;
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const stringMap = (v: unknown): Record<string, string> => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {});
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const missing = (what: string, id: string, param = 'id') => new StripeHttpError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);
const addMonth = (seconds: number) => {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

export class LocalStripe {
  readonly requests: RecordedStripeRequest[] = [];
  /** Every event the simulated Stripe produced, oldest first (also returned by each simulation). */
  readonly events: Stripe.Event[] = [];
  readonly customers = new Map<string, Customer>();
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly coupons = new Map<string, Coupon>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly refunds = new Map<string, Refund>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly failures: { method: string; path: string; remaining: number; status: number }[] = [];
  private readonly now: () => number;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly options: Required<Omit<LocalStripeOptions, 'now' | 'secretKey'>> & { secretKey: string | null },
    now: () => number,
  ) {
    this.now = now;
  }

  /** Starts the server on a free port of 127.0.0.1. */
  static async start(options: LocalStripeOptions = {}): Promise<LocalStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const instance = new LocalStripe(
      server,
      `http://127.0.0.1:${port}`,
      { secretKey: options.secretKey ?? null, publishableKey: options.publishableKey ?? 'pk_test_local', webhookSecret: options.webhookSecret ?? 'whsec_local_test_secret' },
      options.now ?? Date.now,
    );
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void instance.handle(req, res));
    return instance;
  }

  /** The environment that points Kāinga at this server (loadConfig's variables). */
  env(): Record<'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL', string> {
    return { STRIPE_SECRET_KEY: this.options.secretKey ?? 'sk_test_local', STRIPE_PUBLISHABLE_KEY: this.options.publishableKey, STRIPE_WEBHOOK_SECRET: this.options.webhookSecret, STRIPE_API_URL: this.url };
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((err) => (err ? reject(err) : resolve())));
  }

  /** The recorded requests to one method and path (a path ending in `/*` matches every id under it). */
  requestsTo(method: string, path: string): RecordedStripeRequest[] {
    const prefix = path.endsWith('/*') ? path.slice(0, -1) : null;
    return this.requests.filter((r) => r.method === method && (prefix ? r.path.startsWith(prefix) : r.path === path));
  }

  private seconds() {
    return Math.floor(this.now() / 1000);
  }

  // ---- What Stripe does by itself ----------------------------------------------------------

  /**
   * The card payment the browser confirmed (Payment Element): the subscription's open invoice is
   * paid and the subscription becomes active. Returns the events in the order Stripe usually
   * sends them: invoice.paid, invoice.payment_succeeded, customer.subscription.updated.
   */
  payLatestInvoice(subscriptionId: string, paymentMethod: string = LOCAL_TEST_PAYMENT_METHODS.pays): Stripe.Event[] {
    const sub = this.subscription(subscriptionId);
    if (sub.save_default_payment_method === 'on_subscription') sub.default_payment_method = paymentMethod;
    const invoice = this.invoice(sub.latest_invoice);
    if (invoice.status === 'paid') throw new Error(`${invoice.id} is already paid`);
    const previous = this.renderSubscription(sub);
    invoice.status = 'paid';
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = null;
    const intent = this.intentOf(invoice);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    sub.status = 'active';
    const events = [this.emit('invoice.paid', this.renderInvoice(invoice)), this.emit('invoice.payment_succeeded', this.renderInvoice(invoice))];
    if (previous.status !== sub.status) events.push(this.emit('customer.subscription.updated', this.renderSubscription(sub), { status: previous.status }));
    return events;
  }

  /**
   * A declined attempt at the subscription's open invoice, with the card provider's message. A
   * renewal that fails makes the subscription past_due (and says so); a first payment leaves it
   * incomplete.
   */
  failLatestInvoice(subscriptionId: string, message = 'Your card was declined.'): Stripe.Event[] {
    const sub = this.subscription(subscriptionId);
    const invoice = this.invoice(sub.latest_invoice);
    const intent = this.intentOf(invoice);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', message };
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = invoice.billing_reason === 'subscription_cycle' ? this.seconds() + 3 * 24 * 3600 : null;
    const events = [this.emit('invoice.payment_failed', this.renderInvoice(invoice))];
    if (sub.status === 'active') {
      sub.status = 'past_due';
      events.push(this.emit('customer.subscription.updated', this.renderSubscription(sub), { status: 'active' }));
    }
    return events;
  }

  /**
   * The next billing period begins: a new invoice (billing_reason subscription_cycle) for the
   * next month, then `paid` (the saved card is charged: invoice.paid, invoice.payment_succeeded,
   * customer.subscription.updated with the new period) or a decline with `failed`'s message.
   */
  renew(subscriptionId: string, outcome: { paid: true } | { failed: string } = { paid: true }): Stripe.Event[] {
    const sub = this.subscription(subscriptionId);
    const previousPeriod = { ...sub.period };
    sub.period = { start: previousPeriod.end, end: addMonth(previousPeriod.end) };
    const invoice = this.createInvoice(sub, 'subscription_cycle');
    sub.latest_invoice = invoice.id;
    if ('failed' in outcome) return this.failLatestInvoice(subscriptionId, outcome.failed);
    invoice.status = 'paid';
    invoice.attempt_count = 1;
    this.intentOf(invoice).status = 'succeeded';
    const wasPastDue = sub.status === 'past_due';
    sub.status = 'active';
    const previousItems = { data: [{ current_period_start: previousPeriod.start, current_period_end: previousPeriod.end }] };
    return [
      this.emit('invoice.paid', this.renderInvoice(invoice)),
      this.emit('invoice.payment_succeeded', this.renderInvoice(invoice)),
      this.emit('customer.subscription.updated', this.renderSubscription(sub), { items: previousItems, latest_invoice: invoice.id, ...(wasPastDue ? { status: 'past_due' } : {}) }),
    ];
  }

  /**
   * The browser confirmed the subscription's pending SetupIntent (Stripe.js confirmSetup, a trial's
   * card): the SetupIntent succeeds, the card becomes the subscription's default payment method
   * (save_default_payment_method: on_subscription) and the subscription no longer has a pending
   * SetupIntent. Returns setup_intent.succeeded and customer.subscription.updated.
   */
  confirmPendingSetup(subscriptionId: string, paymentMethod: string = LOCAL_TEST_PAYMENT_METHODS.pays): Stripe.Event[] {
    const sub = this.subscription(subscriptionId);
    if (!sub.pending_setup_intent) throw new Error(`${subscriptionId} has no pending SetupIntent`);
    const setup = this.setupIntent(sub.pending_setup_intent);
    setup.status = 'succeeded';
    setup.payment_method = paymentMethod;
    sub.pending_setup_intent = null;
    const previous: Json = { pending_setup_intent: setup.id };
    if (sub.save_default_payment_method === 'on_subscription') {
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = paymentMethod;
    }
    return [this.emit('setup_intent.succeeded', this.renderById(setup.id)), this.emit('customer.subscription.updated', this.renderSubscription(sub), previous)];
  }

  /** The customer's invoice_settings.default_payment_method (a card saved in the dashboard or by a SetupIntent); null removes it. */
  setCustomerDefaultPaymentMethod(customerId: string, paymentMethod: string | null) {
    this.customer(customerId).defaultPaymentMethod = paymentMethod;
  }

  /** A subscription's saved card (default_payment_method); null removes it. */
  setSubscriptionDefaultPaymentMethod(subscriptionId: string, paymentMethod: string | null) {
    this.subscription(subscriptionId).default_payment_method = paymentMethod;
  }

  /** The next `count` requests to `method path` answer this error (e.g. 500 api_error, 429 rate_limit) before reaching the stand-in's state. */
  failNext(method: string, path: string, count = 1, status = 500) {
    this.failures.push({ method, path, remaining: count, status });
  }

  /** The one-off PaymentIntents (not an invoice's), e.g. lead charges. */
  oneOffPaymentIntents(): PaymentIntent[] {
    return [...this.paymentIntents.values()].filter((pi) => pi.invoice === null);
  }

  /** Stripe ends the subscription itself (its retries ran out, or it was cancelled in the dashboard). */
  endSubscription(subscriptionId: string): Stripe.Event[] {
    const sub = this.subscription(subscriptionId);
    sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    sub.canceled_at = this.seconds();
    return [this.emit('customer.subscription.deleted', this.renderSubscription(sub))];
  }

  /** A Stripe event of any type, as Stripe frames it (for types Kāinga does not act on). */
  event(type: string, object: Json, previousAttributes?: Json): Stripe.Event {
    return this.emit(type, object, previousAttributes);
  }

  private emit(type: string, object: Json, previousAttributes?: Json): Stripe.Event {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.seconds(),
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    this.events.push(event);
    return event;
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
    const params = qs.parse(raw, { depth: 10, arrayLimit: 100 }) as Json;
    const idempotencyKey = header(req, 'idempotency-key');
    this.requests.push({ method, path: url.pathname, params, idempotencyKey, stripeVersion: header(req, 'stripe-version') });

    const fingerprint = JSON.stringify([method, url.pathname, params]);
    const replay = method === 'POST' && idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    if (replay && replay.fingerprint !== fingerprint) {
      return send(res, 400, errorBody(new StripeHttpError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`)));
    }
    if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });

    let status = 200;
    let body: string;
    const failure = this.failures.find((f) => f.method === method && f.path === url.pathname && f.remaining > 0);
    if (failure) {
      failure.remaining -= 1;
      const type = failure.status === 429 ? 'rate_limit_error' : 'api_error';
      return send(res, failure.status, errorBody(new StripeHttpError(failure.status, type, failure.status === 429 ? 'Too many requests.' : 'An unknown error occurred.')), { 'stripe-should-retry': 'false' });
    }
    try {
      this.authenticate(req);
      body = JSON.stringify(this.route(method, url.pathname, params));
    } catch (err) {
      const e = err instanceof StripeHttpError ? err : new StripeHttpError(500, 'api_error', (err as Error).message);
      status = e.status;
      body = errorBody(e);
    }
    // Stripe keeps the answer of a keyed request that reached it, errors included (not 500s).
    if (method === 'POST' && idempotencyKey && status < 500) this.idempotent.set(idempotencyKey, { fingerprint, status, body });
    send(res, status, body);
  }

  private authenticate(req: IncomingMessage) {
    const key = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1];
    if (!key) throw new StripeHttpError(401, 'invalid_request_error', 'You did not provide an API key.');
    if (this.options.secretKey ? key !== this.options.secretKey : !/^sk_test_/.test(key)) throw new StripeHttpError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}***`);
  }

  private route(method: string, path: string, p: Json): Json {
    const [, v1, resource, id, ...rest] = path.split('/');
    if (v1 === 'v1' && method === 'POST' && resource === 'invoices' && id && rest.length === 1 && rest[0] === 'pay') return this.payInvoice(this.invoice(id));
    if (v1 !== 'v1' || rest.length > 0) throw unrecognized(method, path);
    const key = `${method} ${resource}${id === undefined ? '' : '/:id'}`;
    switch (key) {
      case 'POST customers':
        return this.createCustomer(p);
      case 'GET customers/:id':
        return this.renderCustomer(this.customer(id!));
      case 'GET products/:id':
        return this.renderProduct(this.product(id!));
      case 'POST products':
        return this.createProduct(p);
      case 'GET prices':
        return this.listPrices(p);
      case 'POST prices':
        return this.createPrice(p);
      case 'POST subscriptions':
        return this.createSubscription(p);
      case 'GET subscriptions/:id':
        return this.expand(this.renderSubscription(this.subscription(id!)), p.expand);
      case 'POST subscriptions/:id':
        return this.updateSubscription(this.subscription(id!), p);
      case 'DELETE subscriptions/:id':
        return this.cancelSubscription(this.subscription(id!), p);
      case 'GET invoices/:id':
        return this.expand(this.renderInvoice(this.invoice(id!)), p.expand);
      case 'GET invoice_payments':
        return this.listInvoicePayments(p);
      case 'GET subscriptions':
        return this.listSubscriptions(p);
      case 'POST coupons':
        return this.createCoupon(p);
      case 'GET coupons/:id':
        return this.renderCoupon(this.coupon(id!));
      case 'GET setup_intents/:id':
        return this.renderById(this.setupIntent(id!).id);
      case 'POST payment_intents':
        return this.createPaymentIntent(p);
      case 'GET payment_intents/:id':
        return this.renderById(this.paymentIntent(id!).id);
      case 'POST refunds':
        return this.createRefund(p);
      default:
        throw unrecognized(method, path);
    }
  }

  // ---- Endpoints -----------------------------------------------------------------------------

  private createCustomer(p: Json): Json {
    const customer: Customer = { id: newId('cus'), email: str(p.email), name: str(p.name), metadata: stringMap(p.metadata), created: this.seconds(), defaultPaymentMethod: null };
    this.customers.set(customer.id, customer);
    return this.renderCustomer(customer);
  }

  private createProduct(p: Json): Json {
    const name = str(p.name);
    if (!name) throw new StripeHttpError(400, 'invalid_request_error', 'Missing required param: name.', 'parameter_missing', 'name');
    const id = str(p.id) ?? newId('prod');
    if (this.products.has(id)) throw new StripeHttpError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists', 'id');
    const product: Product = { id, name, active: true, metadata: stringMap(p.metadata), created: this.seconds() };
    this.products.set(id, product);
    return this.renderProduct(product);
  }

  private listPrices(p: Json): Json {
    const keys = Array.isArray(p.lookup_keys) ? p.lookup_keys.map(String) : null;
    const active = p.active === undefined ? null : p.active === 'true';
    const limit = Number(p.limit ?? 10);
    const found = [...this.prices.values()].filter((x) => (!keys || (x.lookup_key !== null && keys.includes(x.lookup_key))) && (active === null || x.active === active));
    return list(found.slice(0, limit).map((x) => this.renderPrice(x)), '/v1/prices');
  }

  private createPrice(p: Json): Json {
    const product = str(p.product);
    if (!product) throw new StripeHttpError(400, 'invalid_request_error', 'Missing required param: product.', 'parameter_missing', 'product');
    this.product(product);
    const amount = Number(p.unit_amount);
    if (!Number.isInteger(amount) || amount < 0) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid integer: unit_amount', 'parameter_invalid_integer', 'unit_amount');
    const lookupKey = str(p.lookup_key);
    const holder = lookupKey ? [...this.prices.values()].find((x) => x.lookup_key === lookupKey) : undefined;
    if (holder && p.transfer_lookup_key !== 'true') throw new StripeHttpError(400, 'invalid_request_error', `A price (\`${holder.id}\`) already uses that lookup key.`, undefined, 'lookup_key');
    if (holder) holder.lookup_key = null;
    const recurring = isRecord(p.recurring) ? p.recurring : {};
    const price: Price = {
      id: newId('price'),
      product,
      currency: str(p.currency) ?? 'nzd',
      unit_amount: amount,
      interval: str(recurring.interval) ?? 'month',
      lookup_key: lookupKey,
      active: true,
      metadata: stringMap(p.metadata),
      created: this.seconds(),
    };
    this.prices.set(price.id, price);
    return this.renderPrice(price);
  }

  /** Stripe's coupon: percent_off, or amount_off with its currency; an id of ours, once (`resource_already_exists` after). */
  private createCoupon(p: Json): Json {
    const percentOff = p.percent_off === undefined ? null : Number(p.percent_off);
    const amountOff = p.amount_off === undefined ? null : Number(p.amount_off);
    if ((percentOff === null) === (amountOff === null)) throw new StripeHttpError(400, 'invalid_request_error', 'You must pass exactly one of percent_off or amount_off.', undefined, 'percent_off');
    if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid percent_off: must be greater than 0 and at most 100.', undefined, 'percent_off');
    if (amountOff !== null && !(Number.isInteger(amountOff) && amountOff > 0)) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid integer: amount_off', 'parameter_invalid_integer', 'amount_off');
    const currency = str(p.currency);
    if (amountOff !== null && !currency) throw new StripeHttpError(400, 'invalid_request_error', 'You must pass currency when passing amount_off.', 'parameter_missing', 'currency');
    const duration = str(p.duration) ?? 'once';
    if (duration !== 'once') throw new StripeHttpError(400, 'invalid_request_error', 'This stand-in models only duration once.', undefined, 'duration');
    const id = str(p.id) ?? newId('coupon').slice(7);
    if (this.coupons.has(id)) throw new StripeHttpError(400, 'invalid_request_error', 'Coupon already exists.', 'resource_already_exists', 'id');
    const coupon: Coupon = { id, name: str(p.name), percent_off: percentOff, amount_off: amountOff, currency: amountOff !== null ? currency : null, duration, metadata: stringMap(p.metadata), created: this.seconds() };
    this.coupons.set(id, coupon);
    return this.renderCoupon(coupon);
  }

  private createSubscription(p: Json): Json {
    const customer = str(p.customer);
    if (!customer) throw new StripeHttpError(400, 'invalid_request_error', 'Missing required param: customer.', 'parameter_missing', 'customer');
    this.customer(customer);
    const items = Array.isArray(p.items) ? p.items : [];
    const priceId = isRecord(items[0]) ? str(items[0].price) : null;
    if (!priceId || items.length !== 1) throw new StripeHttpError(400, 'invalid_request_error', 'This stand-in takes exactly one item with a price.', 'parameter_missing', 'items');
    const price = this.price(priceId);
    // Without default_incomplete Stripe would try to charge at once; this stand-in has no card to charge.
    if (str(p.payment_behavior) !== 'default_incomplete') throw new StripeHttpError(402, 'card_error', 'This customer has no attached payment source or default payment method.', 'resource_missing');
    const discounts = Array.isArray(p.discounts) ? p.discounts : [];
    const couponId = isRecord(discounts[0]) ? str(discounts[0].coupon) : null;
    if (discounts.length > 1 || (discounts.length === 1 && !couponId)) throw new StripeHttpError(400, 'invalid_request_error', 'This stand-in takes at most one discount, with a coupon.', undefined, 'discounts');
    if (couponId) {
      const coupon = this.coupon(couponId);
      if (coupon.amount_off !== null && coupon.currency !== price.currency) throw new StripeHttpError(400, 'invalid_request_error', `The coupon's currency (${coupon.currency}) does not match the subscription's (${price.currency}).`, undefined, 'discounts');
    }
    const trialDays = p.trial_period_days === undefined ? 0 : Number(p.trial_period_days);
    if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > 730) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid integer: trial_period_days', 'parameter_invalid_integer', 'trial_period_days');
    const start = this.seconds();
    const trialEnd = trialDays > 0 ? start + trialDays * 24 * 3600 : null;
    const sub: Subscription = {
      id: newId('sub'),
      customer,
      price: price.id,
      itemId: newId('si'),
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: stringMap(p.metadata),
      // A trial's period is the trial itself; the first charge starts the next.
      period: { start, end: trialEnd ?? addMonth(start) },
      latest_invoice: '',
      payment_behavior: str(p.payment_behavior),
      save_default_payment_method: isRecord(p.payment_settings) ? str(p.payment_settings.save_default_payment_method) : null,
      default_payment_method: null,
      created: start,
      coupon: couponId,
      discountId: couponId ? newId('di') : null,
      couponSpent: false,
      trial_end: trialEnd,
      pending_setup_intent: null,
    };
    this.subscriptions.set(sub.id, sub);
    const invoice = this.createInvoice(sub, 'subscription_create', { trial: trialEnd !== null });
    sub.latest_invoice = invoice.id;
    if (invoice.amount_due > 0) {
      this.emit('customer.subscription.created', this.renderSubscription(sub));
      return this.expand(this.renderSubscription(sub), p.expand);
    }
    // Nothing to pay now (a trial, or a discount of all of it): Stripe pays the $0 invoice at once,
    // the subscription is trialing (or active), and with default_incomplete it opens a SetupIntent
    // so the browser can still save the card for the charges to come.
    invoice.status = 'paid';
    sub.status = trialEnd !== null ? 'trialing' : 'active';
    const setup: SetupIntent = { id: newId('seti'), client_secret: '', customer, status: 'requires_payment_method', payment_method: null, created: start };
    setup.client_secret = `${setup.id}_secret_${randomBytes(12).toString('hex')}`;
    this.setupIntents.set(setup.id, setup);
    sub.pending_setup_intent = setup.id;
    this.emit('customer.subscription.created', this.renderSubscription(sub));
    this.emit('invoice.paid', this.renderInvoice(invoice));
    this.emit('invoice.payment_succeeded', this.renderInvoice(invoice));
    return this.expand(this.renderSubscription(sub), p.expand);
  }

  private updateSubscription(sub: Subscription, p: Json): Json {
    if (['canceled', 'incomplete_expired'].includes(sub.status)) throw new StripeHttpError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Json = {};
    if (p.cancel_at_period_end !== undefined) {
      const value = p.cancel_at_period_end === 'true';
      if (value !== sub.cancel_at_period_end) previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = value;
    }
    if (isRecord(p.metadata)) sub.metadata = { ...sub.metadata, ...stringMap(p.metadata) };
    if (Array.isArray(p.discounts)) {
      // A discount applied by an update waits for the next invoice (no invoice is made now).
      const coupon = isRecord(p.discounts[0]) ? str(p.discounts[0].coupon) : null;
      if (coupon) this.coupon(coupon);
      previous.discounts = sub.discountId ? [sub.discountId] : [];
      sub.coupon = coupon;
      sub.discountId = coupon ? newId('di') : null;
      sub.couponSpent = false;
    }
    if (Object.keys(previous).length) this.emit('customer.subscription.updated', this.renderSubscription(sub), previous);
    return this.expand(this.renderSubscription(sub), p.expand);
  }

  private cancelSubscription(sub: Subscription, p: Json): Json {
    if (['canceled', 'incomplete_expired'].includes(sub.status)) throw new StripeHttpError(400, 'invalid_request_error', `No such subscription: '${sub.id}' is already canceled.`, 'resource_missing');
    sub.status = 'canceled';
    sub.canceled_at = this.seconds();
    this.emit('customer.subscription.deleted', this.renderSubscription(sub));
    return this.expand(this.renderSubscription(sub), p.expand);
  }

  private listSubscriptions(p: Json): Json {
    const customer = str(p.customer);
    const status = str(p.status);
    const found = [...this.subscriptions.values()].filter((x) => (!customer || x.customer === customer) && (status === 'all' ? true : status ? x.status === status : !['canceled', 'incomplete_expired'].includes(x.status)));
    return list(found.slice(0, Number(p.limit ?? 10)).map((x) => this.renderSubscription(x)), '/v1/subscriptions');
  }

  /**
   * A PaymentIntent; with `confirm: true` it is charged at once on its payment_method: a declining
   * test card answers Stripe's 402 card_error carrying the PaymentIntent (requires_payment_method)
   * and emits payment_intent.payment_failed; any other card succeeds and emits payment_intent.succeeded.
   */
  private createPaymentIntent(p: Json): Json {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer', 'amount');
    const customer = str(p.customer);
    if (customer) this.customer(customer);
    const paymentMethod = str(p.payment_method);
    const confirm = p.confirm === 'true';
    if (confirm && !paymentMethod) throw new StripeHttpError(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it’s missing a payment method.', 'payment_intent_unexpected_state', 'payment_method');
    const intent: PaymentIntent = {
      id: newId('pi'),
      client_secret: '',
      amount,
      currency: str(p.currency) ?? 'nzd',
      status: confirm ? 'succeeded' : 'requires_confirmation',
      last_payment_error: null,
      invoice: null,
      customer,
      payment_method: paymentMethod,
      metadata: stringMap(p.metadata),
      created: this.seconds(),
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.paymentIntents.set(intent.id, intent);
    const decline = paymentMethod ? DECLINES[paymentMethod] : undefined;
    if (confirm && decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: decline.code, message: decline.message };
      const rendered = this.renderById(intent.id);
      this.emit('payment_intent.payment_failed', rendered);
      throw new StripeHttpError(402, 'card_error', decline.message, decline.code, undefined, { decline_code: decline.decline_code, payment_intent: rendered });
    }
    const rendered = this.renderById(intent.id);
    if (confirm) this.emit('payment_intent.succeeded', rendered);
    return rendered;
  }

  /**
   * A refund of a succeeded PaymentIntent, whole or in part (`amount`, default what is left), made
   * at once (succeeded). More than is left is Stripe's 400 charge_already_refunded; a PaymentIntent
   * that was never paid, its 400 too.
   */
  private createRefund(p: Json): Json {
    const intentId = str(p.payment_intent);
    if (!intentId) throw new StripeHttpError(400, 'invalid_request_error', 'One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
    const intent = this.paymentIntent(intentId);
    if (intent.status !== 'succeeded') throw new StripeHttpError(400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable', 'payment_intent');
    const left = intent.amount - [...this.refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (left <= 0 || amount > left) throw new StripeHttpError(400, 'invalid_request_error', `Charge for ${intent.id} has already been refunded.`, 'charge_already_refunded');
    if (!Number.isInteger(amount) || amount < 1) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer', 'amount');
    const refund: Refund = { id: newId('re'), amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', metadata: stringMap(p.metadata), created: this.seconds() };
    this.refunds.set(refund.id, refund);
    return { ...refund, object: 'refund' };
  }

  /**
   * POST /v1/invoices/:id/pay — an attempt at an open invoice with the subscription's saved card
   * (else the customer's default): a declining test card answers 402 card_error and emits
   * invoice.payment_failed; any other card pays it (invoice.paid, invoice.payment_succeeded, and
   * the subscription back to active from past_due). An invoice already paid is Stripe's 400.
   */
  private payInvoice(invoice: Invoice): Json {
    if (invoice.status === 'paid') throw new StripeHttpError(400, 'invalid_request_error', 'Invoice is already paid', 'invoice_already_paid');
    const sub = invoice.subscription ? this.subscription(invoice.subscription) : null;
    const paymentMethod = sub?.default_payment_method ?? this.customer(invoice.customer).defaultPaymentMethod;
    if (!paymentMethod) throw new StripeHttpError(400, 'invalid_request_error', 'This customer has no attached payment source or default payment method.', 'invoice_no_customer_payment_method');
    // Every open invoice has its PaymentIntent (only a $0 invoice has none, and it is paid at once).
    const intent = this.paymentIntent(invoice.payment_intent ?? '');
    intent.payment_method = paymentMethod;
    invoice.attempt_count += 1;
    const decline = DECLINES[paymentMethod];
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: decline.code, message: decline.message };
      this.emit('invoice.payment_failed', this.renderInvoice(invoice));
      throw new StripeHttpError(402, 'card_error', decline.message, decline.code, undefined, { decline_code: decline.decline_code });
    }
    const previous = sub ? this.renderSubscription(sub) : null;
    invoice.status = 'paid';
    invoice.next_payment_attempt = null;
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    this.emit('invoice.paid', this.renderInvoice(invoice));
    this.emit('invoice.payment_succeeded', this.renderInvoice(invoice));
    if (sub && previous && sub.status !== 'active') {
      sub.status = 'active';
      this.emit('customer.subscription.updated', this.renderSubscription(sub), { status: previous.status });
    }
    return this.renderInvoice(invoice);
  }

  private listInvoicePayments(p: Json): Json {
    const invoice = this.invoice(str(p.invoice) ?? '');
    if (!invoice.payment_intent) return list([], '/v1/invoice_payments');
    const intent = this.paymentIntent(invoice.payment_intent);
    const payment = {
      id: `inpay_${invoice.id.slice(3)}`,
      object: 'invoice_payment',
      amount_paid: invoice.status === 'paid' ? invoice.amount_due : null,
      amount_requested: invoice.amount_due,
      created: invoice.created,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: invoice.status === 'paid' ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: invoice.status === 'paid' ? this.seconds() : null },
    };
    return this.expand(list([payment], '/v1/invoice_payments'), p.expand);
  }

  // ---- State ---------------------------------------------------------------------------------

  /**
   * A subscription's invoice. A trial's first invoice is $0. A `once` coupon's discount is off the
   * first invoice made after it was applied (and spent by it, even a $0 one, as Stripe spends it),
   * never below $0. A $0 invoice has no payment.
   */
  private createInvoice(sub: Subscription, reason: Invoice['billing_reason'], { trial = false }: { trial?: boolean } = {}): Invoice {
    const price = this.price(sub.price);
    const invoiceId = newId('in');
    const subtotal = trial ? 0 : price.unit_amount;
    const coupon = sub.coupon && !sub.couponSpent ? this.coupon(sub.coupon) : null;
    if (coupon) sub.couponSpent = true;
    const off = !coupon ? 0 : coupon.percent_off !== null ? Math.round((subtotal * coupon.percent_off) / 100) : Math.min(subtotal, coupon.amount_off ?? 0);
    const amountDue = subtotal - off;
    const invoice: Invoice = {
      id: invoiceId,
      customer: sub.customer,
      subscription: sub.id,
      billing_reason: reason,
      subtotal,
      discount_amount: off,
      amount_due: amountDue,
      currency: price.currency,
      status: 'open',
      attempt_count: 0,
      next_payment_attempt: null,
      period: { ...sub.period },
      payment_intent: null,
      lineId: newId('il'),
      created: this.seconds(),
    };
    this.invoices.set(invoice.id, invoice);
    if (amountDue === 0) return invoice;
    const intent: PaymentIntent = {
      id: newId('pi'),
      client_secret: '',
      amount: amountDue,
      currency: price.currency,
      status: 'requires_payment_method',
      last_payment_error: null,
      invoice: invoiceId,
      customer: sub.customer,
      payment_method: null,
      metadata: {},
      created: this.seconds(),
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.paymentIntents.set(intent.id, intent);
    invoice.payment_intent = intent.id;
    return invoice;
  }

  /** The payment of an invoice that has something to pay. */
  private intentOf(invoice: Invoice): PaymentIntent {
    if (!invoice.payment_intent) throw new Error(`${invoice.id} is $0: it has no payment`);
    return this.paymentIntent(invoice.payment_intent);
  }

  private customer = (id: string) => this.customers.get(id) ?? throwing(missing('customer', id));
  private product = (id: string) => this.products.get(id) ?? throwing(missing('product', id));
  private price = (id: string) => this.prices.get(id) ?? throwing(missing('price', id));
  private subscription = (id: string) => this.subscriptions.get(id) ?? throwing(missing('subscription', id));
  private invoice = (id: string) => this.invoices.get(id) ?? throwing(missing('invoice', id));
  private paymentIntent = (id: string) => this.paymentIntents.get(id) ?? throwing(missing('payment_intent', id));
  private coupon = (id: string) => this.coupons.get(id) ?? throwing(missing('coupon', id));
  private setupIntent = (id: string) => this.setupIntents.get(id) ?? throwing(missing('setup_intent', id));

  // ---- Stripe's shapes (API version of the pinned SDK: periods on items, invoices' parent) ----

  private renderCustomer(c: Customer): Json {
    return { id: c.id, object: 'customer', created: c.created, email: c.email, name: c.name, metadata: c.metadata, livemode: false, invoice_settings: { default_payment_method: c.defaultPaymentMethod } };
  }

  private renderCoupon(c: Coupon): Json {
    return { id: c.id, object: 'coupon', amount_off: c.amount_off, created: c.created, currency: c.currency, duration: c.duration, duration_in_months: null, livemode: false, max_redemptions: null, metadata: c.metadata, name: c.name, percent_off: c.percent_off, redeem_by: null, times_redeemed: [...this.subscriptions.values()].filter((s) => s.coupon === c.id).length, valid: true };
  }

  private renderProduct(p: Product): Json {
    return { id: p.id, object: 'product', active: p.active, created: p.created, name: p.name, metadata: p.metadata, livemode: false, type: 'service' };
  }

  private renderPrice(p: Price): Json {
    return {
      id: p.id,
      object: 'price',
      active: p.active,
      created: p.created,
      currency: p.currency,
      livemode: false,
      lookup_key: p.lookup_key,
      metadata: p.metadata,
      product: p.product,
      recurring: { interval: p.interval, interval_count: 1, usage_type: 'licensed', meter: null },
      type: 'recurring',
      unit_amount: p.unit_amount,
    };
  }

  private renderSubscription(s: Subscription): Json {
    return {
      id: s.id,
      object: 'subscription',
      cancel_at_period_end: s.cancel_at_period_end,
      canceled_at: s.canceled_at,
      collection_method: 'charge_automatically',
      created: s.created,
      currency: this.price(s.price).currency,
      customer: s.customer,
      default_payment_method: s.default_payment_method,
      // A spent `once` discount leaves the subscription.
      discounts: s.discountId && !s.couponSpent ? [s.discountId] : [],
      items: list(
        [{ id: s.itemId, object: 'subscription_item', created: s.created, current_period_start: s.period.start, current_period_end: s.period.end, metadata: {}, price: this.renderPrice(this.price(s.price)), quantity: 1, subscription: s.id }],
        `/v1/subscription_items?subscription=${s.id}`,
      ),
      latest_invoice: s.latest_invoice,
      livemode: false,
      metadata: s.metadata,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: s.save_default_payment_method },
      pending_setup_intent: s.pending_setup_intent,
      start_date: s.created,
      status: s.status,
      trial_end: s.trial_end,
      trial_start: s.trial_end === null ? null : s.created,
    };
  }

  private renderInvoice(i: Invoice): Json {
    const sub = this.subscription(i.subscription);
    return {
      id: i.id,
      object: 'invoice',
      amount_due: i.amount_due,
      amount_paid: i.status === 'paid' ? i.amount_due : 0,
      amount_remaining: i.status === 'paid' ? 0 : i.amount_due,
      attempt_count: i.attempt_count,
      attempted: i.attempt_count > 0,
      billing_reason: i.billing_reason,
      collection_method: 'charge_automatically',
      created: i.created,
      currency: i.currency,
      customer: i.customer,
      last_finalization_error: null,
      lines: list(
        [
          {
            id: i.lineId,
            object: 'line_item',
            amount: i.subtotal,
            currency: i.currency,
            description: i.subtotal === 0 && sub.trial_end !== null ? `Trial period for ${this.product(this.price(sub.price).product).name}` : `1 × ${this.product(this.price(sub.price).product).name} (at $${(i.subtotal / 100).toFixed(2)} / month)`,
            discount_amounts: i.discount_amount > 0 && sub.discountId ? [{ amount: i.discount_amount, discount: sub.discountId }] : [],
            period: { start: i.period.start, end: i.period.end },
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription: sub.id, subscription_item: sub.itemId, proration: false }, invoice_item_details: null },
            quantity: 1,
          },
        ],
        `/v1/invoices/${i.id}/lines`,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: i.next_payment_attempt,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      // A subscription invoice's own period is the one before its lines' (Stripe's quirk): read the lines.
      period_end: i.created,
      period_start: i.created,
      status: i.status,
      subtotal: i.subtotal,
      total: i.amount_due,
      total_discount_amounts: i.discount_amount > 0 && sub.discountId ? [{ amount: i.discount_amount, discount: sub.discountId }] : [],
    };
  }

  /** Only while there is something to pay: Stripe's confirmation secret of the invoice's payment. */
  private confirmationSecret(invoiceId: string): Json | null {
    const invoice = this.invoice(invoiceId);
    return invoice.status === 'open' && invoice.payment_intent ? { client_secret: this.paymentIntent(invoice.payment_intent).client_secret, type: 'payment_intent' } : null;
  }

  private renderById(id: string): Json {
    if (id.startsWith('in_')) return this.renderInvoice(this.invoice(id));
    if (id.startsWith('pi_')) {
      const pi = this.paymentIntent(id);
      return {
        id: pi.id,
        object: 'payment_intent',
        amount: pi.amount,
        client_secret: pi.client_secret,
        created: pi.created,
        currency: pi.currency,
        customer: pi.customer,
        last_payment_error: pi.last_payment_error,
        livemode: false,
        metadata: pi.metadata,
        payment_method: pi.payment_method,
        status: pi.status,
      };
    }
    if (id.startsWith('seti_')) {
      const si = this.setupIntent(id);
      return { id: si.id, object: 'setup_intent', client_secret: si.client_secret, created: si.created, customer: si.customer, livemode: false, payment_method: si.payment_method, status: si.status, usage: 'off_session' };
    }
    if (id.startsWith('sub_')) return this.renderSubscription(this.subscription(id));
    if (id.startsWith('cus_')) return this.renderCustomer(this.customer(id));
    if (id.startsWith('price_')) return this.renderPrice(this.price(id));
    return this.renderProduct(this.product(id));
  }

  /** Stripe's `expand[]`: ids along each dotted path become their objects; `confirmation_secret` is included only when asked for. */
  private expand(object: Json, paths: unknown): Json {
    const asked = Array.isArray(paths) ? paths.map(String) : [];
    return asked.reduce<Json>((o, path) => this.expandPath(o, path.split('.')) as Json, object);
  }

  private expandPath(value: unknown, path: string[]): unknown {
    const [head, ...rest] = path;
    if (head === undefined || !isRecord(value)) return value;
    if (value.object === 'list' && head === 'data' && Array.isArray(value.data)) return { ...value, data: value.data.map((item) => this.expandPath(item, rest)) };
    let child = value[head];
    if (typeof child === 'string') child = this.renderById(child);
    else if (child === undefined && value.object === 'invoice' && head === 'confirmation_secret') child = this.confirmationSecret(String(value.id));
    else if (child === undefined) throw new StripeHttpError(400, 'invalid_request_error', `This property cannot be expanded (${head}).`, undefined, 'expand');
    return { ...value, [head]: this.expandPath(child, rest) };
  }
}

function throwing(err: Error): never {
  throw err;
}
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
};
const unrecognized = (method: string, path: string) => new StripeHttpError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). This local Stripe implements only what Kāinga calls.`);
const errorBody = (e: StripeHttpError) => JSON.stringify({ error: { type: e.type, message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.param ? { param: e.param } : {}), ...e.extra } });
function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
  res.end(body);
}
