import { ALLOCATE_MISSING_MESSAGE, AdminAdSubscriptionView, AllocateAdPlanRequest, PartnerAdSubscriptionView, PartnerRoleQuery, UpdateAdSubscriptionRequest } from '@kainga/contracts';
import { invalid } from '@kainga/platform';
import { allSubscriptions, subscriptionsOfPartner } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { activePartner } from '../../partners/active-partner';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { allocateAdPlan } from './allocate-ad-plan';
import { changeSubscriptionStatus } from './change-subscription-status';
import { adminSubscriptionViews, partnerSubscriptionViews } from './subscription-views';

const SubscriptionIdParams = z.object({ id: z.string().min(1).max(100) });

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
/**
 * The admin form's one message for any of the three missing (spec 001 §8), alone, rather than
 * the schema's list of one issue per field; the schema still checks everything else.
 */
const allocateFieldsPresent = (request: { body: unknown }, _reply: unknown, done: (err?: Error) => void) => {
  const b = (request.body ?? {}) as Record<string, unknown>;
  done(typeof b === 'object' && filled(b.partnerId) && filled(b.adPlanId) && filled(b.locationId) ? undefined : invalid(ALLOCATE_MISSING_MESSAGE));
};

/**
 * Subscriptions (spec 001 §2, §3): admins allocate plans, list every subscription and change
 * its status; a partner lists its own for the active partner role (`?role=`, as the inbox).
 */
export default async function adSubscriptionRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  const ctxOf = (request: Parameters<typeof metadataOf>[0]) => ({ idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });

  r.post(
    '/api/admin/allocate-ad-plan',
    {
      preValidation: allocateFieldsPresent,
      preHandler: routeGuard('POST /api/admin/allocate-ad-plan'),
      schema: {
        tags: ['admin'],
        summary: 'Starts an active subscription of a partner to a plan in one of its locations (no payment)',
        body: AllocateAdPlanRequest,
        response: { 201: AdminAdSubscriptionView, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.status(201).send(await allocateAdPlan(deps, request.body, currentUser(request).id, ctxOf(request))),
  );

  r.get(
    '/api/admin/partner-ad-subscriptions',
    { preHandler: routeGuard('GET /api/admin/partner-ad-subscriptions'), schema: { tags: ['admin'], response: { 200: z.array(AdminAdSubscriptionView), ...errorResponses(401, 403) } } },
    async () => adminSubscriptionViews(store, await allSubscriptions(store)),
  );

  r.patch(
    '/api/admin/partner-ad-subscriptions/:id',
    {
      preHandler: routeGuard('PATCH /api/admin/partner-ad-subscriptions/:id'),
      schema: {
        tags: ['admin'],
        summary: 'Pause, activate or expire a subscription (expired is final)',
        params: SubscriptionIdParams,
        body: UpdateAdSubscriptionRequest,
        response: { 200: AdminAdSubscriptionView, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => changeSubscriptionStatus(deps, request.params.id, request.body.status, currentUser(request).id, ctxOf(request)),
  );

  r.get(
    '/api/partner-ad-subscriptions',
    {
      preHandler: routeGuard('GET /api/partner-ad-subscriptions'),
      schema: { tags: ['partner'], querystring: PartnerRoleQuery, response: { 200: z.array(PartnerAdSubscriptionView), ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const partner = await activePartner(store, currentUser(request), request.query.role);
      return partnerSubscriptionViews(store, await subscriptionsOfPartner(store, partner._id));
    },
  );
}
