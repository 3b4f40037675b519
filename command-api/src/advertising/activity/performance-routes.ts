import { AdPerformanceQuery, AdPerformanceView } from '@kainga/contracts';
import { nzDayOf, partnerAdPerformance } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { activePartner } from '../../partners/active-partner';
import { currentUser, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';

/** The first NZ day of the last `days` days ending on `today` (YYYY-MM-DD). */
export function firstDayOf(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /api/partner/ad-performance?role&days: the active partner role's real impressions, clicks
 * and leads per NZ day over the last `days` days (today included), and their totals with the
 * click-through rate (clicks / impressions). Replaces the old build's placeholder figures.
 * Read from the analytic model (`ad_analytics`) the admin's Ad Performance charts read too.
 */
export default async function adPerformanceRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  r.get(
    '/api/partner/ad-performance',
    { preHandler: routeGuard('GET /api/partner/ad-performance'), schema: { tags: ['partner'], querystring: AdPerformanceQuery, response: { 200: AdPerformanceView, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const partner = await activePartner(store, currentUser(request), request.query.role);
      const today = nzDayOf(new Date().toISOString());
      const from = firstDayOf(today, request.query.days);
      return partnerAdPerformance(store, partner._id, from, today);
    },
  );
}

