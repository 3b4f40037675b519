import { AdminListQuery, AdminProperty, AdminStats } from '@kainga/contracts';
import { adminStats, pageProperties, PROPERTIES, type PropertyDoc } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { routeGuard } from '../plugins/actor';
import { JsonOnce } from '../plugins/json-once';
import { errorResponses } from '../plugins/schemas';
import { CachedAnswers } from '../public/cached-answers';
import { ADMIN_LIST_DESCRIPTION, adminPageKey, pageWindow, sendAdminPage, type AdminPage } from './admin-list';

const AdminProperties = z.array(AdminProperty);

export default async function adminPropertyRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  /** Pages kept per version of the properties read model, as the user list's (users-routes.ts says why). */
  const pages = new CachedAnswers<AdminPage>(store, PROPERTIES);
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
        response: { 200: AdminProperties, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = await pages.get(adminPageKey(query), async () => {
        const { items, total } = await pageProperties(store, pageWindow(query), query.search);
        return { body: JSON.stringify(AdminProperties.parse(items.map(toAdminProperty))), total };
      });
      return sendAdminPage(reply, page);
    },
  );
  // adminStats hands out one object per change of what it counts (its memo): its body is kept with it.
  const statsAnswers = new JsonOnce<AdminStats>(AdminStats, (stats) => stats, () => true);
  r.get('/api/admin/stats', { preHandler: routeGuard('GET /api/admin/stats'), schema: { tags: ['admin'], response: { 200: AdminStats, ...errorResponses(401, 403) } } }, async (_request, reply) =>
    statsAnswers.send(reply, await adminStats(store)),
  );
}

const toAdminProperty = (p: PropertyDoc): AdminProperty => ({
  id: p._id,
  address: p.address,
  suburb: p.suburb,
  city: p.city,
  bedrooms: p.bedrooms,
  bathrooms: p.bathrooms,
  floorArea: p.floorArea,
  rateableValue: p.rateableValue,
  createdAt: p.createdAt,
  valuations: p.valuations,
  latestValuationId: p.latestValuation?.valuationId ?? null,
});
