import type { z } from 'zod';
import type { PaymentNotice } from './payments';
import {
  shapeProblem,
  StripeFailedInvoice,
  StripePaidInvoice,
  StripePaymentIntent,
  StripeSubscription,
  type StripeEventEnvelope,
} from './stripe-event-shapes';

/**
 * Reads a verified Stripe event as a PaymentNotice, in the shapes of the SDK's pinned API version
 * (2026-10-28.endive, after 2025-03-31.basil): an invoice names its subscription and that
 * subscription's metadata under `parent.subscription_details`, and a subscription's billing
 * period is on its items (`items.data[].current_period_start/end`), no longer on the subscription.
 *
 * Webhook payloads are rendered in the endpoint's API version (for `stripe listen`, the account's
 * default), not the SDK's, so the older places (`invoice.subscription`,
 * `invoice.subscription_details`, `subscription.current_period_*`) are read as a fallback.
 *
 * Every object is checked against its schema (stripe-event-shapes.ts) before it is read: one that
 * lacks a field read here, or holds it in another shape, is an `unreadable` notice with the reason.
 */

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const ourSubscriptionId = (metadata: Record<string, string> | null | undefined) => metadata?.subscriptionId || null;

/** What an invoice says of its period, a webhook's (checked) or an SDK answer's. */
interface InvoicePeriodFields {
  period_start: number;
  period_end: number;
  lines?: { data: readonly { period?: { start: number; end: number } | null }[] } | null;
}

/** The period a subscription invoice pays for: its subscription line's, else the invoice's own. */
export function invoicePeriod(invoice: InvoicePeriodFields): { periodStart: string; periodEnd: string } {
  const period = invoice.lines?.data.find((l) => l.period)?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return { periodStart: iso(period.start), periodEnd: iso(period.end) };
}

/** What a subscription says of its period: on its items, or (before basil) on itself. */
interface SubscriptionPeriodFields {
  items?: { data: readonly { current_period_start?: number; current_period_end?: number }[] } | null;
  current_period_start?: number | null;
  current_period_end?: number | null;
}

/** The subscription's current period: the latest of its items' (one item per Kāinga subscription). */
export function subscriptionPeriod(subscription: SubscriptionPeriodFields): { currentPeriodStart: string | null; currentPeriodEnd: string | null } {
  const periods = (subscription.items?.data ?? []).flatMap((i) =>
    typeof i.current_period_start === 'number' && typeof i.current_period_end === 'number' ? [{ start: i.current_period_start, end: i.current_period_end }] : [],
  );
  if (periods.length === 0) {
    const { current_period_start: start, current_period_end: end } = subscription;
    return start && end ? { currentPeriodStart: iso(start), currentPeriodEnd: iso(end) } : { currentPeriodStart: null, currentPeriodEnd: null };
  }
  const latest = periods.reduce((a, b) => (b.end > a.end ? b : a));
  return { currentPeriodStart: iso(latest.start), currentPeriodEnd: iso(latest.end) };
}

type Base = { eventId: string; eventType: string; occurredAt: string };
const baseOf = (event: StripeEventEnvelope): Base => ({ eventId: event.id, eventType: event.type, occurredAt: iso(event.created) });

/** The invoice's subscription at Stripe and ours; null for an invoice of no subscription (a one-off charge), which is not about advertising plans. */
function invoiceSubscription(invoice: StripePaidInvoice | StripeFailedInvoice) {
  const details = invoice.parent?.subscription_details ?? null;
  const providerSubscriptionId = idOf(details?.subscription) ?? idOf(invoice.subscription);
  return providerSubscriptionId ? { providerSubscriptionId, subscriptionId: ourSubscriptionId(details?.metadata ?? invoice.subscription_details?.metadata) } : null;
}

function invoiceFacts(base: Base, invoice: StripePaidInvoice | StripeFailedInvoice) {
  const subscription = invoiceSubscription(invoice);
  return subscription ? { ...base, ...subscription, invoiceId: invoice.id, billingReason: invoice.billing_reason ?? 'unknown', ...invoicePeriod(invoice) } : null;
}

const paidInvoiceNotice = (base: Base, invoice: StripePaidInvoice): PaymentNotice => {
  const facts = invoiceFacts(base, invoice);
  return facts ? { kind: 'invoice_paid', ...facts, amountPaid: invoice.amount_paid, currency: invoice.currency } : { kind: 'ignored', ...base };
};

const failedInvoiceNotice = (base: Base, invoice: StripeFailedInvoice): PaymentNotice => {
  const facts = invoiceFacts(base, invoice);
  return facts
    ? { kind: 'invoice_payment_failed', ...facts, attemptCount: invoice.attempt_count, nextAttemptAt: invoice.next_payment_attempt ? iso(invoice.next_payment_attempt) : null }
    : { kind: 'ignored', ...base };
};

const subscriptionNotice =
  (kind: 'subscription_updated' | 'subscription_deleted') =>
  (base: Base, subscription: StripeSubscription): PaymentNotice => ({
    kind,
    ...base,
    providerSubscriptionId: subscription.id,
    subscriptionId: ourSubscriptionId(subscription.metadata),
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...subscriptionPeriod(subscription),
  });

const leadPaymentNotice =
  (kind: 'lead_payment_succeeded' | 'lead_payment_failed') =>
  (base: Base, intent: StripePaymentIntent): PaymentNotice => {
    const leadId = intent.metadata?.leadId;
    // PaymentIntents of invoices (subscriptions) are read through their invoice's events.
    if (!leadId) return { kind: 'ignored', ...base };
    return { kind, ...base, paymentIntentId: intent.id, leadId, failureMessage: intent.last_payment_error?.message ?? null };
  };

/** The event's object read with `schema`, then as `notice` says; `unreadable`, with what is wrong, when it does not fit. */
function readObject<T>(event: StripeEventEnvelope, schema: z.ZodType<T>, notice: (base: Base, object: T) => PaymentNotice): PaymentNotice {
  const base = baseOf(event);
  const object = schema.safeParse(event.data.object);
  return object.success ? notice(base, object.data) : { kind: 'unreadable', ...base, reason: shapeProblem(object.error, ['data', 'object']) };
}

/**
 * The events Kāinga acts on. Stripe sends both `invoice.paid` and `invoice.payment_succeeded` for
 * one payment; both are read, and the subscription records an invoice once whichever comes first.
 */
export function noticeOf(event: StripeEventEnvelope): PaymentNotice {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return readObject(event, StripePaidInvoice, paidInvoiceNotice);
    case 'invoice.payment_failed':
      return readObject(event, StripeFailedInvoice, failedInvoiceNotice);
    case 'customer.subscription.updated':
      return readObject(event, StripeSubscription, subscriptionNotice('subscription_updated'));
    case 'customer.subscription.deleted':
      return readObject(event, StripeSubscription, subscriptionNotice('subscription_deleted'));
    case 'payment_intent.succeeded':
      return readObject(event, StripePaymentIntent, leadPaymentNotice('lead_payment_succeeded'));
    case 'payment_intent.payment_failed':
      return readObject(event, StripePaymentIntent, leadPaymentNotice('lead_payment_failed'));
    default:
      return { kind: 'ignored', ...baseOf(event) };
  }
}
