/**
 * Billing names and texts (spec 001 §2 Advertising and Billing tabs, §8) — zod-free, so the web
 * app's bundle reads the same values as the server.
 */

/** Plans are priced in New Zealand dollars (spec 001 §9); Stripe takes the smallest unit, cents. */
export const BILLING_CURRENCY = 'nzd';
export const toCents = (nzd: number) => Math.round(nzd * 100);

/** Every payment action's answer (503) while the server has no Stripe keys. */
export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Online payments are not configured on this server yet. An admin can allocate an advertising plan for you meanwhile.';
/** The checkout's refusal of a coupon code no coupon has (coupons.ts words the inactive, expired and used-up ones). */
export const COUPON_INVALID_MESSAGE = 'That coupon code is not valid.';

/** A failed payment's words when the card provider gave none. */
export const PAYMENT_FAILED_DEFAULT = 'The card payment did not go through.';

/** The partner dashboard's texts (spec 001 §8). */
export const CHECKOUT_SETUP_FAILED_TITLE = 'Setup Failed';
export const CHECKOUT_SETUP_FAILED_DEFAULT = 'Failed to create checkout session';
export const PAYMENT_FAILED_TITLE = 'Payment Failed';
/** An exception while the browser confirms the payment (Stripe.js threw rather than answering an error). */
export const PAYMENT_ERROR_TITLE = 'Error';
/** The success toast, shown once Stripe's webhook has made the subscription active (title, then description). */
export const SUBSCRIPTION_ACTIVATED_TITLE = 'Subscription Activated!';
export const SUBSCRIPTION_ACTIVATED_DESCRIPTION = 'Your advertising plan is now active.';
export const SUBSCRIPTION_ACTIVATED_MESSAGE = `${SUBSCRIPTION_ACTIVATED_TITLE} ${SUBSCRIPTION_ACTIVATED_DESCRIPTION}`;

/** A lead charge's failure when the partner has no saved card (spec 001 §2: the Billing tab shows it in place of a payment intent). */
export const NO_PAYMENT_METHOD = 'No payment method';
/** A lead charge's failure on a server without Stripe keys: recorded failed, never left pending. */
export const LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED = 'Online payments are not configured';

/**
 * Why a lead charge failed, as a code the partner's Billing tab turns into words and what to do:
 * no saved card, a server without Stripe keys, or the card refused (Stripe's words kept beside it
 * as the failure reason).
 */
export const leadChargeFailureCodes = ['no_payment_method', 'payments_not_configured', 'card_declined'] as const;
export type LeadChargeFailureCode = (typeof leadChargeFailureCodes)[number];

/**
 * The code of a failure from its recorded reason: the first two are Kāinga's own fixed words, any
 * other reason is the card provider's. Reads events recorded before failures carried a code.
 */
export function leadChargeFailureCodeOf(failureReason: string): LeadChargeFailureCode {
  if (failureReason === NO_PAYMENT_METHOD) return 'no_payment_method';
  if (failureReason === LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED) return 'payments_not_configured';
  return 'card_declined';
}

/**
 * How many days after a lead charge its partner may dispute it (the server's rule; the Billing tab
 * offers Dispute within it). A month covers the tab's "This Month" and the card statement showing
 * the charge, and ends while the lead is fresh enough to judge (well inside Stripe's refund time).
 */
export const LEAD_CHARGE_DISPUTE_DAYS = 30;
/** A dispute without its reason, and a charge kept without telling the partner why: the words of both refusals. */
export const DISPUTE_REASON_REQUIRED = 'Please say why this lead was not worth paying for.';
export const KEEP_NOTE_REQUIRED = 'Please tell the partner why the charge stands.';
