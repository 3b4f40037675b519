import { AdPlanRequest, AdPlanView, hasPermission } from '@kainga/contracts';
import { listAdPlans } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { createAdPlan, reviseAdPlan } from './ad-plan-commands';
import { toAdPlanView } from './ad-plan-view';

const PlanIdParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Advertising plans (spec 001 §2, §3). GET /api/ad-plans is public and answers the active plans,
 * gold first; an admin (admin:advertising) gets the inactive ones too, for the plan management
 * list — so it is registered where the session is read. Admins create and edit plans; switching
 * one off is an edit (`isActive: false`).
 */
export default async function adPlanRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.get('/api/ad-plans', { schema: { tags: ['advertising'], summary: 'Active plans; every plan for admins', response: { 200: z.array(AdPlanView) } } }, async (request) => {
    const includeInactive = !!request.user && hasPermission(request.user.roles, 'admin:advertising');
    return (await listAdPlans(store, { includeInactive })).map(toAdPlanView);
  });

  r.post(
    '/api/admin/ad-plans',
    {
      preHandler: routeGuard('POST /api/admin/ad-plans'),
      schema: { tags: ['admin'], summary: 'Creates the plan of a tier that has none', body: AdPlanRequest, response: { 201: AdPlanView, ...errorResponses(400, 401, 403, 409, 413, 415) } },
    },
    async (request, reply) =>
      reply.status(201).send(await createAdPlan(deps, request.body, currentUser(request).id, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) })),
  );

  r.put(
    '/api/admin/ad-plans/:id',
    {
      preHandler: routeGuard('PUT /api/admin/ad-plans/:id'),
      schema: { tags: ['admin'], summary: 'Edits a plan, or switches it on or off', params: PlanIdParams, body: AdPlanRequest, response: { 200: AdPlanView, ...errorResponses(400, 401, 403, 404, 409, 413, 415) } },
    },
    async (request) => reviseAdPlan(deps, request.params.id, request.body, currentUser(request).id, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) }),
  );
}
