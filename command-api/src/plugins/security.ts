import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CommandError } from '@kainga/platform';
import type { AppDeps } from '../deps';
import securityHeaders from './security-headers';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this server answers for: PUBLIC_URL when set, else the request's own host. */
function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/**
 * Security headers (helmet's, computed once: see security-headers.ts), a
 * per-address rate limit, and the cross-site check: a state-changing request whose Origin is
 * another site is refused before it reaches a route.
 */
export default fp(async function security(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(securityHeaders);
  await app.register(rateLimit, {
    max: deps.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreign = (origin !== undefined && origin !== ownOrigin(request, deps.config.PUBLIC_URL)) || fetchSite === 'cross-site';
    if (foreign) throw new CommandError('forbidden', 'Requests from another site are not allowed.');
  });
});
