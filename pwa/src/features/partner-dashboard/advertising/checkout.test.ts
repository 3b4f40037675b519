import { describe, expect, it } from 'vitest';
import type { Location, MyRoleEntry } from '@kainga/contracts';
import { canContinueToPayment, subscribeLocationOptions, checkoutReducer, initialCheckout, paymentNotAvailableText } from './checkout';

describe('the Subscribe dialog steps', () => {
  it('does not continue to payment without a location', () => {
    expect(canContinueToPayment(initialCheckout)).toBe(false);
    expect(checkoutReducer(initialCheckout, { type: 'continue' })).toEqual(initialCheckout);
    expect(checkoutReducer(initialCheckout, { type: 'choose-location', locationId: '' }).locationId).toBeNull();
  });
  it('continues with a location, and Back to Details returns with the location kept', () => {
    const chosen = checkoutReducer(initialCheckout, { type: 'choose-location', locationId: 'wellington' });
    expect(canContinueToPayment(chosen)).toBe(true);
    const payment = checkoutReducer(chosen, { type: 'continue' });
    expect(payment).toEqual({ step: 'payment', locationId: 'wellington' });
    expect(canContinueToPayment(payment)).toBe(false);
    // The location cannot change behind the payment step.
    expect(checkoutReducer(payment, { type: 'choose-location', locationId: 'auckland' })).toBe(payment);
    expect(checkoutReducer(payment, { type: 'back' })).toEqual({ step: 'details', locationId: 'wellington' });
    expect(checkoutReducer(payment, { type: 'reset' })).toEqual(initialCheckout);
  });
  it('says plainly that online payment comes with billing and an admin can allocate the plan', () => {
    const text = paymentNotAvailableText('Gold Premium', 'Nelson');
    expect(text).toContain('Gold Premium in Nelson');
    expect(text).toContain('arrives with billing');
    expect(text).toContain('nothing is charged');
    expect(text).toContain('an administrator can allocate this plan');
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
