import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { errorResponses } from '../plugins/schemas';
import { imageKey } from './image-path';

const ImageParams = z.object({ kind: z.string(), file: z.string() });

/**
 * Headers of a served image. A key is never written twice (a new image is a new UUID), so the
 * answer may be cached for a year; nosniff and a CSP that allows nothing keep a browser from
 * treating the bytes as anything but the image type we stored.
 */
const IMAGE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};

/** GET /api/uploads/:kind/:file — an uploaded image, public (partner cards show them to everyone). */
export default async function serveRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notFound = { message: 'Image not found.' };

  r.get(
    '/api/uploads/:kind/:file',
    { schema: { tags: ['uploads'], params: ImageParams, response: errorResponses(404) } },
    async (request, typedReply) => {
      // The typed reply knows the JSON answers only; the image and 304 go out untyped.
      const reply = typedReply as unknown as FastifyReply;
      // Only names we could have given pass (image-path.ts): nothing else reaches the store.
      const key = imageKey(request.params.kind, request.params.file);
      if (!key) return reply.status(404).send(notFound);
      const store = deps.stores.blobStore;
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch) {
        const blob = await store.stat(key);
        if (!blob) return reply.status(404).send(notFound);
        const etag = etagOf(request.params.file, blob.size);
        if (ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).headers({ ...IMAGE_HEADERS, etag }).send();
      }
      const found = await store.get(key);
      if (!found) return reply.status(404).send(notFound);
      return reply
        .headers({ ...IMAGE_HEADERS, etag: etagOf(request.params.file, found.blob.size) })
        .type(found.blob.contentType)
        .send(found.bytes);
    },
  );
}

/** A strong ETag from the file name (unique per image) and its size: the bytes never change. */
const etagOf = (file: string, size: number) => `"${file.replace(/\.\w+$/, '')}-${size.toString(16)}"`;
