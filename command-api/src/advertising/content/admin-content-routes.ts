import { AdContentStatusSchema, AdContentView, RejectAdContentRequest } from '@kainga/contracts';
import { adContentsWithStatus } from '@kainga/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { onAdContent } from './content-commands';
import { toAdContentViews } from './content-views';

const AdContentIdParams = z.object({ id: z.string().min(1).max(100) });
const AdminAdContentQuery = z.object({ status: AdContentStatusSchema.default('pending_approval') });

/**
 * The admin's part in adverts (/admin Advertising Plan Management): the adverts in one status
 * (by default those awaiting approval, longest waiting first), approve, and reject with a reason.
 */
export default async function adminAdContentRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  const ctxOf = (request: FastifyRequest) => ({ idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });

  r.get(
    '/api/admin/ad-content',
    { preHandler: routeGuard('GET /api/admin/ad-content'), schema: { tags: ['admin', 'advertising'], querystring: AdminAdContentQuery, response: { 200: z.array(AdContentView), ...errorResponses(400, 401, 403) } } },
    async (request) => toAdContentViews(store, await adContentsWithStatus(store, request.query.status)),
  );

  r.post(
    '/api/admin/ad-content/:id/approve',
    { preHandler: routeGuard('POST /api/admin/ad-content/:id/approve'), schema: { tags: ['admin', 'advertising'], params: AdContentIdParams, response: { 200: AdContentView, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => {
      const ctx = ctxOf(request);
      const record = await onAdContent(deps, request.params.id, { type: 'ApproveAdContent', by: currentUser(request).id, at: ctx.metadata.occurredAt }, ctx);
      return (await toAdContentViews(store, [record]))[0]!;
    },
  );

  r.post(
    '/api/admin/ad-content/:id/reject',
    {
      preHandler: routeGuard('POST /api/admin/ad-content/:id/reject'),
      schema: { tags: ['admin', 'advertising'], params: AdContentIdParams, body: RejectAdContentRequest, response: { 200: AdContentView, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const record = await onAdContent(deps, request.params.id, { type: 'RejectAdContent', reason: request.body.reason, by: currentUser(request).id, at: ctx.metadata.occurredAt }, ctx);
      return (await toAdContentViews(store, [record]))[0]!;
    },
  );
}
