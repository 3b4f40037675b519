import { AdminAdEventsQuery, type AdEventTextFormat } from '@kainga/contracts';
import { invalid } from '@kainga/platform';
import { adRecordPages, encodedChunks, parseRange, QUERY_BOUND_NAMES, ReplayUsageError, seekStart, textEncoder, type Bound, type ReplayRange } from '@kainga/projections/ad-records';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { AppDeps } from '../deps';
import { routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';

const CONTENT_TYPES: Record<AdEventTextFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Bytes buffered ahead of the socket; past it no further page is read (1,000 NDJSON records are ~0.5 MB), so memory stays at a page or two. */
const STREAM_HIGH_WATER_MARK = 256 * 1024;

/** A bound as a file-name part: `20260301T000000Z` for a time, the plain number for a position. */
function boundLabel(bound: Bound | null, open: string): string {
  if (!bound) return open;
  if (bound.kind === 'time') return bound.text.replace(/[-:]/g, '').replace(/\.000Z$/, 'Z').replace('.', '_');
  return bound.position.replace(/^0+(?=\d)/, '');
}

/** `ad-events_<from>_<to>.<format>`, only characters every file system accepts. */
export const adEventsFileName = (range: ReplayRange, format: AdEventTextFormat): string =>
  `ad-events_${boundLabel(range.from, 'start')}_${boundLabel(range.to, 'end')}.${format}`;

/**
 * `GET /api/admin/ad-events`: the ad impressions and clicks of a range of the log, the records of
 * `npm run replay -- ads` byte for byte (same columns, same NDJSON or CSV, same range rules), as a
 * download. Admins only (admin:audit); analysts with the store's address use the CLI.
 *
 * The body is a stream pulled from the event store a page at a time: a page is read only when the
 * socket has taken the bytes before it, so a long range or a slow client never gathers in memory.
 * Its end is fixed when the first page is read, as the CLI's is. A bad range or format answers 400
 * before anything is read; a store failure once bytes have gone out can only cut the response
 * short (the 200 and its headers are already sent), which a client sees as a broken download.
 */
export default async function adminAdEventsRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adapter = deps.config.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite';

  r.get(
    '/api/admin/ad-events',
    {
      preHandler: routeGuard('GET /api/admin/ad-events'),
      schema: {
        tags: ['admin'],
        description:
          'The ad impressions and clicks recorded in a range of the event log, in log order, as NDJSON (application/x-ndjson) or CSV (text/csv, with a header): a download, streamed. `from` inclusive, `to` exclusive: a UTC day (YYYY-MM-DD; as `to`, the whole day), an ISO timestamp with its zone, or a log position.',
        querystring: AdminAdEventsQuery,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, typedReply) => {
      // The typed reply knows the JSON answers only; the stream goes out untyped.
      const reply = typedReply as unknown as FastifyReply;
      const { format } = request.query;
      let range: ReplayRange;
      try {
        // An empty parameter (`?from=&to=`, as a form sends it) means that end is open.
        range = parseRange(request.query.from || undefined, request.query.to || undefined, QUERY_BOUND_NAMES);
      } catch (error) {
        if (error instanceof ReplayUsageError) throw invalid(error.message);
        throw error;
      }
      const store = deps.stores.eventStore;
      const after = await seekStart(store, range.from, adapter);
      const chunks = encodedChunks(adRecordPages(store, { range, after }), textEncoder(format));
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${adEventsFileName(range, format)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks, { objectMode: false, highWaterMark: STREAM_HIGH_WATER_MARK }));
    },
  );
}
