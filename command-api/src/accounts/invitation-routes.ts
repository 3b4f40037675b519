import { AcceptInvitationRequest, InvitationQuery, InvitationView, User } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterSignIn } from '../auth/admin-email-routes';
import { signIn } from '../auth/sign-in';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, loadUser, metadataOf } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { acceptInvitation, invitationFor } from './invitations';

/** The /set-password page of an invited partner: who the link invites, then the password it sets. */
export default async function invitationRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  r.get(
    '/api/auth/invitation',
    { config: limit, schema: { tags: ['auth'], summary: 'Whom an invitation link invites', querystring: InvitationQuery, response: { 200: InvitationView, ...errorResponses(400, 429) } } },
    async (request) => invitationFor(deps, request.query.token),
  );

  r.post(
    '/api/auth/invitation',
    {
      config: limit,
      schema: { tags: ['auth'], summary: 'Sets the invited account’s password and signs it in', body: AcceptInvitationRequest, response: { 200: User, ...errorResponses(400, 413, 415, 429) } },
    },
    async (request) => {
      const userId = await acceptInvitation(deps, request.body.token, request.body.password, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      await signIn(request, userId, 'password');
      await afterSignIn(deps, request, userId);
      return (await loadUser(deps, userId))!;
    },
  );
}
