import Stripe from 'stripe';

/** The webhook route Stripe (and `stripe listen --forward-to`) posts to. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export interface SignedWebhook {
  /** The exact bytes signed: send them unchanged (re-serialising the JSON breaks the signature). */
  payload: string;
  headers: { 'content-type': 'application/json'; 'stripe-signature': string };
}

/**
 * A Stripe event as Stripe would deliver it: the JSON body and its `Stripe-Signature` header,
 * signed with the endpoint's secret by the SDK's own test helper. `timestamp` (seconds) makes a
 * stale delivery; `secret` another endpoint's (a forgery).
 */
export function signedWebhook(event: object, secret: string, timestamp?: number): SignedWebhook {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

/** Posts a signed event to a running server (browser tests); API tests send `signedWebhook`'s parts through `app.inject`. */
export async function postWebhook(baseUrl: string, event: object, secret: string): Promise<{ status: number; body: string }> {
  const { payload, headers } = signedWebhook(event, secret);
  const res = await fetch(new URL(STRIPE_WEBHOOK_PATH, baseUrl), { method: 'POST', headers, body: payload });
  return { status: res.status, body: await res.text() };
}
