import { DeleteAccountRequest, FRESH_SIGN_IN_MS } from '@kainga/contracts';
import { z } from 'zod';
import { CommandError } from '@kainga/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyPassword } from '../auth/password';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { erasePerson } from './erase-person';

export const WRONG_PASSWORD = 'That password is not right. Your account was not deleted.';
export const PASSWORD_NEEDED = 'Please enter your password to delete your account.';
export const FRESH_SIGN_IN_NEEDED = 'Please sign in again with Google or GitHub, then delete your account within 10 minutes.';

/** Deleting an account proves its owner is at the keyboard: the password, or a provider sign-in of the last 10 minutes. */
async function proveOwner(deps: AppDeps, request: FastifyRequest, userId: string, password: string | undefined) {
  const hash = await deps.stores.credentials.get(userId);
  if (hash) {
    if (!password) throw new CommandError('invalid', PASSWORD_NEEDED);
    if (!(await verifyPassword(password, hash))) throw new CommandError('forbidden', WRONG_PASSWORD);
    return;
  }
  const { signInMethod, signedInAt } = request.session;
  const fresh = (signInMethod === 'google' || signInMethod === 'github') && signedInAt !== undefined && Date.now() - Date.parse(signedInAt) < FRESH_SIGN_IN_MS;
  if (!fresh) throw new CommandError('forbidden', FRESH_SIGN_IN_NEEDED);
}

/**
 * DELETE /api/profile (issue 50): a person deletes their account and Kāinga erases their
 * personal information (erase-person.ts). In the session scope: the answer ends the session.
 */
export default async function accountDeletionRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.delete(
    '/api/profile',
    {
      preHandler: routeGuard('DELETE /api/profile'),
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['profile'],
        description: 'Deletes the signed-in account and erases its personal information everywhere Kāinga keeps it; the body is `{ "password": "…" }` (an account without a password: a Google or GitHub sign-in of the last 10 minutes, no body). 204 once done; the session ends.',
        body: DeleteAccountRequest.nullish(),
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await proveOwner(deps, request, me.id, request.body?.password);
      await erasePerson(deps, { userId: me.id, requestedBy: 'self', reason: null }, { idempotencyKey: `${idempotencyKeyOf(request)}:erase`, metadata: metadataOf(request) });
      await request.session.destroy();
      return reply.status(204).send(null);
    },
  );
}
