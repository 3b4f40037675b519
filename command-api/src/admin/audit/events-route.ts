import { AuditEventPage, AuditEventQuery } from '@kainga/contracts';
import { pageAuditLog } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { viewsOfDocs } from './event-views';
import { cursorOf, seqOfCursor } from './history-cursor';
import { historyFiltersOf, viewedFiltersOf } from './history-filters';
import { recordHistoryView } from './history-view';

/**
 * GET /api/admin/events: the log, a page at a time, from the audit read model's indexes (never a
 * scan of `$all`). The first page of a view (no cursor) is recorded as an AuditHistoryViewed
 * before it is answered; the pages after it are the same view, read on.
 */
export default async function eventsRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/events',
    {
      preHandler: routeGuard('GET /api/admin/events'),
      schema: {
        tags: ['admin'],
        description:
          'One page of the event history (advert impressions and clicks left out), newest or oldest first. Filters combine with AND: `stream` (exact, or every stream of a kind when it ends with "-"), `type` (comma-separated, any of them), `actor` (user id or email), `correlationId`, `from` (inclusive) and `to` (exclusive) on the time the log recorded the event; `views=hide` leaves out the records of viewing the history (unless `type` names them). Follow `nextCursor` for the next page. The first page of a view is recorded (AuditHistoryViewed).',
        querystring: AuditEventQuery,
        response: { 200: AuditEventPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { order, cursor, limit, ...filters } = request.query;
      // Everything that can refuse the request first: a refused view is not a view.
      const after = cursor === undefined ? undefined : seqOfCursor(cursor, order);
      const q = await historyFiltersOf(deps.stores.readStore, filters);
      if (cursor === undefined) await recordHistoryView(deps, { kind: 'events', filters: viewedFiltersOf(filters), order }, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      if (!q) return { events: [], nextCursor: null };
      const page = await pageAuditLog(deps.stores.readStore, { ...q, order, after, limit });
      return { events: await viewsOfDocs(deps.stores, page.docs), nextCursor: page.nextAfter === null ? null : cursorOf(order, page.nextAfter) };
    },
  );
}
