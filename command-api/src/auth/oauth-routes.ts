import { CommandError } from '@kainga/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { accountIdByEmail, registerAccount } from '../accounts/accounts';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, metadataOf } from '../plugins/actor';
import { defaultEndpoints, exchangeCode, fetchProfile, labels, scopes, type OAuthProviderId } from './oauth-providers';
import { verifyAdminEmailByProvider } from '../accounts/admin-email';
import { afterSignIn } from './admin-email-routes';
import { safeReturnTo, signIn } from './sign-in';

declare module 'fastify' {
  interface Session {
    oauth?: { state: string; provider: OAuthProviderId; returnTo: string };
  }
}

const Provider = z.object({ provider: z.enum(['google', 'github'], { error: 'Unknown sign-in provider.' }) });

/**
 * Sign-in with Google or GitHub (OAuth 2.0 authorisation code). The `state` kept in the session
 * ties the callback to the browser that started it. An account is found by its verified email,
 * or registered on first sign-in.
 */
export default async function oauthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentials = (provider: OAuthProviderId) => {
    const [id, secret] = provider === 'google' ? [deps.config.GOOGLE_CLIENT_ID, deps.config.GOOGLE_CLIENT_SECRET] : [deps.config.GITHUB_CLIENT_ID, deps.config.GITHUB_CLIENT_SECRET];
    if (!id || !secret) throw new CommandError('not_found', `${labels[provider]} sign-in is not configured on this server.`);
    return { clientId: id, clientSecret: secret, endpoints: { ...defaultEndpoints[provider], ...deps.oauthEndpoints?.[provider] } };
  };
  const callbackUrl = (request: FastifyRequest, provider: OAuthProviderId) =>
    `${deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${request.protocol}://${request.host}`}/api/callback/${provider}`;
  // A code, not text: the sign-in screen words it, so nobody can put their own text on our page.
  const backToSignIn = (error: 'cancelled' | 'expired' | 'failed' | 'unverified', provider: OAuthProviderId) => `/sign-in?error=${error}&provider=${provider}`;

  r.get('/api/login/:provider', { schema: { tags: ['auth'], params: Provider, querystring: z.object({ returnTo: z.string().max(2000).optional() }) } }, async (request, reply) => {
    const { provider } = request.params;
    const { clientId, endpoints } = credentials(provider);
    const state = randomBytes(24).toString('base64url');
    request.session.oauth = { state, provider, returnTo: safeReturnTo(request.query.returnTo) };
    const url = new URL(endpoints.authorizeUrl);
    url.search = new URLSearchParams({ client_id: clientId, redirect_uri: callbackUrl(request, provider), response_type: 'code', scope: scopes[provider], state }).toString();
    return reply.redirect(url.toString());
  });

  r.get(
    '/api/callback/:provider',
    { schema: { tags: ['auth'], params: Provider, querystring: z.object({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const { provider } = request.params;
      const { clientId, clientSecret, endpoints } = credentials(provider);
      const pending = request.session.oauth;
      request.session.oauth = undefined;
      if (request.query.error) return reply.redirect(backToSignIn('cancelled', provider));
      if (!pending || pending.provider !== provider || !request.query.state || pending.state !== request.query.state || !request.query.code) {
        return reply.redirect(backToSignIn('expired', provider));
      }
      let profile;
      try {
        const token = await exchangeCode(endpoints, { code: request.query.code, clientId, clientSecret, redirectUri: callbackUrl(request, provider) });
        profile = await fetchProfile(provider, endpoints, token);
      } catch (err) {
        request.log.warn({ err, provider }, 'OAuth sign-in failed');
        return reply.redirect(backToSignIn('failed', provider));
      }
      if (!profile) return reply.redirect(backToSignIn('unverified', provider));
      const existing = await accountIdByEmail(deps, profile.email);
      const userId =
        existing ??
        (
          await registerAccount(
            deps,
            { email: profile.email, firstName: profile.firstName, lastName: profile.lastName, provider, profileImageUrl: profile.pictureUrl },
            { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) },
          )
        ).userId;
      await signIn(request, userId, provider);
      // The provider verified this address. It proves the account is the address owner's only if
      // nobody else can sign in to it: an account with a password gets the emailed link instead.
      if (deps.config.ADMIN_EMAILS.includes(profile.email) && (await deps.stores.credentials.get(userId)) === null) {
        await verifyAdminEmailByProvider(deps, userId, provider, profile.email, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      }
      await afterSignIn(deps, request, userId);
      return reply.redirect(pending.returnTo);
    },
  );
}
