import { describe, expect, it } from 'vitest';
import { billingRows, formatChargeAmount, shortLeadId, shortPaymentIntent } from './billing-history';

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
    const rows = billingRows([
      { id: 'a', leadId: '0f6c2a9e-1b2c', amount: 25, status: 'succeeded', createdAt: '2026-03-05T01:00:00.000Z', stripePaymentIntentId: 'pi_3Qx9AbCdEfGhIjKl' },
      { id: 'b', leadId: '9abcdef0-1234', amount: 15.5, status: 'failed', createdAt: '2026-03-04T01:00:00.000Z', failureReason: 'No payment method' },
    ]);
    expect(rows).toEqual([
      { key: 'a', date: '5 Mar 2026', leadId: '0f6c2a9e', amount: '$25.00', status: 'succeeded', statusLabel: 'Succeeded', paymentIntent: 'pi_3Qx9AbCdE', failureReason: null },
      { key: 'b', date: '4 Mar 2026', leadId: '9abcdef0', amount: '$15.50', status: 'failed', statusLabel: 'Failed', paymentIntent: 'No payment method', failureReason: 'No payment method' },
    ]);
  });
});
