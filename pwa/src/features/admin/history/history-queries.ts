import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEventPage, AuditStreamTimeline } from '@kainga/contracts';
import { apiJson } from '../../../api/client';
import { AUDIT_EVENTS_PATH, AUDIT_STREAMS_PATH, auditEventsUrl, auditStreamUrl } from './audit-urls';
import type { HistoryFilters, HistoryOrder } from './history-view';

/**
 * The history's reads. Each page read is recorded server-side (AuditHistoryViewed), so a page is
 * read once and kept: no refetch on focus or remount while it is fresh (30 s, as the admin lists), and "Load
 * more" asks only for the next page.
 */
const staleTime = 30_000;

/** The filtered log, a page at a time (cursor-paged). */
export const useAuditEvents = (filters: HistoryFilters, order: HistoryOrder) =>
  useInfiniteQuery({
    queryKey: [AUDIT_EVENTS_PATH, filters, order],
    queryFn: ({ pageParam, signal }) => apiJson<AuditEventPage>('GET', auditEventsUrl(filters, order, pageParam), undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime,
  });

/** One stream's timeline, oldest first, a page of revisions at a time. */
export const useAuditStream = (stream: string) =>
  useInfiniteQuery({
    queryKey: [AUDIT_STREAMS_PATH, stream],
    queryFn: ({ pageParam, signal }) => apiJson<AuditStreamTimeline>('GET', auditStreamUrl(stream, pageParam), undefined, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextRevision,
    staleTime,
  });
