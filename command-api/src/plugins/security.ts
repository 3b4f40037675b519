import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';

/**
 * Security headers (helmet, with a CSP that allows the OpenStreetMap tiles of the map), a
 * per-address rate limit. The Host and cross-site checks are in cross-site.ts.
 */
export default fp(async function security(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://tile.openstreetmap.org'],
        connectSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube.com', 'https://player.vimeo.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
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
