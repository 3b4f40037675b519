import { CurrentUser, type User } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../plugins/actor';
import { JsonOnce } from '../plugins/json-once';
import { errorResponses } from '../plugins/schemas';

/**
 * GET /api/auth/user: the signed-in user (a read: it runs in the session reader's scope), and
 * whether the account has a password, so the delete-account dialog asks for one only then. The
 * user is frozen and shared while their document is unchanged (actor.ts), so its body is too;
 * a password is set or removed without changing that document (credential store), so each answer
 * is kept once per kind and the credential store is asked on every request.
 */
export default async function currentUserRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const withPassword = new JsonOnce<User>(CurrentUser, (user) => ({ ...user, hasPassword: true }));
  const withoutPassword = new JsonOnce<User>(CurrentUser, (user) => ({ ...user, hasPassword: false }));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/user',
    { schema: { tags: ['auth'], response: { 200: CurrentUser, ...errorResponses(401) } }, preHandler: requireUser() },
    async (request, reply) => {
      const user = currentUser(request);
      const hasPassword = (await deps.stores.credentials.get(user.id)) !== null;
      return (hasPassword ? withPassword : withoutPassword).send(reply, user);
    },
  );
}
