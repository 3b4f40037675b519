import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { currentUser, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { sendExport } from './export-response';
import { exportScopeOf } from './export-scope';

/** GET /api/profile/export: "Download my data" (issue 50) — the signed-in person's own archive. */
export default async function profileExportRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get(
    '/api/profile/export',
    {
      preHandler: routeGuard('GET /api/profile/export'),
      schema: {
        tags: ['profile'],
        description:
          'Everything Kāinga holds about the signed-in person, as one zip (JSON files, a README and the images they uploaded), streamed as a download named kainga-data-<yyyy-mm-dd>.zip. The export is recorded (PersonalDataExported).',
        response: errorResponses(401),
      },
    },
    async (request, reply: FastifyReply) => {
      const scope = await exportScopeOf(deps.stores, currentUser(request).id);
      // Signed in with an account the read model does not hold yet (just registered): as signed out.
      if (!scope) return reply.status(401).send({ message: 'Please sign in to continue.' });
      return sendExport(deps, request, reply, scope, null);
    },
  );
}
