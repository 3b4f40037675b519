import { PropertyIdParams, PublicPropertyExtent, PublicPropertyLocation } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import type { ReadStore } from '@kainga/platform';
import { findPublicProperty, locatedProperties, PROPERTIES, type LocatedProperty, type LonLatBox } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { errorResponses } from '../plugins/schemas';
import { CachedAnswers, etagOf, PUBLIC_READ_CACHE_CONTROL, sendAnswer, type Answer } from './cached-answers';
import { propertyExtent } from './property-extent';

const coordinate = (name: string, limit: number) => z.number().min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`);
const Box = z.object({ minLon: coordinate('minLon', 180), minLat: coordinate('minLat', 90), maxLon: coordinate('maxLon', 180), maxLat: coordinate('maxLat', 90) }).refine((b) => b.minLat <= b.maxLat, 'minLat must not be above maxLat');

/** The most properties one answer may be asked to carry (`limit`). */
export const MAX_LOCATIONS_LIMIT = 5000;

/**
 * Valid boxes as parsed, by the text asked for: the map asks for the same tiles again and again,
 * and splitting, converting and checking a box with zod made the tile's query ~2–2.9 µs to
 * validate against ~0.4–0.6 µs (safeParse of the tile query in a loop). Frozen, as every request
 * with that text shares it. Emptied when full.
 */
const parsedBoxes = new Map<string, LonLatBox>();
const MAX_PARSED_BOXES = 2000;
/** A box's numbers as the answers' cache key. */
const boxKeyOf = (box: LonLatBox) => [box.minLon, box.minLat, box.maxLon, box.maxLat].join(',');
/** The cache key of each parsed box, worked out once per box. */
const boxKeys = new WeakMap<LonLatBox, string>();

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
      const known = parsedBoxes.get(value);
      if (known) return known;
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
      const parsed = Object.freeze(box.data as LonLatBox);
      boxKeys.set(parsed, boxKeyOf(parsed));
      if (parsedBoxes.size >= MAX_PARSED_BOXES) parsedBoxes.clear();
      parsedBoxes.set(value, parsed);
      return parsed;
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
 * Answers of the public map kept per version of the `properties` read model (CachedAnswers):
 * a repeated query costs neither a store read nor serialising nor compressing.
 */
export class LocationsAnswers {
  private readonly answers: CachedAnswers;

  constructor(private readonly store: ReadStore) {
    this.answers = new CachedAnswers(store, PROPERTIES);
  }

  get(query: z.infer<typeof PropertyLocationsQuery>): Promise<Answer> {
    const box = query.bbox;
    const key = `${box ? (boxKeys.get(box) ?? boxKeyOf(box)) : ''}|${query.city ?? ''}|${query.limit ?? ''}`;
    return this.answers.get(key, async () => {
      const rows = await locatedProperties(this.store, { bbox: query.bbox, city: query.city });
      const body = JSON.stringify(z.array(PublicPropertyLocation).parse(sampleRows(rows, query.limit).map(toPublic)));
      return { body, total: rows.length, etag: etagOf(body) };
    });
  }

  /** The extent and New Zealand-wide figures: one read of the located properties per version. */
  extent(): Promise<Answer> {
    return this.answers.get('extent', async () => {
      const rows = await locatedProperties(this.store);
      const body = JSON.stringify(PublicPropertyExtent.parse(propertyExtent(rows)));
      return { body, total: rows.length, etag: etagOf(body) };
    });
  }
}

/**
 * GET /api/public/property-locations (consumer spec §7): the spec's list of public property
 * locations, unchanged, plus what a phone needs to read it cheaply: `?bbox=` / `?city=` for the
 * part of the country in view, a strong ETag with If-None-Match → 304, Cache-Control for public
 * data, and the body kept ready in brotli and gzip (compressed once per version, not per request).
 *
 * GET /api/public/property-locations/{id}: one located property's public location (404 if none).
 *
 * None of them shows a property its owner hid from the public (issue 11).
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
    async (request, reply) => sendAnswer(request, reply, await answers.get(request.query)),
  );
  // One property's public location (the same fields as in the list): what the map needs to open
  // with that property selected and centred (/map?property=<id>) before its tile is loaded.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/property-locations/:id',
    { schema: { tags: ['public'], params: PropertyIdParams, response: { 200: PublicPropertyLocation, ...errorResponses(400, 404) } } },
    async (request, reply) => {
      // A property its owner hid is not found here, as on the map (issue 11).
      const p = await findPublicProperty(deps.stores.readStore, request.params.id);
      if (!p || p.latitude === null || p.longitude === null) throw new CommandError('not_found', 'Property not found.');
      // Asked again each time, as the other public reads are: an owner who hides the property
      // takes it off at once, not a minute later (issue 11).
      return reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL).send(toPublic({ ...p, latitude: p.latitude, longitude: p.longitude }));
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/property-locations/extent',
    { schema: { tags: ['public'], response: { 200: PublicPropertyExtent } } },
    async (request, reply) => sendAnswer(request, reply, await answers.extent()),
  );
}
