import { describe, expect, it } from 'vitest';
import { allocationCost, paymentFacts } from './subscription-payment';

const date = (iso: string) => iso.slice(0, 10);
const paid = { via: 'checkout', status: 'active', currentPeriodEnd: '2026-12-25T00:00:00.000Z', cancelAtPeriodEnd: false, lastPaymentError: null, paymentDueSince: null, statusReason: null, adPlan: { pricePerLead: 25 } } as const;

describe('a subscription’s payment state in plain words', () => {
  it('says a checkout awaits its first payment, with the last decline if any', () => {
    expect(paymentFacts({ ...paid, status: 'incomplete', currentPeriodEnd: null }, date)).toEqual({ payment: 'Your advert shows once the first payment is confirmed', problem: null });
    expect(paymentFacts({ ...paid, status: 'incomplete', lastPaymentError: 'Your card was declined.' }, date).problem).toBe('Last payment failed: Your card was declined.');
  });
  it('says a payment just made is being confirmed, without the decline before it', () => {
    expect(paymentFacts({ ...paid, status: 'incomplete', lastPaymentError: 'Your card was declined.' }, date, true)).toEqual({ payment: 'Payment made — waiting for Stripe to confirm it', problem: null });
    // Once active, the period speaks.
    expect(paymentFacts(paid, date, true).payment).toBe('Paid; renews on 2026-12-25');
  });
  it('says when a paid subscription renews, or ends when cancelled at the period’s end', () => {
    expect(paymentFacts(paid, date)).toEqual({ payment: 'Paid; renews on 2026-12-25', problem: null });
    expect(paymentFacts({ ...paid, cancelAtPeriodEnd: true }, date).payment).toBe('Paid; ends on 2026-12-25 and will not renew');
    expect(paymentFacts({ ...paid, currentPeriodEnd: null }, date).payment).toBe('Paid');
  });
  it('shows a failed renewal in the card provider’s words', () => {
    expect(paymentFacts({ ...paid, lastPaymentError: 'Your card has insufficient funds.' }, date)).toEqual({ payment: 'Paid; renews on 2026-12-25', problem: 'Last payment failed: Your card has insufficient funds.' });
  });
  it('says what an allocation costs — no monthly fee, leads at the plan’s price — and adds nothing to an expired one', () => {
    expect(paymentFacts({ ...paid, via: 'admin', currentPeriodEnd: null }, date)).toEqual({
      payment: 'Allocated by an administrator: no monthly fee. Each lead you receive costs $25.00, charged to your saved card (see Billing).',
      problem: null,
    });
    expect(paymentFacts({ ...paid, via: 'admin', currentPeriodEnd: null, adPlan: { pricePerLead: 0 } }, date).payment).toBe(allocationCost(0));
    expect(allocationCost(0)).toBe('Allocated by an administrator: no monthly fee and no charge per lead — nothing to pay.');
    expect(paymentFacts({ ...paid, status: 'expired', lastPaymentError: 'x' }, date)).toEqual({ payment: null, problem: null });
  });
  it('says when an overdue renewal pauses the adverts and ends the subscription, and why billing paused or ended it', () => {
    const overdue = { ...paid, paymentDueSince: '2026-12-25T00:00:00.000Z', lastPaymentError: 'Your card was declined.' };
    expect(paymentFacts(overdue, date)).toEqual({
      payment: 'Renewal payment overdue: we are retrying your card. Adverts pause on 2027-01-01 and the subscription ends on 2027-01-15 unless it is paid.',
      problem: 'Last payment failed: Your card was declined.',
    });
    const reason = 'The renewal payment is overdue: adverts are paused until it is paid.';
    expect(paymentFacts({ ...overdue, status: 'paused', statusReason: reason }, date).payment).toBe(`${reason} Unless it is paid by 2027-01-15, the subscription ends then.`);
    expect(paymentFacts({ ...paid, status: 'expired', statusReason: 'The renewal payment was not made, so the subscription ended.' }, date).payment).toBe('The renewal payment was not made, so the subscription ended.');
  });
});
