/**
 * The filter bar's form: what the admin types (text, picked types, date-times from the date-time
 * pickers) and the filters of the log it stands for. The address keeps ISO instants; the pickers
 * read and show New Zealand time, as every date of the app does, whatever the device's zone.
 */
import { formatDateTimeNZ } from '../../../format/format';
import { instantOfNZInput, nzDateTimeInput } from '../../../format/nz-time';
import { knownEventTypes } from './event-summaries';
import type { HistoryFilters, HistoryOrder } from './history-view';

export interface FilterDraft {
  stream: string;
  types: string[];
  actor: string;
  correlationId: string;
  /** `YYYY-MM-DDTHH:mm` in New Zealand time (an <input type="datetime-local"> value), or ''. */
  from: string;
  to: string;
  /** Show the records of viewing the history. */
  showViews: boolean;
  order: HistoryOrder;
}

export const emptyDraft: FilterDraft = { stream: '', types: [], actor: '', correlationId: '', from: '', to: '', showViews: false, order: 'newest' };

/** The form showing `filters` and `order`. */
export function draftOf(filters: HistoryFilters, order: HistoryOrder): FilterDraft {
  return {
    stream: filters.stream ?? '',
    types: [...filters.types],
    actor: filters.actor ?? '',
    correlationId: filters.correlationId ?? '',
    from: nzDateTimeInput(filters.from),
    to: nzDateTimeInput(filters.to),
    showViews: !!filters.showViews,
    order,
  };
}

export type DraftResult = { ok: true; filters: HistoryFilters; order: HistoryOrder } | { ok: false; field: 'from' | 'to'; message: string };

/** The filters the form stands for, or what is wrong with it (the server checks them again). */
export function filtersOfDraft(draft: FilterDraft): DraftResult {
  const from = draft.from.trim() ? instantOfNZInput(draft.from) : undefined;
  const to = draft.to.trim() ? instantOfNZInput(draft.to) : undefined;
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
  if (draft.showViews) filters.showViews = true;
  return { ok: true, filters, order: draft.order };
}

/** Whether any filter is set (the list then says "no events match" rather than "no events yet"). */
export const hasFilters = (f: HistoryFilters) => !!(f.stream || f.types.length || f.actor || f.correlationId || f.from || f.to);

const known = new Set<string>(knownEventTypes);

/**
 * What the log was searched for, in words, for the empty list ("type UserRoles; actor
 * jane@example.nz"), and the types asked for that are no event type the history knows (a name
 * typed in part, or misspelt, in the address): those match nothing, so the list says so.
 */
export function searchedFor(f: HistoryFilters): { text: string; unknownTypes: string[] } {
  const parts: string[] = [];
  if (f.stream) parts.push(`stream ${f.stream}`);
  if (f.types.length) parts.push(`${f.types.length === 1 ? 'type' : 'types'} ${f.types.join(', ')}`);
  if (f.actor) parts.push(`actor ${f.actor}`);
  if (f.correlationId) parts.push(`correlation ${f.correlationId}`);
  if (f.from) parts.push(`from ${formatDateTimeNZ(f.from)}`);
  if (f.to) parts.push(`to ${formatDateTimeNZ(f.to)}`);
  return { text: parts.join('; '), unknownTypes: f.types.filter((t) => !known.has(t)) };
}

/** The empty list's words: what was searched, and what to do. */
export function noMatchText(f: HistoryFilters): string {
  if (!hasFilters(f)) return f.showViews ? 'No events have been recorded yet.' : 'No events have been recorded yet, other than views of the history.';
  const { text, unknownTypes } = searchedFor(f);
  const unknown = unknownTypes.length
    ? ` ${unknownTypes.map((t) => `“${t}”`).join(', ')} ${unknownTypes.length === 1 ? 'is not an event type' : 'are not event types'}: pick the type from the list.`
    : ' Try fewer filters or a wider time range.';
  return `No events match ${text}.${unknown}`;
}
