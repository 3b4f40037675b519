import type { BillingHistoryEntry, LeadChargeDisputeView } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { billingRows, canDispute, chargeFailureOf, formatChargeAmount, shortLeadId, shortPaymentIntent } from './billing-history';

describe('the Billing tab’s formatting', () => {
  it('shows amounts in NZD (en-NZ) with cents', () => {
    expect(formatChargeAmount(25)).toBe('$25.00');
    expect(formatChargeAmount(15.5)).toBe('$15.50');
    expect(formatChargeAmount(1025.5)).toBe('$1,025.50');
  });

  it('shows the lead id’s first 8 characters and the payment intent’s first 12, or "No payment method"', () => {
    expect(shortLeadId('0f6c2a9e-1b2c-4d5e-8f90-123456789abc')).toBe('0f6c2a9e');
    expect(shortPaymentIntent({ stripePaymentIntentId: 'pi_3Qx9AbCdEfGhIjKl' })).toBe('pi_3Qx9AbCdE');
    expect(shortPaymentIntent({})).toBe('No payment method');
  });

  it('makes one row per charge, dates in en-NZ, statuses in words', () => {
    const rows = billingRows(
      [
        { id: 'a', leadId: '0f6c2a9e-1b2c', amount: 25, status: 'succeeded', createdAt: '2026-03-05T01:00:00.000Z', stripePaymentIntentId: 'pi_3Qx9AbCdEfGhIjKl' },
        { id: 'b', leadId: '9abcdef0-1234', amount: 15.5, status: 'failed', createdAt: '2026-03-04T01:00:00.000Z', failureReason: 'No payment method', failureCode: 'no_payment_method' },
      ],
      Date.parse('2026-03-06T00:00:00.000Z'),
    );
    expect(rows).toEqual([
      { key: 'a', leadIdFull: '0f6c2a9e-1b2c', date: '5 Mar 2026', leadId: '0f6c2a9e', amount: '$25.00', status: 'succeeded', statusLabel: 'Succeeded', paymentIntent: 'pi_3Qx9AbCdE', failure: null, dispute: null, disputable: true },
      {
        key: 'b',
        leadIdFull: '9abcdef0-1234',
        date: '4 Mar 2026',
        leadId: '9abcdef0',
        amount: '$15.50',
        status: 'failed',
        statusLabel: 'Failed',
        paymentIntent: 'No payment method',
        failure: chargeFailureOf({ status: 'failed', failureCode: 'no_payment_method' }),
        dispute: null,
        disputable: false,
      },
    ]);
  });

  it('says why each failed charge failed and what to do, from the server’s failure code', () => {
    expect(chargeFailureOf({ status: 'failed', failureCode: 'no_payment_method', failureReason: 'No payment method' })).toEqual({
      reason: 'No card is saved for lead charges.',
      whatToDo: 'This lead was not charged. A card is saved when you pay for a plan under Advertising; later leads are charged to it.',
    });
    expect(chargeFailureOf({ status: 'failed', failureCode: 'card_declined', failureReason: 'Your card has insufficient funds.' })?.reason).toBe('Your card has insufficient funds.');
    expect(chargeFailureOf({ status: 'failed', failureCode: 'card_declined', failureReason: 'Your card has insufficient funds.' })?.whatToDo).toMatch(/^This lead was not charged\. Ask your bank why/);
    expect(chargeFailureOf({ status: 'failed', failureCode: 'payments_not_configured', failureReason: 'Online payments are not configured' })?.whatToDo).toBe('This lead was not charged and nothing is owed: there is nothing to do.');
    // An answer without a code (an older server) is read from its reason.
    expect(chargeFailureOf({ status: 'failed', failureReason: 'No payment method' })?.reason).toBe('No card is saved for lead charges.');
    expect(chargeFailureOf({ status: 'succeeded' })).toBeNull();
  });

  it('offers Dispute for a paid charge not yet disputed, within 30 days of it', () => {
    const paid = { id: 'a', leadId: 'a', amount: 25, status: 'succeeded' as const, createdAt: '2026-03-01T00:00:00.000Z', stripePaymentIntentId: 'pi_1' };
    const day = 24 * 3600 * 1000;
    expect(canDispute(paid, Date.parse(paid.createdAt) + 30 * day)).toBe(true);
    expect(canDispute(paid, Date.parse(paid.createdAt) + 30 * day + 1)).toBe(false);
    expect(canDispute({ ...paid, status: 'pending' }, Date.parse(paid.createdAt))).toBe(false);
    expect(canDispute({ ...paid, dispute: { status: 'open', reason: 'Junk', disputedAt: paid.createdAt } }, Date.parse(paid.createdAt))).toBe(false);
  });

  it('says where a dispute stands, with the partner’s reason while open and the admin’s answer after', () => {
    const entry = (dispute: Pick<LeadChargeDisputeView, 'status'> & Partial<LeadChargeDisputeView>): BillingHistoryEntry => ({
      id: 'a',
      leadId: 'a',
      amount: 25,
      status: 'succeeded',
      createdAt: '2026-03-01T00:00:00.000Z',
      dispute: { reason: 'Junk', disputedAt: '2026-03-02T00:00:00.000Z', ...dispute },
    });
    const [open, kept, refunded] = billingRows([entry({ status: 'open' }), entry({ status: 'kept', note: 'A real client.' }), entry({ status: 'refunded', refundedAt: '2026-03-03T00:00:00.000Z' })]);
    expect(open!.dispute).toEqual({ status: 'open', label: 'Disputed', detail: 'An admin will look at it. Your reason: Junk' });
    expect(kept!.dispute).toEqual({ status: 'kept', label: 'Dispute declined', detail: 'The charge stands: A real client.' });
    expect(refunded!.dispute).toEqual({ status: 'refunded', label: 'Refunded', detail: 'Refunded to your card on 3 Mar 2026.' });
    expect(refunded!.disputable).toBe(false);
  });
});
