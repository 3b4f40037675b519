import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Bodies smaller than this go out as they are: a header and a deflate block cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compressed besides mime-db's compressible types (JSON, CSV and the other text types): any +json
 * type, and NDJSON, which mime-db does not list (the audit and ad-event downloads went out whole).
 */
export const COMPRESSED_TYPES = /^application\/(?:(?:[\w.+-]+\+)?json|x-ndjson)(?:;|$)/;

/**
 * API JSON, and the admins' and analysts' CSV and NDJSON downloads (compressed as they stream),
 * are compressed when the client accepts it: brotli at quality 4 (a few times faster than
 * gzip's default and still smaller; 11 would cost tens of ms on the map's data), else gzip at level
 * 5. Not the PWA's static files (precompressed at build, chosen by their own plugin), nor anything
 * that already has a Content-Encoding (a route that serves a cached compressed body).
 * Request bodies are not decompressed (a gzip body would slip past the body limit).
 */
export default fp(async function compress(app: FastifyInstance) {
  // Only the API: the web app's files are precompressed at build and chosen by pwa-static.ts
  // (mime-db would otherwise have @fastify/compress squeeze every script again per request).
  // Runs before @fastify/compress's own onRoute hook, which reads this flag.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSED_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 5 },
  });
});
