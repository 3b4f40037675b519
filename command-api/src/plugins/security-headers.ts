import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What Stripe.js needs (the partner's card payment, pwa CheckoutPayment.tsx): the hosts of
 * Stripe's own CSP list for Stripe.js (docs.stripe.com/security/guide, "Content Security
 * Policy"): the script and its frames from js.stripe.com and its subdomains, 3D Secure and
 * redirect pages from hooks.stripe.com, its API calls to api.stripe.com. The same list also names
 * https://maps.googleapis.com (script and connect), used only by the Address Element's
 * autocomplete, which Kāinga does not use: left out.
 */
export const stripeJsSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/** Helmet's defaults, with a CSP that allows the OpenStreetMap tiles of the map, the partner videos (embedded and native) and Stripe.js. */
export const helmetOptions: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://tile.openstreetmap.org'],
      connectSrc: ["'self'", ...stripeJsSources.connectSrc],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...stripeJsSources.scriptSrc],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ['https://www.youtube.com', 'https://player.vimeo.com', ...stripeJsSources.frameSrc],
      // A partner's intro video that is not on YouTube or Vimeo plays in a native player, from wherever it is hosted (https).
      mediaSrc: ["'self'", 'https:'],
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
 * What an API answer (JSON, a redirect, an error) needs, after the OWASP REST Security Cheat
 * Sheet: it is never a document a browser renders, so it gets no document policy (helmet's CSP
 * for pages, COOP, Origin-Agent-Cluster, and the headers only old browsers read), just a CSP
 * that forbids everything and any framing, nosniff, HSTS, no referrer and same-origin reads.
 * Six headers of ~190 bytes instead of twelve of ~860 on every call a phone makes.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Whether a path is the API's (JSON) rather than a page or a file; the OpenAPI browser is a page. */
export const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every response, computed once at start: helmet's on pages and files, the
 * API set on API answers. @fastify/helmet rebuilt helmet's middleware (and with it the CSP
 * string) on every request: that alone took a bare Fastify route from ~72k to ~23k req/s on the
 * 2-core bench machine. Here one synchronous onRequest hook copies a ready object; a route can
 * still override a header by setting it.
 */
export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const documentHeaders = securityHeaders();
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(isApiPath(request.url) ? API_SECURITY_HEADERS : documentHeaders);
    done();
  });
});
