import { PublicPropertyExtent, PublicPropertyLocation } from '@kainga/contracts';
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
import { propertyExtent } from './property-extent';

const coordinate = (name: string, limit: number) => z.number().min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`);
const Box = z.object({ minLon: coordinate('minLon', 180), minLat: coordinate('minLat', 90), maxLon: coordinate('maxLon', 180), maxLat: coordinate('maxLat', 90) }).refine((b) => b.minLat <= b.maxLat, 'minLat must not be above maxLat');

/** The most properties one answer may be asked to carry (`limit`). */
export const MAX_LOCATIONS_LIMIT = 5000;
/** How many properties matched a query, sent with every answer (the body may hold fewer, see `limit`). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * `bbox=minLon,minLat,maxLon,maxLat` (degrees, as GeoJSON orders them; minLon above maxLon is a box
 * across the antimeridian) and/or `city=` (exact name): only those properties. Without either,
 * every located property, as the spec's route gives them.
 *
 * `limit=N` (1…5000) bounds the answer, so a phone looking at the whole country downloads a bounded
 * amount: when more properties match, the answer holds N of them, an even sample (chosen by a hash
 * of the id, so it is the same on every request and spread over the area as the properties are),
 * and the `X-Total-Count` header says how many matched. The map asks with a limit per tile and
 * shows "N of M"; zoomed in, its smaller tiles hold every property.
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
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LOCATIONS_LIMIT, `limit must be at most ${MAX_LOCATIONS_LIMIT}`)
    .optional(),
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
  /** How many properties matched (the body may hold fewer: `limit`). */
  total: number;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** FNV-1a: a cheap, stable 32-bit hash of an id, the sampling order of a limited answer. */
function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** At most `limit` of the rows, an even sample by id hash, in their original order. */
export function sampleRows<T extends { _id: string }>(rows: readonly T[], limit: number | undefined): readonly T[] {
  if (limit === undefined || rows.length <= limit) return rows;
  const chosen = new Set(
    rows
      .map((row) => ({ id: row._id, hash: idHash(row._id) }))
      .sort((a, b) => a.hash - b.hash || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((row) => row.id),
  );
  return rows.filter((row) => chosen.has(row._id));
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

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

  get(query: z.infer<typeof PropertyLocationsQuery>): Promise<Answer> {
    const key = `${query.bbox ? [query.bbox.minLon, query.bbox.minLat, query.bbox.maxLon, query.bbox.maxLat].join(',') : ''}|${query.city ?? ''}|${query.limit ?? ''}`;
    return this.answer(key, async () => {
      const rows = await locatedProperties(this.store, { bbox: query.bbox, city: query.city });
      const body = JSON.stringify(z.array(PublicPropertyLocation).parse(sampleRows(rows, query.limit).map(toPublic)));
      return { body, total: rows.length, etag: etagOf(body) };
    });
  }

  /** The extent and New Zealand-wide figures: one read of the located properties per version. */
  extent(): Promise<Answer> {
    return this.answer('extent', async () => {
      const rows = await locatedProperties(this.store);
      const body = JSON.stringify(PublicPropertyExtent.parse(propertyExtent(rows)));
      return { body, total: rows.length, etag: etagOf(body) };
    });
  }

  private async answer(key: string, build: () => Promise<Answer>): Promise<Answer> {
    const version = await this.store.getCheckpoint(PROPERTIES);
    if (version !== this.version) {
      this.answers.clear();
      this.version = version;
    }
    const kept = this.answers.get(key);
    if (kept) return kept;
    const answer = await build();
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
  reply
    .header('etag', answer.etag)
    .header('cache-control', LOCATIONS_CACHE_CONTROL)
    .header('vary', 'accept-encoding')
    .header(TOTAL_COUNT_HEADER, String(answer.total));
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
 *
 * GET /api/public/property-locations/extent: what the map needs before it knows its view (the box
 * to fit, the total and valued counts, the New Zealand-wide figures of the insights panel), with
 * the same ETag, Cache-Control and compression, computed once per version of the read model.
 */
export default async function propertyLocationsRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const answers = new LocationsAnswers(deps.stores.readStore);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/property-locations',
    { schema: { tags: ['public'], querystring: PropertyLocationsQuery, response: { 200: z.array(PublicPropertyLocation), ...errorResponses(400) } } },
    async (request, reply) => send(request, reply, await answers.get(request.query)),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/property-locations/extent',
    { schema: { tags: ['public'], response: { 200: PublicPropertyExtent } } },
    async (request, reply) => send(request, reply, await answers.extent()),
  );
}
