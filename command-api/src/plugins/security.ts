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
    // The x-ratelimit-* headers only on a refusal (with Retry-After): no client of ours reads them
    // on an answer, and they were three more headers on every API call.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
});
