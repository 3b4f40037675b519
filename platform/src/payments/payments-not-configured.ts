import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@kainga/contracts';
import { CommandError } from '../command/errors';
import type { Payments } from './payments';

/** Thrown by every payment action while the server has no Stripe keys: the API answers it 503 with its message. */
export const paymentsNotConfigured = () => new CommandError('unavailable', PAYMENTS_NOT_CONFIGURED_MESSAGE);

/**
 * The embedded default: no Stripe keys, so no payment can be taken. Every action says so in words
 * a partner understands (503, not a 404 or a 500), and points at what still works: an admin's
 * allocation of a plan.
 */
export class PaymentsNotConfigured implements Payments {
  readonly configured = false;
  readonly publishableKey = null;
  ensureCustomer(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  ensurePlanPrice(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  ensureCoupon(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  createSubscription(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  checkoutOf(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  cancelAtPeriodEnd(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  cancelNow(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  readWebhook(): never {
    throw paymentsNotConfigured();
  }
  paymentFailureMessage(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  defaultPaymentMethodOf(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  chargeOffSession(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  retryInvoicePayment(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
  refundPayment(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }
}
