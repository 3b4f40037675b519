import { z } from 'zod';

/**
 * Viewing the event history is itself recorded (issue 12: "who looked at whose history, when"),
 * and those records are in the history too, so an admin can filter `type=AuditHistoryViewed`.
 *
 * One stream per admin and UTC day, `auditViews-<adminId>-<YYYY-MM-DD>`: a view never depends on
 * an earlier one (nothing to decide but "record it"), and a day bounds what each append reads
 * back (the command handler reads the stream for idempotency), however many views an admin makes
 * over the years. Every view of one admin: `stream=auditViews-<adminId>-`.
 */
export const auditViewsStream = (adminId: string, at: Date | string) => `auditViews-${adminId}-${new Date(at).toISOString().slice(0, 10)}`;

/** The filters as the request gave them (`type` already split into a list), so the record reads as the query did. */
export const AuditViewedFilters = z.object({
  stream: z.string().optional(),
  type: z.array(z.string()).optional(),
  actor: z.string().optional(),
  correlationId: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
export type AuditViewedFilters = z.infer<typeof AuditViewedFilters>;

/** What was looked at: a filtered page of the log, one stream's timeline, or an export of a filtered view. */
export const AuditViewed = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('events'), filters: AuditViewedFilters, order: z.enum(['newest', 'oldest']) }),
  z.object({ kind: z.literal('stream'), stream: z.string() }),
  z.object({ kind: z.literal('export'), filters: AuditViewedFilters, order: z.enum(['newest', 'oldest']), format: z.enum(['csv', 'ndjson']) }),
]);
export type AuditViewed = z.infer<typeof AuditViewed>;

export const AuditHistoryViewed = z.object({
  type: z.literal('AuditHistoryViewed'),
  data: z.object({ viewerId: z.string(), viewed: AuditViewed, viewedAt: z.string() }),
});

export const AuditViewEvent = z.discriminatedUnion('type', [AuditHistoryViewed]);
export type AuditViewEvent = z.infer<typeof AuditViewEvent>;
export const auditViewEventTypes = ['AuditHistoryViewed'] as const;
