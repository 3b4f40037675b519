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
import {
  COUPON_BUSY_MESSAGE,
  COUPON_EXPIRED_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_INVALID_MESSAGE,
  COUPON_NOT_YET_VALID_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  type PartnerRoleName,
} from '@kainga/contracts/browser';

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
 * The Idempotency-Key of one checkout: the dialog's key, the town and the coupon code (upper-cased,
 * as the server compares codes). A retried Continue (a lost answer) gets the same subscription
 * back; another town or code is another checkout, which the server would refuse under the first's key.
 */
export const checkoutIdempotencyKey = (dialogKey: string, locationId: string, couponCode = '') => {
  const code = couponCode.trim().toUpperCase();
  return code ? `${dialogKey}.${locationId}.${code}` : `${dialogKey}.${locationId}`;
};

/**
 * What the browser confirms: a payment (`pi_…_secret_…`, confirmPayment) or, when nothing is due
 * today (a coupon's free trial), the SetupIntent that saves the card (`seti_…_secret_…`,
 * confirmSetup). Stripe's client secrets begin with their object's id.
 */
export const checkoutConfirms = (clientSecret: string): 'payment' | 'setup' => (clientSecret.startsWith('seti_') ? 'setup' : 'payment');

/** The payment step's words: what is charged when, given the checkout and whether a coupon was applied. */
export function checkoutChargeText(monthlyPrice: string, cityName: string, confirms: 'payment' | 'setup', couponCode: string | null): string {
  const card = 'Your card details go straight to Stripe, our payment provider; Kāinga never sees them.';
  if (confirms === 'setup') return `Nothing is charged today: ${couponCode ? `coupon ${couponCode}` : 'your coupon'} starts your ${cityName} plan with a free period. Your card is saved for the ${monthlyPrice} monthly payments after it, until you cancel. ${card}`;
  if (couponCode) return `Coupon ${couponCode} takes its discount off your first payment, charged now; then ${monthlyPrice} for ${cityName} monthly until you cancel. ${card}`;
  return `${monthlyPrice} for ${cityName} is charged now and then monthly until you cancel. ${card}`;
}

export const PAYMENT_NOT_AVAILABLE_TITLE = 'Online payment is not available on this server';
/** What the payment step says where the server takes no card payments (the issue: "says plainly"). */
export function paymentNotAvailableText(planName: string, cityName: string): string {
  return (
    `This server is not set up to take card payments, so ${planName} in ${cityName} cannot be paid for online here and nothing is charged. ` +
    'An administrator can allocate this plan to you instead: ask them below, and once allocated it appears under Current Subscriptions and you can create your advert.'
  );
}

const couponRefusals: readonly string[] = [COUPON_INVALID_MESSAGE, COUPON_INACTIVE_MESSAGE, COUPON_NOT_YET_VALID_MESSAGE, COUPON_EXPIRED_MESSAGE, COUPON_USED_UP_MESSAGE, COUPON_BUSY_MESSAGE];
/** The server's words when it refused the coupon code (shown under the code), else null. */
export const couponRefusalOf = (message: string): string | null => (couponRefusals.includes(message) ? message : null);
