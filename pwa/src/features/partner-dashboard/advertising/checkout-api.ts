/**
 * The checkout's calls (spec 001 §7): whether this server takes card payments (public, read at
 * run time so one build serves any configuration), and opening a checkout for the active role.
 */
import type { CheckoutSessionResponse, CreateCheckoutSessionRequest, PartnerRoleName, StripeConfigResponse } from '@kainga/contracts';
import { apiJson } from '../../../api/client';
import { withRole } from '../partner-api';

export const STRIPE_CONFIG_PATH = '/api/stripe/config';
export const CREATE_CHECKOUT_SESSION_PATH = '/api/stripe/create-checkout-session';

export const fetchStripeConfig = (signal?: AbortSignal) => apiJson<StripeConfigResponse>('GET', STRIPE_CONFIG_PATH, undefined, signal);

/**
 * POST …/create-checkout-session?role= {adPlanId, locationId, couponCode?} → {clientSecret,
 * subscriptionId}, with an Idempotency-Key (checkout.ts): the subscription id derives from it, so
 * a retry after a lost answer opens the same checkout instead of a second subscription.
 */
export const createCheckoutSession = (role: PartnerRoleName, body: Pick<CreateCheckoutSessionRequest, 'adPlanId' | 'locationId'> & { couponCode?: string }, idempotencyKey: string) =>
  apiJson<CheckoutSessionResponse>('POST', withRole(CREATE_CHECKOUT_SESSION_PATH, role), body, undefined, idempotencyKey);
