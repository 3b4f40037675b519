import { hasPermission, PropertyIdParams, PropertyMapDetails } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import { findProperty, type PropertyDoc } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../plugins/actor';
import { JsonOnce } from '../plugins/json-once';
import { errorResponses } from '../plugins/schemas';

/** A property's exact figures on the map, for its owner and admins (needs the session, unlike the public map data). */
export default async function mapDetailsRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  /** Exact figures: the owner and admins only. Everyone else gets 403, read by the map as "Owner Access Required". */
  r.get(
    '/api/properties/:id/map-details',
    { preHandler: requireUser(), schema: { tags: ['properties'], params: PropertyIdParams, response: { 200: PropertyMapDetails, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await findProperty(store, request.params.id);
      if (!p) throw new CommandError('not_found', 'Property not found.');
      const isOwner = p.ownerId === user.id;
      if (!isOwner && !hasPermission(user.roles, 'read:property:detail')) throw new CommandError('forbidden', 'You can only view detailed information for properties you own.');
      return (isOwner ? ownerAnswers : otherAnswers).send(reply, p);
    },
  );
}

/** The answer for one version of a property document (frozen, so its body is kept: json-once.ts). */
const detailsAnswers = (isOwner: boolean) =>
  new JsonOnce<PropertyDoc>(PropertyMapDetails, (p) => {
    const v = p.latestValuation;
    return {
      property: { address: p.address, suburb: p.suburb, city: p.city, bedrooms: p.bedrooms, bathrooms: p.bathrooms, floorArea: p.floorArea, landArea: p.landArea, ...(p.propertyType ? { propertyType: p.propertyType } : {}) },
      latestValuation: v ? { estimatedValue: v.estimatedValue, conservativeValue: v.conservativeValue, optimisticValue: v.optimisticValue, confidence: v.confidence, createdAt: v.createdAt } : null,
      isOwner,
      placement: p.latitude === null || p.locationPrecision === null ? null : { precision: p.locationPrecision, accuracyKm: p.locationAccuracyKm ?? null, by: p.locatedBy ?? null },
    };
  });
const ownerAnswers = detailsAnswers(true);
const otherAnswers = detailsAnswers(false);
