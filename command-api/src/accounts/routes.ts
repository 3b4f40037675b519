import { ProfileUpdateRequest, User } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, loadUser, metadataOf, requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { changeProfile } from './accounts';
import { offerAdminByEmail } from './admin-email';

export default async function profileRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/profile',
    { preHandler: requireUser(), schema: { tags: ['profile'], body: ProfileUpdateRequest, response: { 200: User, ...errorResponses(400, 401, 409, 415) } } },
    async (request) => {
      const me = currentUser(request);
      const ctx = { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) };
      await changeProfile(deps, me.id, request.body, ctx);
      // A listed address (ADMIN_EMAILS) gives nothing by itself: its owner gets a link to prove it.
      await offerAdminByEmail(deps, me.id, ctx).catch((err) => request.log.error({ err }, 'could not send the admin-email link'));
      return (await loadUser(deps, me.id))!;
    },
  );
}
