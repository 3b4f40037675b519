import { z } from 'zod';

/**
 * The text formats of the ad activity records, the same over HTTP and from the replay CLI (which
 * also writes Parquet, a file format an analyst's tools open, not one to stream to a browser).
 */
export const AD_EVENT_TEXT_FORMATS = ['ndjson', 'csv'] as const;
export type AdEventTextFormat = (typeof AD_EVENT_TEXT_FORMATS)[number];

/**
 * `GET /api/admin/ad-events`: the ad impressions and clicks of a range of the event log, in log
 * order, one flat record each (the columns of `npm run replay -- ads`). Both ends are optional and
 * read as the CLI reads `--from`/`--to`; an empty value is the same as none. Whether a bound is a
 * real day, a timestamp with its zone or a position is checked by the server's range parser, which
 * answers 400 with the reason.
 */
export const AdminAdEventsQuery = z.object({
  from: z.string().max(64).optional().describe('First day (YYYY-MM-DD, UTC), instant (ISO timestamp with its zone) or log position; inclusive. Absent: the start of the log.'),
  to: z.string().max(64).optional().describe("End (YYYY-MM-DD, UTC: that day's first instant), instant or log position; exclusive, so from=2026-03-01&to=2026-03-02 is 1 March. Absent: the end of the log when the request starts."),
  format: z.enum(AD_EVENT_TEXT_FORMATS, { error: 'format must be ndjson or csv (Parquet: the replay CLI)' }).default('ndjson').describe('ndjson (default) or csv (RFC 4180, with a header).'),
});
export type AdminAdEventsQuery = z.infer<typeof AdminAdEventsQuery>;
