import { signedWebhook, STRIPE_WEBHOOK_PATH } from '@kainga/platform/testing';
import type { FastifyInstance } from 'fastify';

/**
 * Delivers Stripe's events to the app's webhook in order, each signed with the endpoint's secret
 * as Stripe (or `stripe listen`) would; throws unless every one is answered 200.
 */
export async function deliverStripeEvents(app: FastifyInstance, webhookSecret: string, events: readonly object[]): Promise<void> {
  for (const event of events) {
    const signed = signedWebhook(event, webhookSecret);
    const res = await app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: signed.payload, headers: signed.headers });
    if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode} ${res.body}`);
  }
}
