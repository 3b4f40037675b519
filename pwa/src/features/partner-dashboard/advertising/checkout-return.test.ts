import { describe, expect, it } from 'vitest';
import type { PartnerAdSubscriptionView } from '@kainga/contracts';
import { PAYMENT_FAILED_DEFAULT } from '@kainga/contracts/browser';
import {
  CHECKOUT_ENDED_MESSAGE,
  CONFIRM_POLL_LIMIT_MS,
  CONFIRM_POLL_MS,
  checkoutOutcome,
  checkoutReturnUrl,
  confirmationIsSlow,
  confirmationPollInterval,
  justPaidSubscriptionId,
  readCheckoutReturn,
  withoutCheckoutReturn,
} from './checkout-return';

const subscription = (over: Partial<PartnerAdSubscriptionView>) => ({ id: 'sub-1', status: 'incomplete', lastPaymentError: null, ...over }) as PartnerAdSubscriptionView;

describe('the return address', () => {
  it('is the Advertising tab of the dashboard, absolute, with our subscription id', () => {
    expect(checkoutReturnUrl('https://kainga.nz', 'abc 1')).toBe('https://kainga.nz/partner-dashboard?tab=advertising&subscription_id=abc+1');
    expect(checkoutReturnUrl('http://127.0.0.1:4100', 'sub-1')).toBe('http://127.0.0.1:4100/partner-dashboard?tab=advertising&subscription_id=sub-1');
  });
  it('is read back with Stripe’s redirect status, and nothing without a subscription id', () => {
    const back = new URLSearchParams('tab=advertising&subscription_id=sub-1&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded');
    expect(readCheckoutReturn(back)).toEqual({ subscriptionId: 'sub-1', redirectStatus: 'succeeded' });
    expect(readCheckoutReturn(new URLSearchParams('subscription_id=sub-1'))).toEqual({ subscriptionId: 'sub-1', redirectStatus: null });
    expect(readCheckoutReturn(new URLSearchParams('tab=advertising'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('subscription_id=%20'))).toBeNull();
  });
  it('names the subscription just paid only when Stripe.js said the payment succeeded', () => {
    expect(justPaidSubscriptionId({ subscriptionId: 'sub-1', redirectStatus: 'succeeded' })).toBe('sub-1');
    expect(justPaidSubscriptionId({ subscriptionId: 'sub-1', redirectStatus: 'failed' })).toBeNull();
    expect(justPaidSubscriptionId({ subscriptionId: 'sub-1', redirectStatus: null })).toBeNull();
    expect(justPaidSubscriptionId(null)).toBeNull();
  });
  it('loses our id and Stripe’s parameters (its client secret included) once dealt with, and keeps the tab', () => {
    const back = new URLSearchParams('tab=advertising&subscription_id=sub-1&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded');
    expect(withoutCheckoutReturn(back).toString()).toBe('tab=advertising');
    expect(back.get('subscription_id')).toBe('sub-1');
  });
});

describe('what the returned subscription says', () => {
  const succeeded = { subscriptionId: 'sub-1', redirectStatus: 'succeeded' };
  it('waits for the subscriptions, and for Stripe’s webhook while the subscription awaits payment', () => {
    expect(checkoutOutcome(succeeded, undefined)).toEqual({ kind: 'loading' });
    expect(checkoutOutcome(succeeded, [subscription({})])).toEqual({ kind: 'confirming' });
  });
  it('is activated only once the server says active', () => {
    expect(checkoutOutcome(succeeded, [subscription({ status: 'active' })])).toEqual({ kind: 'activated' });
  });
  it('ignores a card declined earlier in the same checkout when Stripe.js reports this payment succeeded', () => {
    expect(checkoutOutcome(succeeded, [subscription({ lastPaymentError: 'Your card was declined.' })])).toEqual({ kind: 'confirming' });
  });
  it('shows the failure Stripe reported, with its words, else the default', () => {
    const byHand = { subscriptionId: 'sub-1', redirectStatus: null };
    expect(checkoutOutcome(byHand, [subscription({ lastPaymentError: 'Your card has insufficient funds.' })])).toEqual({ kind: 'failed', message: 'Your card has insufficient funds.' });
    expect(checkoutOutcome({ subscriptionId: 'sub-1', redirectStatus: 'failed' }, [subscription({})])).toEqual({ kind: 'failed', message: PAYMENT_FAILED_DEFAULT });
    expect(checkoutOutcome(succeeded, [subscription({ status: 'expired' })])).toEqual({ kind: 'failed', message: CHECKOUT_ENDED_MESSAGE });
  });
  it('says nothing of a subscription that is not this role’s, or already past activation', () => {
    expect(checkoutOutcome(succeeded, [subscription({ id: 'other' })])).toEqual({ kind: 'gone' });
    expect(checkoutOutcome(succeeded, [subscription({ status: 'paused' })])).toEqual({ kind: 'gone' });
  });
});

describe('polling while confirming', () => {
  it('asks every 2 s while confirming, up to the limit, and not otherwise', () => {
    expect(confirmationPollInterval({ kind: 'confirming' }, 0)).toBe(CONFIRM_POLL_MS);
    expect(confirmationPollInterval({ kind: 'confirming' }, CONFIRM_POLL_LIMIT_MS - 1)).toBe(CONFIRM_POLL_MS);
    expect(confirmationPollInterval({ kind: 'confirming' }, CONFIRM_POLL_LIMIT_MS)).toBe(false);
    for (const kind of ['loading', 'activated', 'gone'] as const) expect(confirmationPollInterval({ kind }, 0)).toBe(false);
    expect(confirmationPollInterval({ kind: 'failed', message: 'x' }, 0)).toBe(false);
    expect(confirmationIsSlow(CONFIRM_POLL_LIMIT_MS - 1)).toBe(false);
    expect(confirmationIsSlow(CONFIRM_POLL_LIMIT_MS)).toBe(true);
  });
});
