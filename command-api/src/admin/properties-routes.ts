import { AdminProperty, AdminStats } from '@kainga/contracts';
import { adminStats, allProperties } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';

export default async function adminPropertyRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/properties',
    { preHandler: requireUser('admin:all'), schema: { tags: ['admin'], response: { 200: z.array(AdminProperty), ...errorResponses(401, 403) } } },
    async () =>
      (await allProperties(deps.stores.readStore)).map((p) => ({
        id: p._id,
        address: p.address,
        suburb: p.suburb,
        city: p.city,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        floorArea: p.floorArea,
        rateableValue: p.rateableValue,
        createdAt: p.createdAt,
      })),
  );
  r.get('/api/admin/stats', { preHandler: requireUser('admin:all'), schema: { tags: ['admin'], response: { 200: AdminStats, ...errorResponses(401, 403) } } }, async () =>
    adminStats(deps.stores.readStore),
  );
}
