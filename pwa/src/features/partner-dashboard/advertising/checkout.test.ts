import { describe, expect, it } from 'vitest';
import type { Location, MyRoleEntry } from '@kainga/contracts';
import { COUPON_EXPIRED_MESSAGE, COUPON_INVALID_MESSAGE, COUPON_USED_UP_MESSAGE } from '@kainga/contracts/browser';
import {
  canContinueToPayment,
  checkoutChargeText,
  checkoutConfirms,
  checkoutIdempotencyKey,
  checkoutReducer,
  couponRefusalOf,
  initialCheckout,
  paymentNotAvailableText,
  publishableKeyOf,
  subscribeLocationOptions,
  type PaymentStep,
} from './checkout';

const card: PaymentStep = { kind: 'card', publishableKey: 'pk_test_x', clientSecret: 'pi_1_secret_2', subscriptionId: 'sub-1' };

describe('the Subscribe dialog steps', () => {
  it('does not continue to payment without a location', () => {
    expect(canContinueToPayment(initialCheckout)).toBe(false);
    expect(checkoutReducer(initialCheckout, { type: 'continue', payment: card })).toEqual(initialCheckout);
    expect(checkoutReducer(initialCheckout, { type: 'choose-location', locationId: '' }).locationId).toBeNull();
  });
  it('continues with a location to the opened checkout, and Back to Details returns with the location kept', () => {
    const chosen = checkoutReducer(initialCheckout, { type: 'choose-location', locationId: 'wellington' });
    expect(canContinueToPayment(chosen)).toBe(true);
    const payment = checkoutReducer(chosen, { type: 'continue', payment: card });
    expect(payment).toEqual({ step: 'payment', locationId: 'wellington', payment: card });
    expect(canContinueToPayment(payment)).toBe(false);
    // The location cannot change behind the payment step, nor a second checkout replace the first.
    expect(checkoutReducer(payment, { type: 'choose-location', locationId: 'auckland' })).toBe(payment);
    expect(checkoutReducer(payment, { type: 'continue', payment: { kind: 'not-configured' } })).toBe(payment);
    expect(checkoutReducer(payment, { type: 'back' })).toEqual({ step: 'details', locationId: 'wellington' });
    expect(checkoutReducer(payment, { type: 'reset' })).toEqual(initialCheckout);
  });
  it('shows the plain word instead of a card form where the server takes no card payments', () => {
    const chosen = checkoutReducer(initialCheckout, { type: 'choose-location', locationId: 'nelson' });
    expect(checkoutReducer(chosen, { type: 'continue', payment: { kind: 'not-configured' } })).toEqual({ step: 'payment', locationId: 'nelson', payment: { kind: 'not-configured' } });
  });
});

describe('the checkout’s configuration and keys', () => {
  it('has a card form only with a publishable key', () => {
    expect(publishableKeyOf({ configured: true, publishableKey: 'pk_test_1' })).toBe('pk_test_1');
    expect(publishableKeyOf({ configured: false })).toBeNull();
    expect(publishableKeyOf({ configured: true })).toBeNull();
  });
  it('keys a checkout by the dialog and the town, within the server’s Idempotency-Key alphabet', () => {
    const key = checkoutIdempotencyKey('1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'palmerston-north');
    expect(key).toBe('1b4e28ba-2fa1-11d2-883f-0016d3cca427.palmerston-north');
    expect(key).toMatch(/^[\w.:-]{8,128}$/);
    expect(checkoutIdempotencyKey('k', 'auckland')).not.toBe(checkoutIdempotencyKey('k', 'nelson'));
  });
  it('says plainly that this server takes no card payments and an admin can allocate the plan', () => {
    const text = paymentNotAvailableText('Gold Premium', 'Nelson');
    expect(text).toContain('Gold Premium in Nelson');
    expect(text).toContain('not set up to take card payments');
    expect(text).toContain('nothing is charged');
    expect(text).toContain('An administrator can allocate this plan');
  });
});

describe('the locations offered', () => {
  const loc = (id: string, cityName: string, region: string): Location => ({ id, cityName, region }) as Location;
  const entry = (roleId: MyRoleEntry['roleId'], locationId: string, status: MyRoleEntry['status'] = 'active') => ({ roleId, locationId, status }) as MyRoleEntry;
  it('are the towns the active role serves, alphabetical', () => {
    const locations = [loc('wellington', 'Wellington', 'Wellington'), loc('auckland', 'Auckland', 'Auckland'), loc('nelson', 'Nelson', 'Nelson'), loc('tauranga', 'Tauranga', 'Bay of Plenty')];
    const mine = [entry('mortgage_broker', 'wellington'), entry('mortgage_broker', 'auckland'), entry('property_manager', 'nelson'), entry('mortgage_broker', 'tauranga', 'inactive')];
    expect(subscribeLocationOptions(locations, mine, 'mortgage_broker')).toEqual([
      { value: 'auckland', label: 'Auckland, Auckland' },
      { value: 'wellington', label: 'Wellington, Wellington' },
    ]);
    expect(subscribeLocationOptions(locations, mine, 'registered_valuer')).toEqual([]);
  });
});

describe('a checkout with a coupon code', () => {
  it('is another checkout for another code (any case is the same code), and the same one without a code as before', () => {
    expect(checkoutIdempotencyKey('k', 'auckland', '')).toBe(checkoutIdempotencyKey('k', 'auckland'));
    expect(checkoutIdempotencyKey('k', 'auckland', ' launch20 ')).toBe(checkoutIdempotencyKey('k', 'auckland', 'LAUNCH20'));
    expect(checkoutIdempotencyKey('k', 'auckland', 'LAUNCH20')).not.toBe(checkoutIdempotencyKey('k', 'auckland'));
    expect(checkoutIdempotencyKey('k', 'auckland', 'LAUNCH20')).toMatch(/^[\w.:-]{8,128}$/);
  });
  it('confirms a payment, or a free period’s SetupIntent with confirmSetup', () => {
    expect(checkoutConfirms('pi_1_secret_2')).toBe('payment');
    expect(checkoutConfirms('seti_1_secret_2')).toBe('setup');
  });
  it('shows the server’s refusal of a code under the code, and no other error there', () => {
    for (const m of [COUPON_INVALID_MESSAGE, COUPON_EXPIRED_MESSAGE, COUPON_USED_UP_MESSAGE]) expect(couponRefusalOf(m)).toBe(m);
    expect(couponRefusalOf('You already have a Gold subscription in Auckland.')).toBeNull();
  });
  it('says what is charged when', () => {
    expect(checkoutChargeText('$299', 'Auckland', 'payment', null)).toMatch(/^\$299 for Auckland is charged now and then monthly/);
    expect(checkoutChargeText('$299', 'Auckland', 'payment', 'LAUNCH20')).toMatch(/^Coupon LAUNCH20 takes its discount off your first payment, charged now; then \$299 for Auckland monthly/);
    expect(checkoutChargeText('$299', 'Auckland', 'setup', 'TRIAL14')).toMatch(/^Nothing is charged today: coupon TRIAL14 starts your Auckland plan with a free period/);
  });
});
