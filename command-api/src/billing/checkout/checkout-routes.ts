import { CheckoutSessionResponse, CreateCheckoutSessionRequest, PartnerRoleQuery } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { activePartner } from '../../partners/active-partner';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { paymentsOf } from '../payments-of';
import { createCheckout } from './create-checkout';

/**
 * POST /api/stripe/create-checkout-session {adPlanId, locationId, couponCode?} → {clientSecret,
 * subscriptionId}: the partner dashboard's Subscribe, for the active partner role (`?role=`).
 * Signed-in scope; the partner it acts as is the caller's own (activePartner), so no one buys
 * for another partner. Without Stripe keys it answers 503 with the not-configured message.
 */
export default async function checkoutRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const payments = paymentsOf(deps);

  r.post(
    '/api/stripe/create-checkout-session',
    {
      preHandler: routeGuard('POST /api/stripe/create-checkout-session'),
      schema: {
        tags: ['billing'],
        summary: 'Starts a paid subscription (incomplete until Stripe confirms the first payment) and answers the payment’s client secret',
        querystring: PartnerRoleQuery,
        body: CreateCheckoutSessionRequest,
        response: { 200: CheckoutSessionResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
      },
    },
    async (request) => {
      const partner = await activePartner(deps.stores.readStore, currentUser(request), request.query.role);
      return createCheckout(deps, payments, partner, request.body, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
    },
  );
}
