import { AdminListQuery, AdminUserList, UpdateRolesRequest, User, UserIdParams } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import { pageUsers, USERS } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeRoles } from '../accounts/accounts';
import { toUser } from '../auth/effective-roles';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, loadUser, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { CachedAnswers } from '../public/cached-answers';
import { ADMIN_LIST_DESCRIPTION, adminPageKey, pageWindow, sendAdminPage, type AdminPage } from './admin-list';

export default async function adminUserRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  /**
   * Pages kept per version of the users read model (its checkpoint moves with every change to a
   * user), so the dashboard's repeated first page costs neither a paged read nor serialising:
   * measured on the demo store, the read and the serialiser were ~10 % of the request's CPU.
   * The admin guard still runs on every request, before the page is looked up.
   */
  const pages = new CachedAnswers<AdminPage>(store, USERS);
  /** The admin's user management (partner/admin spec §7 "list of users with roles"), a page at a time. */
  r.get(
    '/api/admin/users',
    {
      preHandler: routeGuard('GET /api/admin/users'),
      schema: {
        tags: ['admin'],
        description: `${ADMIN_LIST_DESCRIPTION} Search: first or last name, full name (either order) or email.`,
        querystring: AdminListQuery,
        response: { 200: AdminUserList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = await pages.get(adminPageKey(query), async () => {
        const { items, total } = await pageUsers(store, pageWindow(query), query.search);
        return { body: JSON.stringify(AdminUserList.parse(items.map((doc) => toUser(doc)))), total };
      });
      return sendAdminPage(reply, page);
    },
  );

  r.patch(
    '/api/admin/users/:userId/roles',
    {
      preHandler: routeGuard('PATCH /api/admin/users/:userId/roles'),
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
