import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and index.html
 * never cached (so updates reach people), and every non-API path falls back to index.html
 * for the client router. Unknown /api paths answer 404 JSON.
 */
export default fp(async function pwaStatic(app: FastifyInstance, { pwaDir }: { pwaDir?: string }) {
  const hasPwa = !!pwaDir && existsSync(join(pwaDir, 'index.html'));
  if (hasPwa) {
    await app.register(fastifyStatic, {
      root: pwaDir,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        const noCache = /(?:^|\/)(?:index\.html|sw\.js|registerSW\.js|manifest\.webmanifest|workbox-[^/]*\.js)$/.test(path);
        res.header('Cache-Control', noCache ? 'no-cache' : path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ message: `There is no API route ${request.method} ${path}.` });
    }
    if (hasPwa && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: hasPwa ? 'Not found.' : 'The web app is not built; run `npm run build:pwa`.' });
  });
});
