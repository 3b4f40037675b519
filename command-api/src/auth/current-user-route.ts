import { User } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../plugins/actor';
import { JsonOnce } from '../plugins/json-once';
import { errorResponses } from '../plugins/schemas';

/**
 * GET /api/auth/user: the signed-in user (a read: it runs in the session reader's scope). The
 * user is frozen and shared while their document is unchanged (actor.ts), so its body is too.
 */
export default async function currentUserRoute(app: FastifyInstance) {
  const answers = new JsonOnce<User>(User, (user) => user);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/user',
    { schema: { tags: ['auth'], response: { 200: User, ...errorResponses(401) } }, preHandler: requireUser() },
    async (request, reply) => answers.send(reply, currentUser(request)),
  );
}
