import { paymentsConfigured, type Config } from '../config/config';
import type { Payments } from './payments';
import { PaymentsNotConfigured } from './payments-not-configured';
import { StripePayments } from './stripe-payments';

export type PaymentsConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>;

/** Stripe when its keys are set (loadConfig refuses half a setup), else payments that say they are not configured. */
export function paymentsFor(config: PaymentsConfig, onProviderError?: (err: unknown) => void): Payments {
  if (!paymentsConfigured(config) || !config.STRIPE_PUBLISHABLE_KEY) return new PaymentsNotConfigured();
  return new StripePayments({
    secretKey: config.STRIPE_SECRET_KEY!,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    apiUrl: config.STRIPE_API_URL,
    onProviderError,
  });
}
