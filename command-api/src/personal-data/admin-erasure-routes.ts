import { AdminErasureRequest, UserIdParams } from '@kainga/contracts';
import { z } from 'zod';
import { CommandError } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { erasePerson } from './erase-person';

export const ERASE_SELF_REFUSED = 'To delete your own account, use “Delete my account” on your profile.';

/** POST /api/admin/users/:userId/erase (issue 50): an admin erases a person on their request, with the reason recorded. */
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
}
