import { Tag } from 'antd';
import type { AuditEventView } from '@kainga/contracts';
import { describeEvent, formatEventTime, summarizeEvent } from './event-summaries';
import { HistoryViewLink } from './HistoryLink';
import { correlationView, streamView } from './history-view';
import { RawJson } from './RawJson';

/**
 * One event of the history: its line, when, its stream and revision (a link to that aggregate's
 * whole timeline), its correlation id (a link to everything the same request or workflow caused)
 * and the raw JSON, collapsed. `inStream`: shown inside that stream's timeline (no link to itself).
 */
export function EventEntry({ event, inStream }: { event: AuditEventView; inStream?: boolean }) {
  const what = describeEvent(event);
  return (
    <li className="history-event">
      <p className="history-summary">{summarizeEvent(event)}</p>
      <p className="history-meta">
        <time dateTime={event.recordedAt}>{formatEventTime(event.recordedAt)}</time>
        <Tag className="history-type">{event.type}</Tag>
        {!event.actor && <span>by the service</span>}
        <span>
          {inStream ? (
            <code>{event.stream}</code>
          ) : (
            <HistoryViewLink view={streamView(event.stream)} label={`Timeline of ${event.stream}`}>
              <code>{event.stream}</code>
            </HistoryViewLink>
          )}{' '}
          revision {event.revision}
        </span>
        {event.correlationId && (
          <span>
            correlation{' '}
            <HistoryViewLink view={correlationView(event.correlationId)} label={`Events of correlation ${event.correlationId}`}>
              <code>{event.correlationId}</code>
            </HistoryViewLink>
          </span>
        )}
      </p>
      <RawJson value={event} label={`Raw JSON of ${what} (${event.type}, revision ${event.revision})`} />
    </li>
  );
}
