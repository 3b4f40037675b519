/**
 * The Subscribe dialog's steps (spec 001 §4 "Subscribe flow"): choose a location, and Continue to
 * Payment is disabled without one; then the payment step, from which Back to Details returns.
 * Online payment comes with billing: until then the payment step says so, and that an admin can
 * allocate the plan, instead of showing a payment form.
 */
import type { Location, MyRoleEntry } from '@kainga/contracts';
import type { PartnerRoleName } from '@kainga/contracts/browser';

/**
 * The locations a partner may advertise in: those its active role serves (an advert shows in a
 * town the partner works in; allocation asks the same), "City, Region", alphabetical.
 */
export function subscribeLocationOptions(locations: readonly Location[], myRoles: readonly MyRoleEntry[], role: PartnerRoleName): { value: string; label: string }[] {
  const served = new Set(myRoles.filter((r) => r.roleId === role && r.status === 'active').map((r) => r.locationId));
  return locations
    .filter((l) => served.has(l.id))
    .sort((a, b) => a.cityName.localeCompare(b.cityName, 'en-NZ'))
    .map((l) => ({ value: l.id, label: `${l.cityName}, ${l.region}` }));
}

export type CheckoutStep = 'details' | 'payment';

export interface CheckoutState {
  step: CheckoutStep;
  locationId: string | null;
}

export type CheckoutAction = { type: 'choose-location'; locationId: string | null } | { type: 'continue' } | { type: 'back' } | { type: 'reset' };

export const initialCheckout: CheckoutState = { step: 'details', locationId: null };

export const canContinueToPayment = (state: CheckoutState) => state.step === 'details' && !!state.locationId;

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'choose-location':
      return state.step === 'details' ? { ...state, locationId: action.locationId || null } : state;
    case 'continue':
      return canContinueToPayment(state) ? { ...state, step: 'payment' } : state;
    case 'back':
      return { ...state, step: 'details' };
    case 'reset':
      return initialCheckout;
  }
}

export const PAYMENT_NOT_AVAILABLE_TITLE = 'Online payment is not available yet';
/** What the payment step says while there is no billing (the issue: "says plainly"). */
export function paymentNotAvailableText(planName: string, cityName: string): string {
  return (
    `Paying for ${planName} in ${cityName} online arrives with billing, which is not available yet, so nothing is charged here. ` +
    'Meanwhile an administrator can allocate this plan to you: once allocated, it appears under Current Subscriptions and you can create your advert.'
  );
}
