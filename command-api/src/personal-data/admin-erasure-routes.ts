import { AdminErasureRequest, AdminVisitorErasureRequest, UserIdParams } from '@kainga/contracts';
import { z } from 'zod';
import { CommandError } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { erasePerson } from './erase-person';
import { eraseVisitor } from './erase-visitor';

export const ERASE_SELF_REFUSED = 'To delete your own account, use “Delete my account” on your profile.';

/**
 * POST /api/admin/users/:userId/erase (issue 50): an admin erases a person on their request, with
 * the reason recorded; POST /api/admin/visitors/erase the same for someone without an account who
 * wrote to partners signed out, named by the email address they wrote from.
 */
export default async function adminErasureRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/users/:userId/erase',
    {
      preHandler: routeGuard('POST /api/admin/users/:userId/erase'),
      schema: {
        tags: ['admin'],
        description: 'Erases a person’s personal information everywhere Kāinga keeps it, on their request; `reason` (3–500 characters, no personal detail) is recorded with the erasure. 204 once done.',
        params: UserIdParams,
        body: AdminErasureRequest,
        response: { 204: z.null().describe('Erased'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      if (userId === currentUser(request).id) throw new CommandError('forbidden', ERASE_SELF_REFUSED);
      await erasePerson(deps, { userId, requestedBy: 'admin', reason: request.body.reason }, { idempotencyKey: `${idempotencyKeyOf(request)}:erase`, metadata: metadataOf(request) });
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/admin/visitors/erase',
    {
      preHandler: routeGuard('POST /api/admin/visitors/erase'),
      schema: {
        tags: ['admin'],
        description:
          'Erases what a signed-out visitor (no account) sent to partners from `email`, on their request: their names, addresses, phone numbers and messages, in the log, the read models and the outbox. Partners keep each request, marked erased. 404 when nothing came from the address; 409 when it is an account’s (erase the account instead). 204 once done.',
        body: AdminVisitorErasureRequest,
        response: { 204: z.null().describe('Erased'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await eraseVisitor(deps, request.body, { idempotencyKey: `${idempotencyKeyOf(request)}:erase-visitor`, metadata: metadataOf(request) });
      return reply.status(204).send(null);
    },
  );
}
