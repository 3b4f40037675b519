import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Address6 } from 'ip-address';
import { isIPv6 } from 'node:net';
import type { AppDeps } from '../deps';
import rateLimit from './rate-limit';

/**
 * A per-address rate limit. The security headers (helmet's, computed once) are set with the
 * request id (request-basics.ts); the Host and cross-site checks are in cross-site.ts.
 */
export default fp(async function security(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  // Pages and assets (every route outside /api/) are not limited: they are marked as they are
  // added, before the limiter's own onRoute hook sees them, so it adds no hook to them at all.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.config = { ...(route.config as object), rateLimit: false } as typeof route.config;
  });
  // The x-ratelimit-* headers only on a refusal (with Retry-After): no client of ours reads them on
  // an answer (see rate-limit.ts).
  await app.register(rateLimit, { max: deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: 60_000, keyGenerator: rateLimitKey });
});

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Whom the per-address limits count: the client's address (request.ip, see trust-proxy.ts). */
export function rateLimitKey(request: FastifyRequest): string {
  return IPV4.test(request.ip) ? request.ip : addressKey(request.ip);
}

/**
 * An address as the limits count it: an IPv6 address by its /64 (one household's or host's
 * block, which it can spread across freely), an IPv4-mapped IPv6 address as its IPv4 address, and
 * anything else as it is (lower case).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${ip}/64`).startAddress().correctForm();
}
