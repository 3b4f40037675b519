import { User } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';

/** GET /api/auth/user: the signed-in user (a read: it runs in the session reader's scope). */
export default async function currentUserRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/user',
    { schema: { tags: ['auth'], response: { 200: User, ...errorResponses(401) } }, preHandler: requireUser() },
    async (request) => currentUser(request),
  );
}
