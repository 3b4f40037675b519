import { AdminPartnerView, CreatePartnerRequest, CreatePartnerResponse, MyRoleEntry } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, requireUser, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { createPartner } from './create-partner';
import { allAdminPartnerViews, myRoles } from './partner-views';

export default async function partnerRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/my-roles', { preHandler: requireUser(), schema: { tags: ['partners'], response: { 200: z.array(MyRoleEntry), ...errorResponses(401) } } }, async (request) =>
    myRoles(deps.stores.readStore, currentUser(request)),
  );

  r.get('/api/admin/partners', { preHandler: routeGuard('GET /api/admin/partners'), schema: { tags: ['admin'], response: { 200: z.array(AdminPartnerView), ...errorResponses(401, 403) } } }, async () =>
    allAdminPartnerViews(deps.stores.readStore),
  );

  r.post(
    '/api/admin/create-partner',
    {
      preHandler: routeGuard('POST /api/admin/create-partner'),
      schema: {
        tags: ['admin'],
        summary: 'Adds a partner directly: to the account using the email, or to a new one invited to set its password',
        body: CreatePartnerRequest,
        response: { 201: CreatePartnerResponse, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPartner(deps, request.body, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) })),
  );
}
