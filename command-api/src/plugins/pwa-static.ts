import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SESSION_COOKIE } from './sessions';

/** Folder of pwa/dist holding the public screens rendered at build time (pwa/build/prerender-plugin.ts). */
export const PRERENDERED_DIR = 'prerendered';

/**
 * How long a browser may keep a file of the built PWA (`path` relative to the PWA's folder):
 * - hashed files under assets/ never change under their name: a year, immutable;
 * - the HTML, the service worker (and its workbox runtime and register script) and the manifest
 *   are how a new release reaches people: `no-cache`, so every use revalidates (ETag → 304);
 * - anything else (icons): an hour.
 * A precompressed copy (x.js.br, x.js.gz) is cached like the file it stands for.
 */
export function cacheControlOf(path: string): string {
  const file = path.split(sep).join('/').replace(/\.(br|gz)$/, '');
  if (/\.html$|(?:^|\/)(?:sw\.js|registerSW\.js|manifest\.webmanifest|workbox-[^/]*\.js)$/.test(file)) return 'no-cache';
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The prerendered screens: URL path → file under PRERENDERED_DIR ('/' → index.html, '/sign-in' → sign-in.html). */
function prerenderedPages(pwaDir: string): Map<string, string> {
  const dir = join(pwaDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    pages.set(name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `${PRERENDERED_DIR}/${name}`);
  }
  return pages;
}

/**
 * Serves the built PWA:
 * - files as they are on disk, each with its Cache-Control (cacheControlOf); a file with a
 *   precompressed copy beside it (the build writes .br and .gz) is answered with the best copy
 *   the request's Accept-Encoding takes (br, then gzip, else the file itself), with the file's
 *   own Content-Type, Content-Encoding and `Vary: Accept-Encoding`;
 * - a public screen rendered at build time (pwa/build/prerender-plugin.ts: /, /how-it-works, /sign-in)
 *   to a visitor who is not signed in, asked for without a query string, so its first paint
 *   needs no JavaScript; the app then takes the page over (hydrates). Signed in, the screen
 *   would differ (header, home), so a visitor with a session cookie gets the plain shell (the
 *   cookie's presence is enough: these files are served outside the session scope, app.ts);
 * - every other non-API path: index.html (the app shell), for the client router;
 * - unknown /api paths and missing /assets files: 404 JSON (an HTML answer to a script request
 *   would only confuse the browser).
 */
export default fp(async function pwaStatic(app: FastifyInstance, { pwaDir }: { pwaDir?: string }) {
  const hasPwa = !!pwaDir && existsSync(join(pwaDir, 'index.html'));
  const prerendered = hasPwa ? prerenderedPages(pwaDir) : new Map<string, string>();
  if (hasPwa) {
    await app.register(fastifyStatic, {
      root: pwaDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', cacheControlOf(relative(pwaDir, path)));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const [path = '/', query] = request.url.split('?');
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ message: `There is no API route ${request.method} ${path}.` });
    }
    if (hasPwa && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/')) {
      const page = prerendered.get(path);
      // The answer depends on the session cookie: a shared cache must keep the two apart.
      if (page) reply.header('Vary', 'Cookie');
      return reply.sendFile(page && !query && !hasCookie(request.headers.cookie, SESSION_COOKIE) ? page : 'index.html');
    }
    return reply.status(404).send({ message: hasPwa ? 'Not found.' : 'The web app is not built; run `npm run build:pwa`.' });
  });
});

/** Whether a Cookie header carries a cookie of that name (its value is not looked at). */
export function hasCookie(header: string | undefined, name: string): boolean {
  return !!header && header.split(';').some((pair) => pair.trimStart().startsWith(`${name}=`));
}
