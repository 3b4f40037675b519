import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';

/** The most events one page of the history may hold, and how many it holds when not asked. */
export const AUDIT_PAGE_SIZE_MAX = 200;
export const AUDIT_PAGE_SIZE_DEFAULT = 50;

/**
 * The advert activity events (impressions and clicks) are not in the audit history: they are the
 * analysts' data, thousands a second, replayed with `npm run replay -- ads` or
 * GET /api/admin/ad-events. Everything else the log holds is.
 */
export const AUDIT_EXCLUDED_EVENT_TYPES = ['AdImpressionRecorded', 'AdClickRecorded'] as const;

const isoInstant = (field: string) =>
  z
    .string({ error: `${field} must be a date and time` })
    .refine((s) => !Number.isNaN(Date.parse(s)), `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`);

/**
 * The filters of GET /api/admin/events (and of its export). All optional; they combine with AND.
 * - `stream`: one stream exactly (`user-…`, `partnerApplication-…`), or, ending in '-', every
 *   stream of that kind (`partnerApplication-`).
 * - `type`: one event type, or several separated by commas (any of them).
 * - `actor`: a user id or an email address (resolved to the account's id when the events are read).
 * - `correlationId`: every event one request or workflow caused, across streams.
 * - `from`/`to`: the time the log recorded the event, `from` inclusive, `to` exclusive.
 * - `views`: 'hide' leaves out the records of viewing the history (AuditHistoryViewed), which
 *   otherwise fill the newest page with the admin's own looking; 'show' (the default) keeps them.
 *   A `type` that names them, or a `stream` of them (`auditViews-…`), shows them whatever `views` says.
 */
export const AuditEventFilters = z.object({
  stream: z.string({ error: 'stream must be text' }).trim().min(1, 'stream must not be empty').max(200, 'stream must be at most 200 characters').optional(),
  type: z
    .string({ error: 'type must be text' })
    .max(2000, 'type must be at most 2000 characters')
    .transform((s) => s.split(',').map((t) => t.trim()).filter(Boolean))
    .refine((types) => types.length <= 50, 'type may name at most 50 event types')
    .optional(),
  actor: z.string({ error: 'actor must be text' }).trim().min(1, 'actor must not be empty').max(320, 'actor must be at most 320 characters').optional(),
  correlationId: z.string({ error: 'correlationId must be text' }).trim().min(1, 'correlationId must not be empty').max(200, 'correlationId must be at most 200 characters').optional(),
  from: isoInstant('from').optional(),
  to: isoInstant('to').optional(),
  views: z.enum(['show', 'hide'], { error: "views must be 'show' or 'hide'" }).optional(),
});
export type AuditEventFilters = z.infer<typeof AuditEventFilters>;

/** The query of GET /api/admin/events: the filters, the order, and where the page starts. */
export const AuditEventQuery = AuditEventFilters.extend({
  order: z.enum(['newest', 'oldest'], { error: "order must be 'newest' or 'oldest'" }).default('newest'),
  /** The `nextCursor` of the previous page; absent for the first page. Opaque. */
  cursor: z.string({ error: 'cursor must be text' }).max(200, 'cursor is not one this service gave').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_SIZE_MAX, `limit must be at most ${AUDIT_PAGE_SIZE_MAX}`)
    .default(AUDIT_PAGE_SIZE_DEFAULT),
});
export type AuditEventQuery = z.infer<typeof AuditEventQuery>;

/** The query of GET /api/admin/events/export: the filters, the order and the file format. */
export const AuditExportQuery = AuditEventFilters.extend({
  order: z.enum(['newest', 'oldest'], { error: "order must be 'newest' or 'oldest'" }).default('newest'),
  format: z.enum(['csv', 'ndjson'], { error: "format must be 'csv' or 'ndjson'" }).default('ndjson'),
});
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** Who did it, resolved when the history is read (a deleted or unknown account keeps only its id). */
export const AuditActor = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditActor = z.infer<typeof AuditActor>;

/** One event as the history shows it. `data` is the event's data as the log holds it. */
export const AuditEventView = z.object({
  id: z.string(),
  /** The event's place in the whole log (opaque, sorts in log order). */
  position: z.string(),
  stream: z.string(),
  /** 0-based revision inside its stream. */
  revision: z.number().int(),
  type: z.string(),
  /** When the log stored it (ISO 8601). */
  recordedAt: z.string(),
  /** When the command that caused it was issued (ISO 8601, from the metadata). */
  occurredAt: z.string().nullable(),
  /** null: the service itself (a workflow, a reactor, the demo seed, an ops command). */
  actor: AuditActor.nullable(),
  actorRoles: z.array(RoleNameSchema),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  data: z.unknown(),
});
export type AuditEventView = z.infer<typeof AuditEventView>;

/** GET /api/admin/events: one page; `nextCursor` is null on the last page. */
export const AuditEventPage = z.object({
  events: z.array(AuditEventView),
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof AuditEventPage>;

/** The query of GET /api/admin/streams/{stream}: oldest first, from revision `fromRevision`. */
export const AuditStreamQuery = z.object({
  fromRevision: z.coerce.number({ error: 'fromRevision must be a number' }).int('fromRevision must be a whole number').min(0, 'fromRevision must be 0 or more').default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_SIZE_MAX, `limit must be at most ${AUDIT_PAGE_SIZE_MAX}`)
    .default(AUDIT_PAGE_SIZE_MAX),
});
export type AuditStreamQuery = z.infer<typeof AuditStreamQuery>;

/** GET /api/admin/streams/{stream}: one aggregate's timeline, oldest first; 404 when no such stream. */
export const AuditStreamTimeline = z.object({
  stream: z.string(),
  events: z.array(AuditEventView),
  /** The revision to ask for next (`fromRevision`), null when this page reached the stream's end. */
  nextRevision: z.number().int().nullable(),
});
export type AuditStreamTimeline = z.infer<typeof AuditStreamTimeline>;
