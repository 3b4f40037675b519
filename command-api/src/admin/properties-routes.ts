import { AdminListQuery, AdminProperty, AdminStats } from '@kainga/contracts';
import { adminStats, pageProperties } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { ADMIN_LIST_DESCRIPTION, pageWindow, TOTAL_COUNT_HEADER } from './admin-list';

export default async function adminPropertyRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * The admin's property overview (partner/admin spec §7 "list"), a page at a time: the spec's
   * dashboard shows the first 10 and how many more there are, which a list of every property
   * (4.2 MB at 20,000) paid for in full on every visit.
   */
  r.get(
    '/api/admin/properties',
    {
      preHandler: routeGuard('GET /api/admin/properties'),
      schema: {
        tags: ['admin'],
        description: `${ADMIN_LIST_DESCRIPTION} Search: address (with or without its number), suburb or city.`,
        querystring: AdminListQuery,
        response: { 200: z.array(AdminProperty), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, total } = await pageProperties(deps.stores.readStore, pageWindow(request.query), request.query.search);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items.map((p) => ({
        id: p._id,
        address: p.address,
        suburb: p.suburb,
        city: p.city,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        floorArea: p.floorArea,
        rateableValue: p.rateableValue,
        createdAt: p.createdAt,
      }));
    },
  );
  r.get('/api/admin/stats', { preHandler: routeGuard('GET /api/admin/stats'), schema: { tags: ['admin'], response: { 200: AdminStats, ...errorResponses(401, 403) } } }, async () =>
    adminStats(deps.stores.readStore),
  );
}
