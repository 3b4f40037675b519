import { StripeConfigResponse } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { paymentsOf } from './payments-of';

/**
 * GET /api/stripe/config (public, outside the session scope): whether this server takes payments
 * and the publishable key Stripe.js needs, read at run time so one build of the PWA serves any
 * configuration. The publishable key is public by design; the secret keys never leave the server.
 */
export default async function stripeConfigRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const payments = paymentsOf(deps);
  const answer: StripeConfigResponse = payments.configured && payments.publishableKey ? { configured: true, publishableKey: payments.publishableKey } : { configured: false };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/stripe/config',
    { schema: { tags: ['billing'], summary: 'Whether online payments work here, and Stripe’s publishable key', response: { 200: StripeConfigResponse } } },
    async () => answer,
  );
}
