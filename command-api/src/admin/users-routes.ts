import { AdminUserList, UpdateRolesRequest, User, UserIdParams } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import { listUsers } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeRoles } from '../accounts/accounts';
import { toUser } from '../auth/effective-roles';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, loadUser, metadataOf, requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';

export default async function adminUserRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/users',
    { preHandler: requireUser('admin:all'), schema: { tags: ['admin'], response: { 200: AdminUserList, ...errorResponses(401, 403) } } },
    async () => (await listUsers(deps.stores.readStore)).map((doc) => toUser(doc)),
  );

  r.patch(
    '/api/admin/users/:userId/roles',
    {
      preHandler: requireUser('admin:all'),
      schema: { tags: ['admin'], params: UserIdParams, body: UpdateRolesRequest, response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const { userId } = request.params;
      if (!(await loadUser(deps, userId))) throw new CommandError('not_found', 'User not found.');
      await changeRoles(deps, userId, request.body.roles, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      return (await loadUser(deps, userId))!;
    },
  );
}
