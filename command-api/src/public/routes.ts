import {
  Location,
  nzLocations,
  PropertyIdParams,
  PropertySummary,
  PublicStats,
  PublicValuationSummary,
  RoleRecord,
  roleLabels,
  roleNames,
  SummaryQuery,
} from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import { findPublicProperty, publicStats, recentCompletedValuations, valuationsProjector, type PropertyDoc } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { JsonOnce } from '../plugins/json-once';
import { errorResponses } from '../plugins/schemas';
import { staticJson } from '../plugins/static-json';
import { CachedAnswers, etagOf, sendAnswer } from './cached-answers';
import propertyDirectoryRoute from './property-directory';
import propertyLocationsRoute from './property-locations';

const roleDescriptions: Record<(typeof roleNames)[number], string> = {
  general: 'Property owners and buyers using Kāinga for valuations.',
  admin: 'Kāinga staff who manage partners, plans and users.',
  mortgage_broker: 'Helps buyers and owners find and arrange home loans.',
  registered_valuer: 'Provides registered valuations for lending, legal and insurance purposes.',
  property_manager: 'Manages rental properties for owners: tenants, rent and maintenance.',
};

/**
 * The public read side: nothing here reads a session, so these routes run outside the session
 * scope (app.ts) and pay nothing for cookies or sessions.
 */
export default async function publicRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  const locations = staticJson(z.array(Location), [...nzLocations]);
  r.get('/api/locations', { schema: { tags: ['public'], response: { 200: z.array(Location) } } }, async (_req, reply) =>
    locations(reply.header('cache-control', 'public, max-age=86400')),
  );

  const roles = staticJson(
    z.array(RoleRecord),
    roleNames.map((name) => ({ id: name, name: roleLabels[name], description: roleDescriptions[name] })),
  );
  r.get('/api/roles', { schema: { tags: ['public'], response: { 200: z.array(RoleRecord) } } }, async (_req, reply) => roles(reply));

  // publicStats hands out one object per change of what it counts (its memo): its body is kept with it.
  const statsAnswers = new JsonOnce<PublicStats>(PublicStats, (stats) => stats, () => true);
  r.get('/api/public/stats', { schema: { tags: ['public'], response: { 200: PublicStats } } }, async (_request, reply) => statsAnswers.send(reply, await publicStats(store)));

  /**
   * Anonymised: a value band and a confidence bucket, never the value, the address or the owner.
   * The answer for each page size is built (checked against its schema) once per version of the
   * valuations read model and kept with its ETag: the home and map pages ask for it on every
   * visit, and it changes only when a valuation completes.
   */
  const summaries = new CachedAnswers(store, valuationsProjector.name);
  const Summaries = z.array(PublicValuationSummary);
  r.get(
    '/api/summaries/valuations',
    { schema: { tags: ['public'], querystring: SummaryQuery, response: { 200: Summaries, ...errorResponses(400) } } },
    async (request, reply) => {
      const { pageSize } = request.query;
      const answer = await summaries.get(String(pageSize), async () => {
        const body = JSON.stringify(
          Summaries.parse(
            (await recentCompletedValuations(store, pageSize)).map((v) => ({
              valuationId: v._id,
              suburb: v.property.suburb,
              city: v.property.city,
              bedrooms: v.property.bedrooms,
              bathrooms: v.property.bathrooms,
              floorArea: v.property.floorArea,
              createdAt: v.createdAt,
              estimatedValueBand: v.band!,
              confidenceBucket: v.bucket!,
              demo: v.demo,
            })),
          ),
        );
        return { body, etag: etagOf(body) };
      });
      return sendAnswer(request, reply, answer);
    },
  );

  // The summary of one version of a property document (frozen, so its body is kept: json-once.ts).
  const summaryAnswers = new JsonOnce<PropertyDoc>(PropertySummary, (p) => ({
    propertyId: p._id,
    suburb: p.suburb,
    city: p.city,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    floorArea: p.floorArea,
    landArea: p.landArea,
    demo: p.demo,
    latestValuation: p.latestValuation ? { estimatedValueBand: p.latestValuation.band, confidenceBucket: p.latestValuation.bucket, createdAt: p.latestValuation.createdAt } : null,
  }));
  r.get('/api/summaries/properties/:id', { schema: { tags: ['public'], params: PropertyIdParams, response: { 200: PropertySummary, ...errorResponses(400, 404) } } }, async (request, reply) => {
    // A property its owner hid from the public has no public summary (issue 11).
    const p = await findPublicProperty(store, request.params.id);
    if (!p) throw new CommandError('not_found', 'Property not found.');
    return summaryAnswers.send(reply, p);
  });

  await app.register(propertyLocationsRoute, { deps });
  await app.register(propertyDirectoryRoute, { deps });
}
