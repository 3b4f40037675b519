import { paymentsFor, type Payments } from '@kainga/platform';
import type { AppDeps } from '../deps';

const chosen = new WeakMap<AppDeps['config'], Payments>();

/**
 * The Payments port of this app: the one given (tests, ops), else Stripe when its keys are set,
 * else "not configured" (every payment action answers 503). One per configuration, so the plan
 * prices it has ensured are remembered across routes.
 */
export function paymentsOf(deps: Pick<AppDeps, 'config' | 'payments' | 'logger'>): Payments {
  if (deps.payments) return deps.payments;
  let payments = chosen.get(deps.config);
  if (!payments) chosen.set(deps.config, (payments = paymentsFor(deps.config, (err) => deps.logger.warn({ err }, 'the payment provider refused or could not be reached'))));
  return payments;
}
