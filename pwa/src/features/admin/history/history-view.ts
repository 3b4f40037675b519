/**
 * What the History section of /admin shows, kept in the page's address so a link can open it
 * (issue 12): the filtered log (GET /api/admin/events) or one aggregate's timeline
 * (GET /api/admin/streams/{stream}). Every parameter is namespaced `history…` so the other
 * sections of /admin may keep their own state in the same address.
 *
 * - `/admin?history=log&history.type=UserRolesChanged&history.order=oldest` — the log, filtered
 *   (`history.views=show` keeps the records of viewing the history, hidden otherwise);
 * - `/admin?history=stream&history.stream=partnerApplication-123` — one stream's whole timeline;
 * - no `history` parameter — the section waits for the admin to open it (viewing is recorded
 *   server-side, so nothing is read, and nothing recorded, just for opening /admin).
 */

export type HistoryOrder = 'newest' | 'oldest';

/** The filters of the log, as GET /api/admin/events takes them (all optional, combined with AND). */
export interface HistoryFilters {
  /** One stream exactly, or every stream of a kind when it ends in '-' (`partnerApplication-`). */
  stream?: string;
  /** Any of these event types. */
  types: string[];
  /** A user id or an email address. */
  actor?: string;
  correlationId?: string;
  /** ISO 8601 instants: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Show the records of viewing the history (hidden unless asked: they fill the newest page with the admin's own looking). */
  showViews?: boolean;
}

/** The type of the records of viewing the history (contracts' auditViewEventTypes). */
export const VIEW_EVENT_TYPE = 'AuditHistoryViewed';

/** Whether the log is read without the views: not when asked for them, by the switch, their type or their streams. */
export const hidesViews = (f: HistoryFilters) => !f.showViews && !f.types.includes(VIEW_EVENT_TYPE) && !f.stream?.startsWith('auditViews-');

export type HistoryView =
  | { kind: 'closed' }
  | { kind: 'log'; filters: HistoryFilters; order: HistoryOrder }
  | { kind: 'stream'; stream: string };

export const HISTORY_PARAM = 'history';
const P = {
  stream: 'history.stream',
  type: 'history.type',
  actor: 'history.actor',
  correlationId: 'history.correlationId',
  from: 'history.from',
  to: 'history.to',
  views: 'history.views',
  order: 'history.order',
} as const;

const text = (params: URLSearchParams, name: string): string | undefined => params.get(name)?.trim() || undefined;

/** Splits "A, B,,C" into ['A', 'B', 'C'] without repeats. */
export function parseTypes(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((t) => t.trim()).filter(Boolean))];
}

/** The view an address asks for; unknown or incomplete values fall back to what makes sense. */
export function readHistoryView(params: URLSearchParams): HistoryView {
  const kind = params.get(HISTORY_PARAM);
  if (kind === 'stream') {
    const stream = text(params, P.stream);
    // A timeline needs its stream; without one the admin sees the whole log.
    if (stream) return { kind: 'stream', stream };
    return { kind: 'log', filters: { types: [] }, order: 'newest' };
  }
  if (kind !== 'log') return { kind: 'closed' };
  const filters: HistoryFilters = { types: parseTypes(params.get(P.type)) };
  const stream = text(params, P.stream);
  const actor = text(params, P.actor);
  const correlationId = text(params, P.correlationId);
  const from = text(params, P.from);
  const to = text(params, P.to);
  if (stream) filters.stream = stream;
  if (actor) filters.actor = actor;
  if (correlationId) filters.correlationId = correlationId;
  if (from) filters.from = from;
  if (to) filters.to = to;
  if (params.get(P.views) === 'show') filters.showViews = true;
  return { kind: 'log', filters, order: params.get(P.order) === 'oldest' ? 'oldest' : 'newest' };
}

/** The address's parameters with the history ones replaced by `view`'s (the others kept as they were). */
export function writeHistoryView(current: URLSearchParams, view: HistoryView): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(HISTORY_PARAM);
  for (const name of Object.values(P)) next.delete(name);
  if (view.kind === 'closed') return next;
  next.set(HISTORY_PARAM, view.kind);
  if (view.kind === 'stream') {
    next.set(P.stream, view.stream);
    return next;
  }
  const { filters, order } = view;
  if (filters.stream) next.set(P.stream, filters.stream);
  if (filters.types.length > 0) next.set(P.type, filters.types.join(','));
  if (filters.actor) next.set(P.actor, filters.actor);
  if (filters.correlationId) next.set(P.correlationId, filters.correlationId);
  if (filters.from) next.set(P.from, filters.from);
  if (filters.to) next.set(P.to, filters.to);
  if (filters.showViews) next.set(P.views, 'show');
  if (order !== 'newest') next.set(P.order, order);
  return next;
}

/** The /admin address that opens `view` (for links from the admin lists and from events). */
export function historyHref(view: HistoryView): string {
  const query = writeHistoryView(new URLSearchParams(), view).toString();
  return query ? `/admin?${query}` : '/admin';
}

/** One stream's whole timeline. */
export const streamView = (stream: string): HistoryView => ({ kind: 'stream', stream });

/** Everything one request or workflow caused, across streams, in the order it happened. */
export const correlationView = (correlationId: string): HistoryView => ({ kind: 'log', filters: { types: [], correlationId }, order: 'oldest' });

/** A stable key of a view (for effects that react to the view changing). */
export const historyViewKey = (view: HistoryView): string => writeHistoryView(new URLSearchParams(), view).toString();
