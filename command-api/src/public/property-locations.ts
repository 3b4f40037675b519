import { PublicPropertyLocation } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { locatedProperties, PROPERTIES, type LocatedProperty, type LonLatBox } from '@kainga/projections';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { COMPRESS_THRESHOLD_BYTES } from '../plugins/compress';
import { errorResponses } from '../plugins/schemas';

const coordinate = (name: string, limit: number) => z.number().min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`);
const Box = z.object({ minLon: coordinate('minLon', 180), minLat: coordinate('minLat', 90), maxLon: coordinate('maxLon', 180), maxLat: coordinate('maxLat', 90) }).refine((b) => b.minLat <= b.maxLat, 'minLat must not be above maxLat');

/**
 * `bbox=minLon,minLat,maxLon,maxLat` (degrees, as GeoJSON orders them; minLon above maxLon is a box
 * across the antimeridian) and/or `city=` (exact name): only those properties. Without either,
 * every located property, as the spec's route gives them.
 */
export const PropertyLocationsQuery = z.object({
  bbox: z
    .string()
    .transform((value, ctx) => {
      const parts = value.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
      if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
        ctx.addIssue({ code: 'custom', message: 'bbox must be four numbers: minLon,minLat,maxLon,maxLat' });
        return z.NEVER;
      }
      const [minLon, minLat, maxLon, maxLat] = parts as [number, number, number, number];
      const box = Box.safeParse({ minLon, minLat, maxLon, maxLat });
      if (!box.success) {
        for (const issue of box.error.issues) ctx.addIssue({ code: 'custom', message: `bbox: ${issue.message}` });
        return z.NEVER;
      }
      return box.data as LonLatBox;
    })
    .optional(),
  city: z.string().trim().min(1, 'city must not be empty').max(100, 'city must be at most 100 characters').optional(),
});

/**
 * Browsers and the service worker keep the answer but ask again each time (a 304 when nothing
 * changed, see the ETag); shared caches may serve it for 30 s. A valuation completed a moment ago
 * is therefore on the owner's map at once.
 */
export const LOCATIONS_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30';
/** Distinct queries (boxes, cities) whose answers are kept per version of the read model. */
const MAX_CACHED_ANSWERS = 200;

interface Answer {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const toPublic = (p: LocatedProperty): PublicPropertyLocation => ({
  id: p._id,
  address: p.address,
  suburb: p.suburb,
  city: p.city,
  latitude: String(p.latitude),
  longitude: String(p.longitude),
  bedrooms: p.bedrooms,
  bathrooms: p.bathrooms,
  floorArea: p.floorArea,
  landArea: p.landArea,
  hasValuation: !!p.latestValuation?.band,
  valuationLow: p.latestValuation?.band?.low ?? null,
  valuationHigh: p.latestValuation?.band?.high ?? null,
  demo: p.demo,
});

/**
 * Answers of the public map kept per version of the `properties` read model (its checkpoint:
 * documents and checkpoint are committed together, so the documents cannot change without it
 * moving). A request reads the checkpoint, and while it has not moved, a repeated query costs
 * neither a store read nor serialising nor compressing: the body and its brotli and gzip forms
 * are kept. The ETag is a hash of the body, so it stays the same while the content does (the
 * checkpoint also moves for events that change no property), and every API replica computes the
 * same one.
 */
export class LocationsAnswers {
  private version: string | null | undefined;
  private readonly answers = new Map<string, Answer>();

  constructor(private readonly store: ReadStore) {}

  async get(query: z.infer<typeof PropertyLocationsQuery>): Promise<Answer> {
    const version = await this.store.getCheckpoint(PROPERTIES);
    if (version !== this.version) {
      this.answers.clear();
      this.version = version;
    }
    const key = `${query.bbox ? [query.bbox.minLon, query.bbox.minLat, query.bbox.maxLon, query.bbox.maxLat].join(',') : ''}|${query.city ?? ''}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const rows = await locatedProperties(this.store, { bbox: query.bbox, city: query.city });
    const body = JSON.stringify(z.array(PublicPropertyLocation).parse(rows.map(toPublic)));
    const answer: Answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    // Not kept when the read model moved while it was read: the next request builds it again.
    if (this.version === version) {
      if (this.answers.size >= MAX_CACHED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/** Whether an If-None-Match header names this ETag (or is `*`); weak forms match too (RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The best encoding the client accepts of br and gzip (q=0 refuses one), or null. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (token) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function send(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('etag', answer.etag).header('cache-control', LOCATIONS_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.body.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (encoding === 'gzip') {
    answer.gzip ??= gzipSync(answer.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.body);
}

/**
 * GET /api/public/property-locations (consumer spec §7): the spec's list of public property
 * locations, unchanged, plus what a phone needs to read it cheaply: `?bbox=` / `?city=` for the
 * part of the country in view, a strong ETag with If-None-Match → 304, Cache-Control for public
 * data, and the body kept ready in brotli and gzip (compressed once per version, not per request).
 */
export default async function propertyLocationsRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const answers = new LocationsAnswers(deps.stores.readStore);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/property-locations',
    { schema: { tags: ['public'], querystring: PropertyLocationsQuery, response: { 200: z.array(PublicPropertyLocation), ...errorResponses(400) } } },
    async (request, reply) => send(request, reply, await answers.get(request.query)),
  );
}
