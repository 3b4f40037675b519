import { AuditStreamQuery, AuditStreamTimeline } from '@kainga/contracts';
import { notFound } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { viewsOfEvents } from './event-views';
import { recordHistoryView } from './history-view';

const StreamParams = z.object({ stream: z.string().trim().min(1, 'stream must not be empty') });

/**
 * GET /api/admin/streams/:stream: one stream's timeline, oldest first, a page of revisions at a
 * time, read from the event store itself (a stream read is one range of its (stream, revision)
 * index). One event more than the page is read, to know whether the stream goes on. The first
 * page (fromRevision 0) is recorded as an AuditHistoryViewed before it is answered.
 */
export default async function streamRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/streams/:stream',
    {
      preHandler: routeGuard('GET /api/admin/streams/:stream'),
      schema: {
        tags: ['admin'],
        description: 'One stream’s events, oldest first, from `fromRevision` (0 when not given), at most `limit` (1–200, 200 when not given); `nextRevision` is where the next page starts, null at the end. 404 when there is no such stream. The first page is recorded (AuditHistoryViewed).',
        params: StreamParams,
        querystring: AuditStreamQuery,
        response: { 200: AuditStreamTimeline, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { stream } = request.params;
      const { fromRevision, limit } = request.query;
      const { eventStore, readStore } = deps.stores;
      const read = await eventStore.readStream(stream, { fromRevision, limit: limit + 1 });
      // Nothing from a later revision: an empty page of a stream that exists, or no stream at all.
      if (read.length === 0 && (fromRevision === 0 || (await eventStore.readStream(stream, { limit: 1 })).length === 0)) {
        throw notFound(`There is no stream named ${stream}.`);
      }
      if (fromRevision === 0) await recordHistoryView(deps, { kind: 'stream', stream }, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      const page = read.slice(0, limit);
      return { stream, events: await viewsOfEvents(readStore, page), nextRevision: read.length > limit ? page[page.length - 1]!.revision + 1 : null };
    },
  );
}
