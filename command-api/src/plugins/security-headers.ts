import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Helmet's defaults, with a CSP that allows the OpenStreetMap tiles of the map and the partner videos. */
export const helmetOptions: Readonly<HelmetOptions> = {
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
};

/**
 * The headers helmet sets for these options, computed once by running helmet's own middleware
 * against a recording response. None of our directives depends on the request (no nonces, no
 * functions), so every response gets the same set.
 */
export function securityHeaders(options: Readonly<HelmetOptions> = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers on every response, computed once at start. @fastify/helmet rebuilt helmet's
 * middleware (and with it the CSP string) on every request: that alone took a bare Fastify route
 * from ~72k to ~23k req/s on the 2-core bench machine. Here one synchronous onRequest hook copies
 * a ready object; a route can still override a header by setting it.
 */
export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(headers);
    done();
  });
});
