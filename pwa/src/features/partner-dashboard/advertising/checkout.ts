/**
 * The Subscribe dialog's steps (spec 001 §4 "Subscribe flow"): choose a location, and Continue to
 * Payment is disabled without one; then the payment step, from which Back to Details returns.
 *
 * The payment step is one of two things. Where the server takes card payments (GET
 * /api/stripe/config), Continue opens a checkout (POST /api/stripe/create-checkout-session) and
 * the step shows Stripe's Payment Element for its client secret. Where it does not (no Stripe
 * keys, the embedded default), the step says so plainly, and that an admin can allocate the
 * plan, instead of a form that could only fail.
 */
import type { Location, MyRoleEntry, StripeConfigResponse } from '@kainga/contracts';
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

/** What the payment step shows: Stripe's card form for an opened checkout, or why there is none. */
export type PaymentStep = { kind: 'not-configured' } | { kind: 'card'; publishableKey: string; clientSecret: string; subscriptionId: string };

export type CheckoutState = { step: 'details'; locationId: string | null } | { step: 'payment'; locationId: string; payment: PaymentStep };

export type CheckoutAction = { type: 'choose-location'; locationId: string | null } | { type: 'continue'; payment: PaymentStep } | { type: 'back' } | { type: 'reset' };

export const initialCheckout: CheckoutState = { step: 'details', locationId: null };

export const canContinueToPayment = (state: CheckoutState) => state.step === 'details' && !!state.locationId;

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'choose-location':
      return state.step === 'details' ? { ...state, locationId: action.locationId || null } : state;
    case 'continue':
      return state.step === 'details' && state.locationId ? { step: 'payment', locationId: state.locationId, payment: action.payment } : state;
    case 'back':
      // The opened checkout is dropped: Continue asks the server again, which answers the same
      // checkout for the same plan and town while it waits for payment (create-checkout.ts).
      return { step: 'details', locationId: state.locationId };
    case 'reset':
      return initialCheckout;
  }
}

/** The publishable key Stripe.js needs, or null where this server takes no card payments. */
export const publishableKeyOf = (config: StripeConfigResponse): string | null => (config.configured && config.publishableKey ? config.publishableKey : null);

/**
 * The Idempotency-Key of one checkout: the dialog's key and the town. A retried Continue (a lost
 * answer) gets the same subscription back; another town is another checkout, which the server
 * would refuse under the first town's key.
 */
export const checkoutIdempotencyKey = (dialogKey: string, locationId: string) => `${dialogKey}.${locationId}`;

export const PAYMENT_NOT_AVAILABLE_TITLE = 'Online payment is not available on this server';
/** What the payment step says where the server takes no card payments (the issue: "says plainly"). */
export function paymentNotAvailableText(planName: string, cityName: string): string {
  return (
    `This server is not set up to take card payments, so ${planName} in ${cityName} cannot be paid for online here and nothing is charged. ` +
    'An administrator can allocate this plan to you instead: once allocated, it appears under Current Subscriptions and you can create your advert.'
  );
}
