import { AuditExportQuery } from '@kainga/contracts';
import type { EventStore, ReadStore } from '@kainga/platform';
import { pageAuditLog, type AuditLogQuery } from '@kainga/projections';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { viewsOfDocs } from './event-views';
import { contentTypeOf, csvHeader, csvRow, ndjsonLine, type ExportFormat } from './export-format';
import { historyFiltersOf, viewedFiltersOf } from './history-filters';
import { recordHistoryView } from './history-view';

/** Events read from the read model (and their data from the log) per page of an export. */
export const EXPORT_PAGE = 500;

/**
 * The export's body: pages of the audit read model, one after another, each written as one chunk.
 * A Readable pulls the next page only when the client has taken what came before (back-pressure:
 * at most a page or two is ever held), so a long history is never built in memory.
 */
export function exportStream(stores: { eventStore: EventStore; readStore: ReadStore }, q: Omit<AuditLogQuery, 'after' | 'limit'> | null, format: ExportFormat): Readable {
  async function* chunks() {
    if (format === 'csv') yield csvHeader();
    if (!q) return;
    let after: string | undefined;
    do {
      const page = await pageAuditLog(stores.readStore, { ...q, after, limit: EXPORT_PAGE });
      const views = await viewsOfDocs(stores, page.docs);
      yield views.map(format === 'csv' ? csvRow : ndjsonLine).join('');
      after = page.nextAfter ?? undefined;
    } while (after !== undefined);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `kainga-events-20260301T101500Z.csv`: the time of the export, so two exports never share a name. */
const fileNameOf = (at: string, format: ExportFormat) => `kainga-events-${at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.${format}`;

/** GET /api/admin/events/export: the filtered view as a file, streamed. Recorded (AuditHistoryViewed) before the first byte. */
export default async function exportRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/events/export',
    {
      preHandler: routeGuard('GET /api/admin/events/export'),
      schema: {
        tags: ['admin'],
        description:
          'The filtered event history (the filters of GET /api/admin/events) as a file, streamed: `format=ndjson` (one event per line, as the page shows it; the default) or `format=csv` (RFC 4180, fixed columns, the data as one JSON cell). The export is recorded (AuditHistoryViewed).',
        querystring: AuditExportQuery,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const { order, format, ...filters } = request.query;
      const q = await historyFiltersOf(deps.stores.readStore, filters);
      const metadata = metadataOf(request);
      await recordHistoryView(deps, { kind: 'export', filters: viewedFiltersOf(filters), order, format }, { idempotencyKey: idempotencyKeyOf(request), metadata });
      const body = exportStream(deps.stores, q && { ...q, order }, format);
      body.on('error', (error) => request.log.error({ err: error }, 'the event history export failed part way'));
      // The typed reply knows the JSON error bodies only; the file is a stream, sent as it is.
      return (reply as FastifyReply)
        .header('cache-control', 'no-store')
        .header('content-type', contentTypeOf[format])
        .header('content-disposition', `attachment; filename="${fileNameOf(metadata.occurredAt, format)}"`)
        .send(body);
    },
  );
}
