import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { UploadResponse } from '@kainga/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { requireUser, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { DISCARD_LIMIT_BYTES, discardBody } from './discard-body';
import { detectImageFormat } from './image-format';
import { LARGEST_IMAGE_BYTES, NOT_AN_IMAGE, uploadRule, type ImageKind, type UploadRule } from './image-kinds';
import { imagePath } from './image-path';
import { stripMetadata, UnreadableImage } from './strip-metadata';

/** Uploads one user may make per route and hour: a profile is edited a few times, not hundreds. */
export const UPLOADS_PER_HOUR = 30;

/**
 * Room for what a multipart body carries besides the file: boundaries, part headers (field name,
 * file name, type) and a few small fields. A declared Content-Length beyond the file limit plus
 * this is refused before a byte of the body is read.
 */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const UploadQuery = z.object({
  form: z.enum(['profile', 'enquiry'], { error: 'form must be "profile" or "enquiry"' }).optional(),
});

/**
 * Refuses the upload once the rest of its body is read and dropped (discard-body.ts: a client
 * that sends all of its body before reading gets the answer, not EPIPE), keeping the connection;
 * a body beyond the bound, declared or found, is not read: the answer goes at once and the
 * connection closes (keep-alive would have Node read all of it first).
 */
async function refuse(request: FastifyRequest, reply: FastifyReply, status: 400 | 413 | 415, message: string) {
  const declared = Number(request.headers['content-length']);
  const drained = declared > DISCARD_LIMIT_BYTES ? false : await discardBody(request.raw);
  if (!drained) reply.header('connection', 'close');
  return reply.status(status).send({ message });
}

/**
 * The file's bytes, or null as soon as it passes `maxBytes`: busboy's `limit` event fires at the
 * first byte beyond the limit, and the stream is dropped then (multipart's toBuffer would read
 * the rest of the part to the end before it says "too large").
 */
function readUpTo(file: MultipartFile['file'], maxBytes: number): Promise<Buffer | 'too-large' | 'cut-short'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    file.once('limit', () => {
      resolve('too-large');
      file.destroy();
    });
    file.once('end', () => resolve(file.truncated || size > maxBytes ? 'too-large' : Buffer.concat(chunks)));
    // A body that stops part-way (the client went away, a malformed end): a promise settles once,
    // so this only counts when neither of the above came first.
    file.once('error', () => resolve('cut-short'));
    file.once('close', () => resolve('cut-short'));
  });
}

/**
 * POST /api/upload/profile-image (field `profileImage`) and /company-image (field
 * `companyImage`), signed in: a JPEG, PNG or WebP image (by its bytes, not its name), within the
 * form's size limit (image-kinds.ts), stored without its metadata under a new UUID. Answers 201
 * `{ filePath }`, the address GET /api/uploads serves it at. POST /api/upload/ad-image (field
 * `adImage`, partners only: partner:advertising) stores an advert's image the same way.
 */
export default async function uploadRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  // Multipart only in this scope; busboy stops a file at the largest limit whatever a route asks.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LARGEST_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
  });
  // Any other body type is refused here with words for an upload, not the JSON routes' message.
  app.addContentTypeParser('*', (_request, _payload, done) => done(Object.assign(new Error('Send the image as multipart/form-data.'), { statusCode: 415 })));

  const r = app.withTypeProvider<ZodTypeProvider>();

  const route = (url: string, kind: ImageKind, guard = requireUser()) =>
    r.post(
      url,
      {
        preHandler: guard,
        config: {
          // After requireUser (both preHandlers), so the key is the signed-in user.
          rateLimit: { max: UPLOADS_PER_HOUR, timeWindow: 60 * 60_000, hook: 'preHandler', keyGenerator: (request: FastifyRequest) => `upload:${request.user?.id ?? request.ip}` },
        },
        schema: { tags: ['uploads'], querystring: UploadQuery, response: { 201: UploadResponse, ...errorResponses(400, 401, 403, 413, 415, 429) } },
      },
      async (request, reply) => {
        const rule = uploadRule(kind, request.query.form ?? 'profile');
        if (!request.isMultipart()) return refuse(request, reply, 415, `Send the image as multipart/form-data in the field "${rule.field}".`);
        const declared = Number(request.headers['content-length']);
        if (declared > rule.maxBytes + MULTIPART_OVERHEAD_BYTES) return refuse(request, reply, 413, rule.tooLarge);
        const outcome = await receive(request, rule);
        if ('refused' in outcome) return refuse(request, reply, outcome.refused[0], outcome.refused[1]);
        const format = detectImageFormat(outcome.bytes);
        if (!format) return refuse(request, reply, 415, NOT_AN_IMAGE);
        let clean: Buffer;
        try {
          clean = await stripMetadata(outcome.bytes, format);
        } catch (error) {
          if (error instanceof UnreadableImage) return refuse(request, reply, 415, `The image could not be read. ${NOT_AN_IMAGE}`);
          throw error;
        }
        const file = `${randomUUID()}.${format.ext}`;
        await deps.stores.blobStore.put(`${kind}/${file}`, clean, format.contentType);
        return reply.status(201).send({ filePath: imagePath(kind, file) });
      },
    );

  route('/api/upload/profile-image', 'profile-images');
  route('/api/upload/company-image', 'company-images');
  route('/api/upload/ad-image', 'ad-images', routeGuard('POST /api/upload/ad-image'));
}

type Received = { bytes: Buffer } | { refused: [400 | 413 | 415, string] };

/** The one file of the form, in the rule's field and within its limit. */
async function receive(request: FastifyRequest, rule: UploadRule): Promise<Received> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: rule.maxBytes } });
  } catch (error) {
    // busboy's own refusals (too many parts, a malformed body) are the sender's doing.
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) return { refused: [413, rule.tooLarge] };
    return { refused: [400, 'The upload could not be read. Please try again.'] };
  }
  if (!part) return { refused: [400, 'Please choose an image to upload.'] };
  if (part.fieldname !== rule.field) {
    part.file.resume();
    return { refused: [400, `Send the image in the form field "${rule.field}".`] };
  }
  const bytes = await readUpTo(part.file, rule.maxBytes);
  if (bytes === 'too-large') return { refused: [413, rule.tooLarge] };
  if (bytes === 'cut-short') return { refused: [400, 'The upload was cut short. Please try again.'] };
  return { bytes };
}
