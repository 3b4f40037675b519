import { ADMIN_AD_PERFORMANCE_DEFAULT_DAYS, ADMIN_AD_PERFORMANCE_MAX_DAYS, AdminAdPerformanceQuery, AdminAdPerformanceView, FilteredTrafficView } from '@kainga/contracts';
import { adminAdPerformance, filteredTrafficBetween, nzDayOf } from '@kainga/projections';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { firstDayOf } from './performance-routes';

const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The range asked (NZ days, both inclusive), or the 400 answer sent; shared by both admin reads. */
function rangeOf(query: { from?: string; to?: string }, reply: FastifyReply): { from: string; to: string } | null {
  const to = query.to ?? nzDayOf(new Date().toISOString());
  const from = query.from ?? firstDayOf(to, ADMIN_AD_PERFORMANCE_DEFAULT_DAYS);
  if (from > to) void reply.status(400).send({ message: `from (${from}) must not be after to (${to})` });
  else if (daysFrom(from, to) > ADMIN_AD_PERFORMANCE_MAX_DAYS) void reply.status(400).send({ message: `The range is ${daysFrom(from, to)} days; ask for at most ${ADMIN_AD_PERFORMANCE_MAX_DAYS}.` });
  else return { from, to };
  return null;
}

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
      const range = rangeOf(request.query, reply);
      if (!range) return reply;
      reply.header('cache-control', 'no-store');
      return adminAdPerformance(deps.stores.readStore, range.from, range.to);
    },
  );

  // Invalid traffic, counted apart (issue 48): what was filtered and why, for the same range.
  r.get(
    '/api/admin/ad-traffic-filtered',
    {
      preHandler: routeGuard('GET /api/admin/ad-traffic-filtered'),
      schema: {
        tags: ['admin'],
        description: 'Ad impressions and clicks filtered as invalid traffic (bots, adverts not served to that browser, repeats, per-address limits, clicks without an impression, past the month’s cap), by reason and by partner, per the same NZ days as the Ad Performance range. None of it reaches a partner’s figures, cap or bill.',
        querystring: AdminAdPerformanceQuery,
        response: { 200: FilteredTrafficView, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const range = rangeOf(request.query, reply);
      if (!range) return reply;
      reply.header('cache-control', 'no-store');
      return filteredTrafficBetween(deps.stores.readStore, range.from, range.to);
    },
  );
}
