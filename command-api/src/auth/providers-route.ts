import { AuthProviders } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { staticJson } from '../plugins/static-json';

/**
 * GET /api/auth/providers: which sign-in methods this server offers. The same for everyone, so it
 * is served outside the session scope (app.ts) and pays nothing for sessions.
 */
export default async function providersRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const providers = staticJson(AuthProviders, { google: !!deps.config.GOOGLE_CLIENT_ID, github: !!deps.config.GITHUB_CLIENT_ID, email: true });
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth/providers', { schema: { tags: ['auth'], response: { 200: AuthProviders } } }, async (_req, reply) => providers(reply));
}
