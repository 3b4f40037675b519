import { CommandError, forbidden } from '@kainga/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offerAdminByEmail, verifyAdminEmailLink } from '../accounts/admin-email';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, metadataOf } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';

const LinkQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.') });

/**
 * Confirms an admin-email link for the signed-in account. An account with a password must have
 * signed in with it: someone who reached a password account another way (say, a provider's
 * sign-in into an account a stranger registered with that address) proves nothing about it.
 */
export async function confirmAdminEmail(deps: AppDeps, request: FastifyRequest, token: string) {
  const user = request.user ?? null;
  const userId = user?.id ?? request.session.userId;
  if (!userId) throw new CommandError('unauthenticated', 'Please sign in to continue.');
  if ((await deps.stores.credentials.get(userId)) !== null && request.session.signInMethod !== 'password') {
    throw forbidden('Sign in with your email and password, then open the link again.');
  }
  await verifyAdminEmailLink(deps, userId, token, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
}

/**
 * After a sign-in: confirm a link opened while signed out, and mail a link when the account's
 * address is listed in ADMIN_EMAILS. Neither may fail the sign-in itself.
 */
export async function afterSignIn(deps: AppDeps, request: FastifyRequest, userId: string) {
  const token = request.session.adminEmailToken;
  if (token) {
    request.session.adminEmailToken = undefined;
    await confirmAdminEmail(deps, request, token).catch((err) => request.log.info({ err }, 'admin-email link not confirmed at sign-in'));
  }
  await offerAdminByEmail(deps, userId, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) }).catch((err) =>
    request.log.error({ err }, 'could not send the admin-email link'),
  );
}

export default async function adminEmailRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/auth/admin-email',
    { schema: { tags: ['auth'], summary: 'Opens an admin-email link (ADMIN_EMAILS): admin for the signed-in account that owns the address', querystring: LinkQuery, response: errorResponses(400, 403, 404) } },
    async (request, reply) => {
      if (!request.user) {
        // Kept in the session until the person signs in (the sign-in screen is a page of the PWA).
        request.session.adminEmailToken = request.query.token;
        return reply.redirect('/sign-in');
      }
      await confirmAdminEmail(deps, request, request.query.token);
      return reply.redirect('/admin');
    },
  );
}
