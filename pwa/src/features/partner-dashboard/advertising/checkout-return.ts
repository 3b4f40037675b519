/**
 * Back from the card payment (spec 001 §7: "a return address to the partner dashboard carrying
 * the subscription id"). Stripe.js confirms the payment in the browser and then sends the partner
 * to the return address, adding `payment_intent`, `payment_intent_client_secret` and
 * `redirect_status`. That the browser came back says nothing for sure: the subscription is only
 * paid once Stripe's signed webhook says so and the server makes it `active`. So the dashboard
 * asks the server until then, says it is confirming meanwhile, and shows 'Subscription
 * Activated!' only when the server does.
 */
import type { PartnerAdSubscriptionView } from '@kainga/contracts';
import { PAYMENT_FAILED_DEFAULT } from '@kainga/contracts/browser';

export const SUBSCRIPTION_ID_PARAM = 'subscription_id';
/** What Stripe.js adds to the return address (its client secret does not stay in the address bar or history). */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status', 'setup_intent', 'setup_intent_client_secret'] as const;

/** How often the dashboard asks while a returned payment is being confirmed, and for how long. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLL_LIMIT_MS = 3 * 60 * 1000;

export const CHECKOUT_ENDED_MESSAGE = 'This checkout ended before the payment was confirmed. Choose the plan again to subscribe.';

/** The absolute address Stripe.js returns to (Stripe requires an absolute URL): the Advertising tab, with our subscription id. */
export function checkoutReturnUrl(origin: string, subscriptionId: string): string {
  const url = new URL('/partner-dashboard', origin);
  url.searchParams.set('tab', 'advertising');
  url.searchParams.set(SUBSCRIPTION_ID_PARAM, subscriptionId);
  return url.toString();
}

export interface CheckoutReturn {
  subscriptionId: string;
  /** Stripe's word on the payment it confirmed: succeeded, processing, failed (redirect payment methods), or null (opened by hand). */
  redirectStatus: string | null;
}

export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn | null {
  const subscriptionId = params.get(SUBSCRIPTION_ID_PARAM)?.trim();
  return subscriptionId ? { subscriptionId, redirectStatus: params.get('redirect_status') } : null;
}

/** The address once the return is dealt with: the tab stays, our id and Stripe's parameters go. */
export function withoutCheckoutReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [SUBSCRIPTION_ID_PARAM, ...STRIPE_RETURN_PARAMS]) next.delete(name);
  return next;
}

/** The subscription whose payment Stripe.js just reported as succeeded (the server may not know yet), if any. */
export const justPaidSubscriptionId = (returned: CheckoutReturn | null): string | null => (returned?.redirectStatus === 'succeeded' ? returned.subscriptionId : null);

export type CheckoutOutcome =
  /** The subscriptions have not arrived yet. */
  | { kind: 'loading' }
  /** Awaiting Stripe's webhook: ask again. */
  | { kind: 'confirming' }
  | { kind: 'activated' }
  | { kind: 'failed'; message: string }
  /** Not one of this role's subscriptions, or already past activation (paused by an admin): nothing to say. */
  | { kind: 'gone' };

/**
 * What the returned subscription's state says. A card declined earlier in the same checkout
 * stays as `lastPaymentError` until a payment succeeds; when Stripe.js reports that the payment
 * it just confirmed succeeded, that older error is not news, so the dashboard waits for the
 * webhook rather than crying failure. Otherwise a payment error the server recorded is shown.
 */
export function checkoutOutcome(returned: CheckoutReturn, subscriptions: readonly PartnerAdSubscriptionView[] | undefined): CheckoutOutcome {
  if (!subscriptions) return { kind: 'loading' };
  const s = subscriptions.find((x) => x.id === returned.subscriptionId);
  if (!s) return { kind: 'gone' };
  switch (s.status) {
    case 'active':
      return { kind: 'activated' };
    case 'paused':
      return { kind: 'gone' };
    case 'expired':
      return { kind: 'failed', message: s.lastPaymentError ?? CHECKOUT_ENDED_MESSAGE };
    case 'incomplete':
      if (returned.redirectStatus === 'failed') return { kind: 'failed', message: s.lastPaymentError ?? PAYMENT_FAILED_DEFAULT };
      if (returned.redirectStatus !== 'succeeded' && s.lastPaymentError) return { kind: 'failed', message: s.lastPaymentError };
      return { kind: 'confirming' };
  }
}

/**
 * TanStack Query's refetchInterval for the subscriptions while a returned payment is confirmed:
 * every CONFIRM_POLL_MS, for at most CONFIRM_POLL_LIMIT_MS (a webhook that never comes — Stripe
 * not yet able to reach this server — must not keep a phone asking forever).
 */
export const confirmationPollInterval = (outcome: CheckoutOutcome, elapsedMs: number): number | false =>
  outcome.kind === 'confirming' && elapsedMs < CONFIRM_POLL_LIMIT_MS ? CONFIRM_POLL_MS : false;

/** Past the polling limit the page stops asking and says the subscription shows as Active once confirmed. */
export const confirmationIsSlow = (elapsedMs: number) => elapsedMs >= CONFIRM_POLL_LIMIT_MS;
