import {
  Location,
  nzLocations,
  PropertyIdParams,
  PropertyMapDetails,
  PropertySummary,
  PublicStats,
  PublicValuationSummary,
  RoleRecord,
  roleLabels,
  roleNames,
  SummaryQuery,
  hasPermission,
} from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import { findProperty, publicStats, recentCompletedValuations } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { staticJson } from '../plugins/static-json';
import propertyLocationsRoute from './property-locations';

const roleDescriptions: Record<(typeof roleNames)[number], string> = {
  general: 'Property owners and buyers using Kāinga for valuations.',
  admin: 'Kāinga staff who manage partners, plans and users.',
  mortgage_broker: 'Helps buyers and owners find and arrange home loans.',
  registered_valuer: 'Provides registered valuations for lending, legal and insurance purposes.',
  property_manager: 'Manages rental properties for owners: tenants, rent and maintenance.',
};

/** The public read side (signed out is fine) and the owner-only map details. */
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

  r.get('/api/public/stats', { schema: { tags: ['public'], response: { 200: PublicStats } } }, async () => publicStats(store));

  /** Anonymised: a value band and a confidence bucket, never the value, the address or the owner. */
  r.get('/api/summaries/valuations', { schema: { tags: ['public'], querystring: SummaryQuery, response: { 200: z.array(PublicValuationSummary), ...errorResponses(400) } } }, async (request) =>
    (await recentCompletedValuations(store, request.query.pageSize)).map((v) => ({
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
  );

  r.get('/api/summaries/properties/:id', { schema: { tags: ['public'], params: PropertyIdParams, response: { 200: PropertySummary, ...errorResponses(400, 404) } } }, async (request) => {
    const p = await findProperty(store, request.params.id);
    if (!p) throw new CommandError('not_found', 'Property not found.');
    return {
      propertyId: p._id,
      suburb: p.suburb,
      city: p.city,
      bedrooms: p.bedrooms,
      bathrooms: p.bathrooms,
      floorArea: p.floorArea,
      landArea: p.landArea,
      demo: p.demo,
      latestValuation: p.latestValuation ? { estimatedValueBand: p.latestValuation.band, confidenceBucket: p.latestValuation.bucket, createdAt: p.latestValuation.createdAt } : null,
    };
  });

  await app.register(propertyLocationsRoute, { deps });

  /** Exact figures: the owner and admins only. Everyone else gets 403, read by the map as "Owner Access Required". */
  r.get(
    '/api/properties/:id/map-details',
    { preHandler: requireUser(), schema: { tags: ['properties'], params: PropertyIdParams, response: { 200: PropertyMapDetails, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const user = currentUser(request);
      const p = await findProperty(store, request.params.id);
      if (!p) throw new CommandError('not_found', 'Property not found.');
      const isOwner = p.ownerId === user.id;
      if (!isOwner && !hasPermission(user.roles, 'read:property:detail')) throw new CommandError('forbidden', 'You can only view detailed information for properties you own.');
      const v = p.latestValuation;
      return {
        property: { address: p.address, suburb: p.suburb, city: p.city, bedrooms: p.bedrooms, bathrooms: p.bathrooms, floorArea: p.floorArea, landArea: p.landArea },
        latestValuation: v ? { estimatedValue: v.estimatedValue, conservativeValue: v.conservativeValue, optimisticValue: v.optimisticValue, confidence: v.confidence, createdAt: v.createdAt } : null,
        isOwner,
      };
    },
  );
}
