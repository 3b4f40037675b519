import type { Config } from '@kainga/platform';
import { CommandError } from '@kainga/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import type { AppDeps } from '../deps';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this server answers for: PUBLIC_URL when set, else the request's own (served) host. */
export function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** An origin in one spelling (lower case, no default port); 'null' for anything unparseable. */
const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : 'null');

/**
 * Whether the browser says this request was made by a page of another site: Sec-Fetch-Site
 * (a sibling subdomain counts: only our own origin may act for the person), else an Origin or
 * a Referer that is not ours. A request without any of them (a bookmark, a typed address, a
 * client that is not a browser) is not cross-site.
 */
export function isFromAnotherSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const own = originOf(ownOrigin(request, publicUrl));
  const { origin, referer } = request.headers;
  return (origin !== undefined && originOf(origin) !== own) || (referer !== undefined && originOf(referer) !== own);
}

/** Throws 403 when the request came from another site (see isFromAnotherSite). */
export function refuseCrossSite(request: FastifyRequest, publicUrl: string | undefined): void {
  if (isFromAnotherSite(request, publicUrl)) throw new CommandError('forbidden', 'Requests from another site are not allowed.');
}

/** The host name of a Host header value (lower case, no port, no brackets), or null when malformed. */
export function hostnameOf(host: string): string | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i.exec(host);
  if (!match) return null;
  return (match[1] ?? match[2]!).toLowerCase().replace(/\.$/, '');
}

/**
 * Which Host names this server answers for. Without PUBLIC_URL the allowed origin follows the
 * Host header, so serving any name would let a DNS-rebinding page (its own name pointed at our
 * address) pass the cross-site check. Always served: `localhost` (and `*.localhost`, which
 * browsers resolve to loopback themselves) and IP literals (no other site can hold an IP
 * address's origin, and health probes and `npm start` use them); plus PUBLIC_URL's host and
 * ALLOWED_HOSTS.
 */
export function hostPolicy(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): (hostname: string) => boolean {
  const named = new Set(config.ALLOWED_HOSTS);
  if (config.PUBLIC_URL) named.add(hostnameOf(new URL(config.PUBLIC_URL).host)!);
  return (hostname) => hostname === 'localhost' || hostname.endsWith('.localhost') || isIP(hostname) !== 0 || named.has(hostname);
}

/** Said at start-up when a production-like run relies on the Host header for its origin. */
export function originWarning(config: Pick<Config, 'PUBLIC_URL' | 'NODE_ENV' | 'TRUST_PROXY' | 'ALLOWED_HOSTS'>): string | null {
  if (config.PUBLIC_URL || (config.NODE_ENV !== 'production' && config.TRUST_PROXY === false)) return null;
  const served = ['localhost', 'IP addresses', ...config.ALLOWED_HOSTS].join(', ');
  return `PUBLIC_URL is not set: the origin allowed to change state follows each request's Host header (served hosts: ${served}). Set PUBLIC_URL to the address people use, e.g. https://kainga.nz.`;
}

/**
 * Refuses a Host this server does not serve (421), and a state-changing request from another
 * site (403) before it reaches a route. GET /api/logout checks cross-site itself (refuseCrossSite).
 */
export default fp(async function crossSite(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const { PUBLIC_URL } = deps.config;
  const served = hostPolicy(deps.config);
  const warning = originWarning(deps.config);
  if (warning) deps.logger.warn(warning);

  // Host values seen, with whether they are served: nearly every request repeats one of a few,
  // so the parse is done once per value. Bounded, since any client can send any Host.
  const seen = new Map<string, boolean>();
  const isServed = (host: string) => {
    let ok = seen.get(host);
    if (ok === undefined) {
      const hostname = hostnameOf(host);
      ok = hostname !== null && served(hostname);
      if (seen.size >= 256) seen.clear();
      seen.set(host, ok);
    }
    return ok;
  };

  // Synchronous: most requests pass, and pay no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isServed(request.host)) {
      reply.status(421).send({ message: `This server does not answer for the host ${JSON.stringify(request.host)}.` });
      return;
    }
    if (!SAFE_METHODS.has(request.method)) {
      try {
        refuseCrossSite(request, PUBLIC_URL);
      } catch (err) {
        return done(err as Error);
      }
    }
    done();
  });
});
