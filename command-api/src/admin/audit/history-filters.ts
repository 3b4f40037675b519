import { AUDIT_EXCLUDED_EVENT_TYPES, auditViewEventTypes, type AuditEventFilters, type AuditViewedFilters } from '@kainga/contracts';
import { invalid, type ReadStore } from '@kainga/platform';
import { USERS, type AuditLogQuery } from '@kainga/projections';

/** The audit read model's query of a request's filters (no order, cursor or page size yet). */
export type HistoryFilters = Omit<AuditLogQuery, 'order' | 'after' | 'limit'>;

/** A time as the log records it (24-character ISO 8601 UTC), so it compares with recordedAt as text. */
function instant(field: 'from' | 'to', value: string): string {
  const ms = Date.parse(value);
  const year = new Date(ms).getUTCFullYear();
  if (Number.isNaN(ms) || year < 1 || year > 9999) throw invalid(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`);
  return new Date(ms).toISOString();
}

const excluded = new Set<string>(AUDIT_EXCLUDED_EVENT_TYPES);

/**
 * The filters of GET /api/admin/events (and its export) as a query of the audit read model, or
 * null when they can match nothing (an actor email no account has). The actor may be a user id
 * or an email (matched as given, then in lower case, on the users read model's email index).
 */
export async function historyFiltersOf(readStore: ReadStore, f: AuditEventFilters): Promise<HistoryFilters | null> {
  const q: HistoryFilters = {};
  if (f.stream !== undefined) {
    if (f.stream.endsWith('-')) q.streamPrefix = f.stream;
    else q.stream = f.stream;
  }
  if (f.type && f.type.length > 0) {
    const advert = f.type.find((t) => excluded.has(t));
    if (advert) throw invalid(`${advert} is not in the event history: advert impressions and clicks are the analysts' data, read with GET /api/admin/ad-events.`);
    q.types = f.type;
  }
  // Hidden views: unless the types or the stream asked for are the views (hiding would answer nothing).
  const asksForViews = q.types?.some((t) => (auditViewEventTypes as readonly string[]).includes(t)) || f.stream?.startsWith('auditViews-');
  if (f.views === 'hide' && !asksForViews) q.excludeTypes = auditViewEventTypes;
  if (f.correlationId !== undefined) q.correlationId = f.correlationId;
  if (f.from !== undefined) q.from = instant('from', f.from);
  if (f.to !== undefined) q.to = instant('to', f.to);
  if (q.from !== undefined && q.to !== undefined && q.from >= q.to) throw invalid('from must be before to.');
  if (f.actor !== undefined) {
    if (!f.actor.includes('@')) q.actorId = f.actor;
    else {
      const emails = [...new Set([f.actor, f.actor.toLowerCase()])];
      const [user] = await readStore.collection(USERS).find({ email: { $in: emails } }, { limit: 1, projection: { _id: 1 } });
      if (!user) return null;
      q.actorId = user._id;
    }
  }
  return q;
}

/** The filters as the view record keeps them: as the admin gave them (type split into a list). */
export function viewedFiltersOf(f: AuditEventFilters): AuditViewedFilters {
  const out: AuditViewedFilters = {};
  if (f.stream !== undefined) out.stream = f.stream;
  if (f.type && f.type.length > 0) out.type = f.type;
  if (f.actor !== undefined) out.actor = f.actor;
  if (f.correlationId !== undefined) out.correlationId = f.correlationId;
  if (f.from !== undefined) out.from = f.from;
  if (f.to !== undefined) out.to = f.to;
  return out;
}
