/**
 * Stripe.js, loaded only when a partner reaches the card form: it must come from
 * https://js.stripe.com (Stripe forbids bundling or hosting it), and no other screen should
 * wait for or run a third-party script. `@stripe/stripe-js/pure` inserts the script tag only when
 * loadStripe is first called (its default entry inserts it as a side effect of being imported).
 * The page's Content-Security-Policy allows Stripe's hosts (command-api security-headers.ts).
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loading = new Map<string, Promise<Stripe | null>>();

/** One Stripe object per publishable key for the page's life; a failed load is forgotten so Back and Continue try again. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loading.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      loading.delete(publishableKey);
      throw error;
    });
    loading.set(publishableKey, stripe);
  }
  return stripe;
}
