import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import securityHeaders from './security-headers';

/**
 * Security headers (helmet's, computed once: see security-headers.ts) and a per-address rate
 * limit. The Host and cross-site checks are in cross-site.ts.
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
});
