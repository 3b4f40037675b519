import type Stripe from 'stripe';
import type { PaymentNotice } from './payments';

/**
 * Reads a verified Stripe event as a PaymentNotice, in the shapes of the SDK's pinned API version
 * (2026-10-28.endive, after 2025-03-31.basil): an invoice names its subscription and that
 * subscription's metadata under `parent.subscription_details`, and a subscription's billing
 * period is on its items (`items.data[].current_period_start/end`), no longer on the subscription.
 *
 * Webhook payloads are rendered in the endpoint's API version (for `stripe listen`, the account's
 * default), not the SDK's, so the older places (`invoice.subscription`,
 * `invoice.subscription_details`, `subscription.current_period_*`) are read as a fallback.
 */

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const ourSubscriptionId = (metadata: Stripe.Metadata | null | undefined) => metadata?.subscriptionId || null;

/** The period a subscription invoice pays for: its subscription line's, else the invoice's own. */
export function invoicePeriod(invoice: Stripe.Invoice): { periodStart: string; periodEnd: string } {
  const line = invoice.lines?.data.find((l) => l.period) ?? null;
  return line ? { periodStart: iso(line.period.start), periodEnd: iso(line.period.end) } : { periodStart: iso(invoice.period_start), periodEnd: iso(invoice.period_end) };
}

/** Where API versions before 2025-03-31.basil kept what is read here. */
interface BeforeBasil {
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Stripe.Metadata | null } | null;
  current_period_start?: number;
  current_period_end?: number;
}

/** The subscription's current period: the latest of its items' (one item per Kāinga subscription). */
export function subscriptionPeriod(subscription: Stripe.Subscription): { currentPeriodStart: string | null; currentPeriodEnd: string | null } {
  const items = (subscription.items?.data ?? []).filter((i) => typeof i.current_period_end === 'number');
  if (items.length === 0) {
    const old = subscription as unknown as BeforeBasil;
    return old.current_period_start && old.current_period_end ? { currentPeriodStart: iso(old.current_period_start), currentPeriodEnd: iso(old.current_period_end) } : { currentPeriodStart: null, currentPeriodEnd: null };
  }
  const latest = items.reduce((a, b) => (b.current_period_end > a.current_period_end ? b : a));
  return { currentPeriodStart: iso(latest.current_period_start), currentPeriodEnd: iso(latest.current_period_end) };
}

function invoiceNotice(event: Stripe.Event, invoice: Stripe.Invoice, kind: 'invoice_paid' | 'invoice_payment_failed'): PaymentNotice {
  const base = { eventId: event.id, eventType: event.type, occurredAt: iso(event.created) };
  const details = invoice.parent?.subscription_details ?? null;
  const old = invoice as unknown as BeforeBasil;
  const providerSubscriptionId = idOf(details?.subscription) ?? idOf(old.subscription);
  // An invoice of no subscription (a one-off charge) is not about advertising plans.
  if (!providerSubscriptionId || !invoice.id) return { kind: 'ignored', ...base };
  const common = {
    ...base,
    providerSubscriptionId,
    subscriptionId: ourSubscriptionId(details?.metadata ?? old.subscription_details?.metadata),
    invoiceId: invoice.id,
    billingReason: invoice.billing_reason ?? 'unknown',
    ...invoicePeriod(invoice),
  };
  if (kind === 'invoice_paid') return { kind, ...common, amountPaid: invoice.amount_paid, currency: invoice.currency };
  return { kind, ...common, attemptCount: invoice.attempt_count, nextAttemptAt: invoice.next_payment_attempt ? iso(invoice.next_payment_attempt) : null };
}

function subscriptionNotice(event: Stripe.Event, subscription: Stripe.Subscription, kind: 'subscription_updated' | 'subscription_deleted'): PaymentNotice {
  return {
    kind,
    eventId: event.id,
    eventType: event.type,
    occurredAt: iso(event.created),
    providerSubscriptionId: subscription.id,
    subscriptionId: ourSubscriptionId(subscription.metadata),
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...subscriptionPeriod(subscription),
  };
}

/**
 * The events Kāinga acts on. Stripe sends both `invoice.paid` and `invoice.payment_succeeded` for
 * one payment; both are read, and the subscription records an invoice once whichever comes first.
 */
export function noticeOf(event: Stripe.Event): PaymentNotice {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoiceNotice(event, event.data.object, 'invoice_paid');
    case 'invoice.payment_failed':
      return invoiceNotice(event, event.data.object, 'invoice_payment_failed');
    case 'customer.subscription.updated':
      return subscriptionNotice(event, event.data.object, 'subscription_updated');
    case 'customer.subscription.deleted':
      return subscriptionNotice(event, event.data.object, 'subscription_deleted');
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const leadId = intent.metadata?.leadId;
      // PaymentIntents of invoices (subscriptions) are read through their invoice's events.
      if (!leadId) return { kind: 'ignored', eventId: event.id, eventType: event.type, occurredAt: iso(event.created) };
      const kind = event.type === 'payment_intent.succeeded' ? ('lead_payment_succeeded' as const) : ('lead_payment_failed' as const);
      return {
        kind,
        eventId: event.id,
        eventType: event.type,
        occurredAt: iso(event.created),
        paymentIntentId: intent.id,
        leadId,
        failureMessage: intent.last_payment_error?.message ?? null,
      };
    }
    default:
      return { kind: 'ignored', eventId: event.id, eventType: event.type, occurredAt: iso(event.created) };
  }
}
