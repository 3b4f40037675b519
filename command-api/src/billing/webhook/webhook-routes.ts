import { StripeWebhookResponse } from '@kainga/contracts';
import { CommandError, stripeWebhooks } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../plugins/schemas';
import { paymentsOf } from '../payments-of';
import { recordPaymentNotice } from './record-payment-notice';

/** Stripe's events are small; an invoice with many lines stays well under this. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's (or `stripe listen --forward-to`'s) events.
 *
 * - The signature is computed over the exact bytes sent, so this plugin is encapsulated (not
 *   fastify-plugin) and parses its bodies as a raw Buffer; JSON parsing elsewhere is unchanged.
 * - Public and outside both session scopes: Stripe sends no cookie and no Origin (the cross-site
 *   check lets a request without Origin, Referer or Sec-Fetch-Site through); the signature is
 *   its only credential. A missing or forged one answers 400 and records nothing.
 * - Known events are recorded (record-payment-notice.ts); unknown types and subscriptions that are
 *   not ours answer 200, so Stripe does not retry them for days. So does a known event whose
 *   object lacks what Kāinga reads: it is recorded as StripeWebhookRejected with the reason and
 *   logged as an error, since no retry would mend it. Without Stripe keys: 503.
 */
export default async function stripeWebhookRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const payments = paymentsOf(deps);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['billing'],
        summary: 'Stripe’s webhook: signed events about subscriptions and their payments',
        response: { 200: StripeWebhookResponse, ...errorResponses(400, 413, 503) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let outcome;
      let notice;
      try {
        notice = payments.readWebhook(raw, typeof signature === 'string' ? signature : undefined);
        outcome = await recordPaymentNotice(deps, payments, notice, request.id);
      } catch (error) {
        // Refused (400: a bad signature or body, which Stripe does not send) or failed (Stripe retries).
        stripeWebhooks.inc({ outcome: error instanceof CommandError && error.kind === 'invalid' ? 'refused' : 'failed' });
        throw error;
      }
      stripeWebhooks.inc({ outcome: outcome.replaceAll(' ', '_') });
      request.log.debug({ stripeEventId: notice.eventId, stripeEventType: notice.eventType, outcome }, 'stripe webhook');
      return { received: true as const };
    },
  );
}
