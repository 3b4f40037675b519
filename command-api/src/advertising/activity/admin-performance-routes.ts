import { ADMIN_AD_PERFORMANCE_DEFAULT_DAYS, ADMIN_AD_PERFORMANCE_MAX_DAYS, AdminAdPerformanceQuery, AdminAdPerformanceView } from '@kainga/contracts';
import { adminAdPerformance, nzDayOf } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { firstDayOf } from './performance-routes';

const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * GET /api/admin/ad-performance?from&to: the admin's Ad Performance section — every partner's
 * impressions, clicks, click-through and leads per NZ day, by tier and by placement, read from
 * the live analytic read model (`ad_analytics`). At most a year a request, so one answer stays
 * a few hundred numbers per series.
 */
export default async function adminAdPerformanceRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/ad-performance',
    {
      preHandler: routeGuard('GET /api/admin/ad-performance'),
      schema: {
        tags: ['admin'],
        description: `Impressions, clicks, click-through and leads per New Zealand day, by tier and by placement. \`from\`/\`to\`: NZ days (YYYY-MM-DD, inclusive); \`to\` defaults to today, \`from\` to ${ADMIN_AD_PERFORMANCE_DEFAULT_DAYS} days before it; at most ${ADMIN_AD_PERFORMANCE_MAX_DAYS} days.`,
        querystring: AdminAdPerformanceQuery,
        response: { 200: AdminAdPerformanceView, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const to = request.query.to ?? nzDayOf(new Date().toISOString());
      const from = request.query.from ?? firstDayOf(to, ADMIN_AD_PERFORMANCE_DEFAULT_DAYS);
      if (from > to) return reply.status(400).send({ message: `from (${from}) must not be after to (${to})` });
      if (daysFrom(from, to) > ADMIN_AD_PERFORMANCE_MAX_DAYS) return reply.status(400).send({ message: `The range is ${daysFrom(from, to)} days; ask for at most ${ADMIN_AD_PERFORMANCE_MAX_DAYS}.` });
      reply.header('cache-control', 'no-store');
      return adminAdPerformance(deps.stores.readStore, from, to);
    },
  );
}
