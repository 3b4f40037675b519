import { describe, expect, it } from 'vitest';
import type { Location, MyRoleEntry } from '@kainga/contracts';
import { canContinueToPayment, checkoutIdempotencyKey, checkoutReducer, initialCheckout, paymentNotAvailableText, publishableKeyOf, subscribeLocationOptions, type PaymentStep } from './checkout';

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
