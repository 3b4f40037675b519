import { ProfileUpdateRequest, User } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, loadUser, metadataOf, requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { changeProfile } from './accounts';

export default async function profileRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/profile',
    { preHandler: requireUser(), schema: { tags: ['profile'], body: ProfileUpdateRequest, response: { 200: User, ...errorResponses(400, 401, 409, 415) } } },
    async (request) => {
      const me = currentUser(request);
      await changeProfile(deps, me.id, request.body, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      return (await loadUser(deps, me.id))!;
    },
  );
}
