/**
 * The checkout's calls (spec 001 §7): whether this server takes card payments (public, read at
 * run time so one build serves any configuration), and opening a checkout for the active role.
 */
import type { CheckoutSessionResponse, CreateCheckoutSessionRequest, PartnerRoleName, StripeConfigResponse } from '@kainga/contracts';
import { apiJson, throwIfNotOk } from '../../../api/client';
import { withRole } from '../partner-api';

export const STRIPE_CONFIG_PATH = '/api/stripe/config';
export const CREATE_CHECKOUT_SESSION_PATH = '/api/stripe/create-checkout-session';

export const fetchStripeConfig = (signal?: AbortSignal) => apiJson<StripeConfigResponse>('GET', STRIPE_CONFIG_PATH, undefined, signal);

/**
 * POST …/create-checkout-session?role= {adPlanId, locationId} → {clientSecret, subscriptionId},
 * with an Idempotency-Key (checkout.ts): the subscription id derives from it, so a retry after a
 * lost answer opens the same checkout instead of a second subscription.
 */
export async function createCheckoutSession(role: PartnerRoleName, body: Pick<CreateCheckoutSessionRequest, 'adPlanId' | 'locationId'>, idempotencyKey: string): Promise<CheckoutSessionResponse> {
  const res = await fetch(withRole(CREATE_CHECKOUT_SESSION_PATH, role), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return (await res.json()) as CheckoutSessionResponse;
}
