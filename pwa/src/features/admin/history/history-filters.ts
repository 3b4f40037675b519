/**
 * The filter bar's form: what the admin types (text, picked types, local date-times from the
 * device's date-time pickers) and the filters of the log it stands for. The address keeps ISO
 * instants; the pickers show the admin's own local time.
 */
import type { HistoryFilters, HistoryOrder } from './history-view';

export interface FilterDraft {
  stream: string;
  types: string[];
  actor: string;
  correlationId: string;
  /** `YYYY-MM-DDTHH:mm` in the device's time zone (an <input type="datetime-local"> value), or ''. */
  from: string;
  to: string;
  order: HistoryOrder;
}

export const emptyDraft: FilterDraft = { stream: '', types: [], actor: '', correlationId: '', from: '', to: '', order: 'newest' };

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the device's time zone ('' when it is no date). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the device's time zone) as an ISO instant; undefined when empty or not a date. */
export function fromLocalInput(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The form showing `filters` and `order`. */
export function draftOf(filters: HistoryFilters, order: HistoryOrder): FilterDraft {
  return {
    stream: filters.stream ?? '',
    types: [...filters.types],
    actor: filters.actor ?? '',
    correlationId: filters.correlationId ?? '',
    from: toLocalInput(filters.from),
    to: toLocalInput(filters.to),
    order,
  };
}

export type DraftResult = { ok: true; filters: HistoryFilters; order: HistoryOrder } | { ok: false; field: 'from' | 'to'; message: string };

/** The filters the form stands for, or what is wrong with it (the server checks them again). */
export function filtersOfDraft(draft: FilterDraft): DraftResult {
  const from = draft.from.trim() ? fromLocalInput(draft.from) : undefined;
  const to = draft.to.trim() ? fromLocalInput(draft.to) : undefined;
  if (draft.from.trim() && !from) return { ok: false, field: 'from', message: 'Enter the start as a date and time' };
  if (draft.to.trim() && !to) return { ok: false, field: 'to', message: 'Enter the end as a date and time' };
  if (from && to && from >= to) return { ok: false, field: 'to', message: 'The end must be after the start' };
  const filters: HistoryFilters = { types: [...new Set(draft.types.map((t) => t.trim()).filter(Boolean))] };
  const stream = draft.stream.trim();
  const actor = draft.actor.trim();
  const correlationId = draft.correlationId.trim();
  if (stream) filters.stream = stream;
  if (actor) filters.actor = actor;
  if (correlationId) filters.correlationId = correlationId;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return { ok: true, filters, order: draft.order };
}

/** Whether any filter is set (the list then says "no events match" rather than "no events yet"). */
export const hasFilters = (f: HistoryFilters) => !!(f.stream || f.types.length || f.actor || f.correlationId || f.from || f.to);
