import { Button, Card, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ExportButtons } from './ExportButtons';
import { EventTimeline } from './EventTimeline';
import { noMatchText } from './history-filters';
import { HistoryFilterBar } from './HistoryFilterBar';
import { useAuditEvents, useAuditStream } from './history-queries';
import { historyViewKey, readHistoryView, writeHistoryView, type HistoryFilters, type HistoryOrder, type HistoryView } from './history-view';
import './history.css';

type Go = (view: HistoryView) => void;
const allEvents: HistoryView = { kind: 'log', filters: { types: [] }, order: 'newest' };

/** The filtered log (GET /api/admin/events), newest or oldest first, a page at a time. */
function LogView({ filters, order, go }: { filters: HistoryFilters; order: HistoryOrder; go: Go }) {
  const events = useAuditEvents(filters, order);
  const list = events.data?.pages.flatMap((p) => p.events);
  return (
    <>
      {/* Remounted with each view, so a link followed from an event shows its own filters. */}
      <HistoryFilterBar key={historyViewKey({ kind: 'log', filters, order })} filters={filters} order={order} onApply={(f, o) => go({ kind: 'log', filters: f, order: o })} />
      {filters.correlationId && (
        <p className="history-context">
          Every event of correlation <code>{filters.correlationId}</code>: one request or workflow and all that followed from it, across streams.{' '}
          <Button type="link" className="history-inline" onClick={() => go(allEvents)}>
            Show all events
          </Button>
        </p>
      )}
      <ExportButtons filters={filters} order={order}>
        {/* The log grows while the admin reads it; the history's read model follows the log a moment behind. */}
        <Button onClick={() => void events.refetch()} loading={events.isRefetching && !events.isFetchingNextPage} disabled={events.isPending}>
          Refresh
        </Button>
      </ExportButtons>
      <EventTimeline
        events={list}
        isPending={events.isPending}
        error={events.error}
        hasMore={events.hasNextPage}
        loadingMore={events.isFetchingNextPage}
        onLoadMore={() => void events.fetchNextPage()}
        emptyText={noMatchText(filters)}
        errorTitle="Could not load the event history."
      />
    </>
  );
}

/** One aggregate's whole timeline (GET /api/admin/streams/{stream}), oldest first. */
function StreamView({ stream, go }: { stream: string; go: Go }) {
  const timeline = useAuditStream(stream);
  const list = timeline.data?.pages.flatMap((p) => p.events);
  return (
    <>
      <div className="history-context">
        <h3>
          Timeline of <code>{stream}</code>
        </h3>
        <Space wrap>
          <Button onClick={() => go(allEvents)}>All events</Button>
          <Button onClick={() => go({ kind: 'log', filters: { types: [], stream }, order: 'newest' })}>Filter this stream</Button>
        </Space>
      </div>
      <ExportButtons filters={{ types: [], stream }} order="oldest" />
      <EventTimeline
        events={list}
        isPending={timeline.isPending}
        error={timeline.error}
        hasMore={timeline.hasNextPage}
        loadingMore={timeline.isFetchingNextPage}
        onLoadMore={() => void timeline.fetchNextPage()}
        emptyText="This stream holds no events."
        errorTitle={`Could not load the timeline of ${stream}.`}
        inStream
      />
    </>
  );
}

/**
 * History (issue 12): who did what, and when — the event log, filtered and paged, one
 * aggregate's timeline, and everything one request caused. What it shows lives in the address
 * (history-view.ts), so the admin lists link a row to its timeline and a view can be shared.
 * Nothing is read until it is opened: every read is recorded as the admin's viewing.
 */
export function AuditHistory() {
  const [params, setParams] = useSearchParams();
  const view = readHistoryView(params);
  const go: Go = (next) => setParams(writeHistoryView(params, next));
  const heading = useRef<HTMLHeadingElement>(null);
  const key = historyViewKey(view);
  const shown = useRef<string | null>(null);

  // A new view (a row's History link, a stream or correlation followed, filters applied) brings
  // the section into sight and moves focus to its heading, so keyboard and screen-reader users
  // land where the new content is.
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    if (!key) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [key]);

  return (
    <Card
      className="admin-section history-section"
      title={
        <h2 className="card-title" id="history-title" ref={heading} tabIndex={-1}>
          History
        </h2>
      }
      aria-labelledby="history-title"
      extra={
        view.kind !== 'closed' && (
          <Button onClick={() => go({ kind: 'closed' })} aria-label="Close the history">
            Close
          </Button>
        )
      }
    >
      {view.kind === 'closed' ? (
        <div className="history-closed">
          <p className="muted">Who did what, and when: every change the service recorded, by stream, event type, person or request. Opening it is recorded.</p>
          <Space wrap>
            <Button type="primary" onClick={() => go(allEvents)}>
              Open the event history
            </Button>
            <Button onClick={() => go({ kind: 'log', filters: { types: ['AuditHistoryViewed'] }, order: 'newest' })}>Who viewed the history</Button>
          </Space>
        </div>
      ) : view.kind === 'stream' ? (
        <StreamView key={view.stream} stream={view.stream} go={go} />
      ) : (
        <LogView filters={view.filters} order={view.order} go={go} />
      )}
    </Card>
  );
}
