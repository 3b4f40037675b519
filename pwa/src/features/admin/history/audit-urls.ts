/**
 * The addresses of the audit API (contracts/src/api/admin-audit.ts): the log, one stream's
 * timeline and the export. Built here, apart from the components, so they are tested.
 */
import { hidesViews, type HistoryFilters, type HistoryOrder } from './history-view';

export const AUDIT_EVENTS_PATH = '/api/admin/events';
export const AUDIT_STREAMS_PATH = '/api/admin/streams';
export const AUDIT_EXPORT_PATH = '/api/admin/events/export';

/** Events a page asks for (the API's default, AUDIT_PAGE_SIZE_DEFAULT; contracts' zod values stay out of the bundle). */
export const HISTORY_PAGE_SIZE = 50;
/** Events a page of one stream's timeline asks for: most aggregates fit in one. */
export const TIMELINE_PAGE_SIZE = 100;

export type ExportFormat = 'csv' | 'ndjson';

function filterParams(filters: HistoryFilters, order: HistoryOrder): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.stream) params.set('stream', filters.stream);
  if (filters.types.length > 0) params.set('type', filters.types.join(','));
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.correlationId) params.set('correlationId', filters.correlationId);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  // Filtered by the server, so a page of the newest events stays full.
  if (hidesViews(filters)) params.set('views', 'hide');
  params.set('order', order);
  return params;
}

/** GET /api/admin/events: one page of the filtered log, from `cursor` (the previous page's nextCursor). */
export function auditEventsUrl(filters: HistoryFilters, order: HistoryOrder, cursor?: string | null, limit = HISTORY_PAGE_SIZE): string {
  const params = filterParams(filters, order);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return `${AUDIT_EVENTS_PATH}?${params.toString()}`;
}

/** GET /api/admin/streams/{stream}: one aggregate's timeline from `fromRevision`, oldest first. */
export function auditStreamUrl(stream: string, fromRevision = 0, limit = TIMELINE_PAGE_SIZE): string {
  return `${AUDIT_STREAMS_PATH}/${encodeURIComponent(stream)}?fromRevision=${fromRevision}&limit=${limit}`;
}

/** GET /api/admin/events/export: the whole filtered view as a file, streamed by the server. */
export function auditExportUrl(filters: HistoryFilters, order: HistoryOrder, format: ExportFormat): string {
  const params = filterParams(filters, order);
  params.set('format', format);
  return `${AUDIT_EXPORT_PATH}?${params.toString()}`;
}
