import { Alert, Button, Skeleton } from 'antd';
import type { AuditEventView } from '@kainga/contracts';
import { apiErrorMessage } from '../../../api/client';
import { EventEntry } from './EventEntry';

/**
 * A list of events read a page at a time: a skeleton while the first page loads, the error in
 * words, the events as a timeline, then "Load more" while the server has more.
 */
export function EventTimeline(props: {
  events: AuditEventView[] | undefined;
  isPending: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  emptyText: string;
  errorTitle: string;
  inStream?: boolean;
}) {
  const { events, isPending, error, hasMore, loadingMore, onLoadMore, emptyText, errorTitle, inStream } = props;
  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading events">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (!events) return <Alert type="error" showIcon title={errorTitle} description={apiErrorMessage(error, 'Please try again.')} />;
  if (events.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <>
      <p className="muted history-count" aria-live="polite">
        Showing {events.length.toLocaleString('en-NZ')} {events.length === 1 ? 'event' : 'events'}
        {hasMore ? ' (more to load)' : ''}
      </p>
      <ol className="history-timeline">
        {events.map((e) => (
          <EventEntry key={e.id} event={e} inStream={inStream} />
        ))}
      </ol>
      {/* A failed next page or refresh keeps the events shown and says so beside the button. */}
      {error != null && <Alert type="error" showIcon title="Could not load the events." description={apiErrorMessage(error, 'Please try again.')} />}
      {hasMore && (
        <Button className="history-more" onClick={onLoadMore} loading={loadingMore}>
          Load more
        </Button>
      )}
    </>
  );
}
