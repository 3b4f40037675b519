import { describe, expect, it } from 'vitest';
import { UpdateAdSubscriptionRequest } from '@kainga/contracts';
import { autoRenewLabel, paymentStateOf, sortSubscriptions, subscriberName, subscriptionActions, subscriptionUrl } from './subscriptions';

describe('subscription actions', () => {
  it('offers Pause when active, Activate when paused, Expire always', () => {
    expect(subscriptionActions('active').map((a) => a.label)).toEqual(['Pause', 'Expire']);
    expect(subscriptionActions('paused').map((a) => a.label)).toEqual(['Activate', 'Expire']);
    expect(subscriptionActions('expired').map((a) => a.label)).toEqual(['Expire']);
  });

  it('sends the status each button names, a body the contract accepts', () => {
    const bodies = [...subscriptionActions('active'), ...subscriptionActions('paused')].map((a) => [a.label, a.body.status]);
    expect(bodies).toEqual([
      ['Pause', 'paused'],
      ['Expire', 'expired'],
      ['Activate', 'active'],
      ['Expire', 'expired'],
    ]);
    for (const a of subscriptionActions('active')) expect(UpdateAdSubscriptionRequest.safeParse(a.body).success).toBe(true);
  });

  it('asks before expiring, and has nothing to do on an expired subscription', () => {
    expect(subscriptionActions('active').find((a) => a.label === 'Expire')).toMatchObject({ confirm: true, disabled: false });
    expect(subscriptionActions('expired')[0]).toMatchObject({ confirm: true, disabled: true });
    expect(subscriptionActions('active')[0]?.confirm).toBe(false);
  });
});

describe('subscription list', () => {
  it('shows live subscriptions first, newest first', () => {
    const list = sortSubscriptions([
      { id: 'e', status: 'expired' as const, startDate: '2026-03-01' },
      { id: 'a1', status: 'active' as const, startDate: '2026-01-01' },
      { id: 'p', status: 'paused' as const, startDate: '2026-04-01' },
      { id: 'a2', status: 'active' as const, startDate: '2026-02-01' },
    ]);
    expect(list.map((s) => s.id)).toEqual(['a2', 'a1', 'p', 'e']);
  });

  it('labels', () => {
    expect(autoRenewLabel(true)).toBe('Yes');
    expect(autoRenewLabel(false)).toBe('No');
    expect(subscriberName({ partner: { id: 'p', firstName: 'Aroha', lastName: 'Ngata', email: 'a@x.nz', businessName: 'Harbour Loans', roleId: 'mortgage_broker' } })).toBe(
      'Aroha Ngata (Harbour Loans)',
    );
    expect(subscriptionUrl('a/b')).toBe('/api/admin/partner-ad-subscriptions/a%2Fb');
  });
});

describe('payment state for the admin', () => {
  const date = (iso: string) => iso.slice(0, 10);
  const paid = {
    via: 'checkout',
    stripeSubscriptionStatus: 'active',
    currentPeriodEnd: '2026-12-25T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    paymentDueSince: null,
    paymentRetries: 0,
    statusReason: null,
    lastPaymentError: null,
  } as const;
  it('says what Stripe says and when the period ends', () => {
    expect(paymentStateOf(paid, date)).toBe('Stripe: active · renews 2026-12-25');
    expect(paymentStateOf({ ...paid, cancelAtPeriodEnd: true }, date)).toBe('Stripe: active · ends 2026-12-25');
    expect(paymentStateOf({ ...paid, stripeSubscriptionStatus: null, currentPeriodEnd: null }, date)).toBe('Stripe: incomplete');
    expect(paymentStateOf({ ...paid, via: 'admin' }, date)).toBe('Allocated — no payment');
  });
  it('shows dunning: overdue since when, the retries, the reason and the card’s words', () => {
    const overdue = { ...paid, stripeSubscriptionStatus: 'past_due', paymentDueSince: '2026-12-25T00:00:00.000Z', paymentRetries: 1, lastPaymentError: 'Your card was declined.' };
    expect(paymentStateOf(overdue, date)).toBe('Stripe: past_due · renews 2026-12-25 · overdue since 2026-12-25, 1 retry · last failure: Your card was declined.');
    expect(paymentStateOf({ ...overdue, paymentRetries: 3, statusReason: 'Paused for non-payment.' }, date)).toContain('3 retries · Paused for non-payment.');
  });
});
