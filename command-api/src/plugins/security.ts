import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import securityHeaders from './security-headers';

/**
 * Security headers (helmet's, computed once: see security-headers.ts) and a per-address rate
 * limit. The Host and cross-site checks are in cross-site.ts.
 */
export default fp(async function security(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(securityHeaders);
  // Pages and assets (every route outside /api/) are not limited. They are marked as they are
  // added, before the limiter's own onRoute hook sees them, instead of an `allowList` function the
  // limiter called and awaited on every API request (one call and one await of its four fewer;
  // too small to see above this machine's noise, so no figure).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.config = { ...(route.config as object), rateLimit: false } as typeof route.config;
  });
  await app.register(rateLimit, {
    max: deps.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    // The x-ratelimit-* headers only on a refusal (with Retry-After): no client of ours reads them
    // on an answer, and they were three more headers on every API call.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
});

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * The plugin's own key (an IPv6 address counts by its /64, as one household's or host's block),
 * without its IPv6 test on IPv4 addresses, which are already their own key: that test was a third
 * of the limiter's cost on every API call.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return IPV4.test(request.ip) ? request.ip : normalizeIP(request.ip);
}
