import { describe, expect, it } from 'vitest';
import { StripeEventEnvelope } from './stripe-event-shapes';
import { noticeOf } from './stripe-notices';

const created = 1_767_225_600; // 2026-01-01T00:00:00Z
const event = (type: string, object: Record<string, unknown>) => StripeEventEnvelope.parse({ id: 'evt_1', object: 'event', type, created, data: { object } });

/** Well-formed objects of each kind Kāinga reads (as the pinned API version renders them). */
const invoice = () => ({
  id: 'in_1',
  object: 'invoice',
  parent: { subscription_details: { subscription: 'sub_1', metadata: { subscriptionId: 'our-sub' } } },
  billing_reason: 'subscription_cycle',
  amount_paid: 29_900,
  currency: 'nzd',
  attempt_count: 1,
  next_payment_attempt: null,
  period_start: created,
  period_end: created,
  lines: { object: 'list', data: [{ period: { start: created, end: 1_769_904_000 } }] },
});
const subscription = () => ({ id: 'sub_1', object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { subscriptionId: 'our-sub' }, items: { object: 'list', data: [{ current_period_start: created, current_period_end: 1_769_904_000 }] } });
const intent = () => ({ id: 'pi_1', object: 'payment_intent', metadata: { leadId: 'lead-1' }, last_payment_error: { message: 'Your card was declined.' } });

describe('noticeOf', () => {
  it('reads well-formed objects of every type it acts on', () => {
    expect(noticeOf(event('invoice.paid', invoice()))).toMatchObject({ kind: 'invoice_paid', subscriptionId: 'our-sub', amountPaid: 29_900, periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' });
    expect(noticeOf(event('invoice.payment_failed', invoice()))).toMatchObject({ kind: 'invoice_payment_failed', attemptCount: 1, nextAttemptAt: null });
    expect(noticeOf(event('customer.subscription.updated', subscription()))).toMatchObject({ kind: 'subscription_updated', status: 'active', currentPeriodEnd: '2026-02-01T00:00:00.000Z' });
    expect(noticeOf(event('payment_intent.payment_failed', intent()))).toMatchObject({ kind: 'lead_payment_failed', leadId: 'lead-1', failureMessage: 'Your card was declined.' });
  });

  it('falls back to the invoice’s own period when no line has one', () => {
    const lines = { ...invoice(), lines: { object: 'list', data: [{ period: null }] } };
    expect(noticeOf(event('invoice.paid', lines))).toMatchObject({ kind: 'invoice_paid', periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-01-01T00:00:00.000Z' });
  });

  it('ignores what is not about a subscription or a lead, and types it does not act on', () => {
    expect(noticeOf(event('invoice.paid', { ...invoice(), parent: null }))).toMatchObject({ kind: 'ignored' });
    expect(noticeOf(event('payment_intent.succeeded', { ...intent(), metadata: {} }))).toMatchObject({ kind: 'ignored' });
    expect(noticeOf(event('customer.created', {}))).toEqual({ kind: 'ignored', eventId: 'evt_1', eventType: 'customer.created', occurredAt: '2026-01-01T00:00:00.000Z' });
  });

  const drop = (key: string) => (o: Record<string, unknown>) => {
    delete o[key];
    return o;
  };
  it.each([
    ['invoice.paid', invoice, drop('period_end'), 'data.object.period_end: Invalid input: expected number, received undefined'],
    ['invoice.paid', invoice, (o: Record<string, unknown>) => ({ ...o, amount_paid: '29900' }), 'data.object.amount_paid: Invalid input: expected number, received string'],
    ['invoice.paid', invoice, (o: Record<string, unknown>) => ({ ...o, lines: { data: [{ period: { start: created, end: 1e15 } }] } }), 'data.object.lines.data.0.period.end: Too big: expected number to be <=253402300799'],
    ['invoice.paid', invoice, (o: Record<string, unknown>) => ({ ...o, parent: { subscription_details: { subscription: 42 } } }), 'data.object.parent.subscription_details.subscription:'],
    ['invoice.payment_failed', invoice, drop('attempt_count'), 'data.object.attempt_count: Invalid input: expected number, received undefined'],
    ['customer.subscription.updated', subscription, drop('status'), 'data.object.status: Invalid input: expected string, received undefined'],
    ['customer.subscription.deleted', subscription, (o: Record<string, unknown>) => ({ ...o, items: { data: [{ current_period_end: 'soon' }] } }), 'data.object.items.data.0.current_period_end: Invalid input: expected number, received string'],
    ['payment_intent.succeeded', intent, drop('id'), 'data.object.id: Invalid input: expected string, received undefined'],
  ])('answers %s whose object is malformed as unreadable, saying what is wrong (%#)', (type, make, edit, reason) => {
    const notice = noticeOf(event(type, edit(make())));
    expect(notice).toEqual({ kind: 'unreadable', eventId: 'evt_1', eventType: type, occurredAt: '2026-01-01T00:00:00.000Z', reason: expect.stringContaining(reason) });
  });

  it('names at most five problems, and how many more there are', () => {
    // No id, period_start, period_end, amount_paid or currency, and a billing_reason of the wrong type.
    const notice = noticeOf(event('invoice.paid', { billing_reason: 7 }));
    expect(notice.kind === 'unreadable' && notice.reason).toMatch(/^data\.object\.id: .*; and 1 more$/);
  });
});

describe('StripeEventEnvelope', () => {
  it('refuses what is not an event: no id, type, time or object', () => {
    expect(StripeEventEnvelope.safeParse({ type: 'invoice.paid', created, data: { object: {} } }).success).toBe(false);
    expect(StripeEventEnvelope.safeParse({ id: 'evt_1', type: 'invoice.paid', created: 'now', data: { object: {} } }).success).toBe(false);
    expect(StripeEventEnvelope.safeParse({ id: 'evt_1', type: 'invoice.paid', created, data: {} }).success).toBe(false);
  });
});
