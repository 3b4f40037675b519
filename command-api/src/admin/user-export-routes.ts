import { AdminExportQuery, ERASURE_REASON_NAMES_PERSON, reasonNamesPerson, UserIdParams } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { sendExport } from '../profile/export-response';
import { exportScopeOf } from '../profile/export-scope';

/**
 * GET /api/admin/users/:userId/export?reason=…: an admin produces a person's archive on their
 * request (IPP 6), the same archive the person downloads, recorded with the reason.
 */
export default async function adminUserExportRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/users/:userId/export',
    {
      preHandler: routeGuard('GET /api/admin/users/:userId/export'),
      schema: {
        tags: ['admin'],
        description:
          'Everything Kāinga holds about one person, as the zip they would download themselves (GET /api/profile/export). `reason` (3–500 characters) says why, for example the person’s access request; the export is recorded with it (PersonalDataExported). 404 when there is no such person.',
        params: UserIdParams,
        querystring: AdminExportQuery,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const scope = await exportScopeOf(deps.stores, request.params.userId);
      if (!scope) throw new CommandError('not_found', 'User not found.');
      // The export's record outlives the person's details (an erasure keeps it): its reason must not hold them.
      const { email, firstName, lastName } = scope.user;
      if (reasonNamesPerson(request.query.reason, { emails: [email], names: [`${firstName} ${lastName}`] })) throw new CommandError('invalid', ERASURE_REASON_NAMES_PERSON);
      return sendExport(deps, request, reply as FastifyReply, scope, request.query.reason);
    },
  );
}
