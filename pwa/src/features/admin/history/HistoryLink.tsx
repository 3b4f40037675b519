import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { streamView, writeHistoryView, type HistoryView } from './history-view';

/** A link (react-router) that opens `view` in the History section of /admin, keeping the page's other parameters. */
export function HistoryViewLink({ view, label, children, className }: { view: HistoryView; label?: string; children: ReactNode; className?: string }) {
  const [params] = useSearchParams();
  return (
    <Link to={{ pathname: '/admin', search: `?${writeHistoryView(params, view).toString()}` }} aria-label={label} className={className}>
      {children}
    </Link>
  );
}

/**
 * The "History" link of an admin list's row: that aggregate's whole timeline. `name` says whose,
 * for screen readers; `text` names it when a row links more than one ("Partner history").
 */
export function HistoryLink({ stream, name, text = 'History' }: { stream: string; name: string; text?: string }) {
  return (
    <HistoryViewLink view={streamView(stream)} label={`${text} of ${name}`} className="history-link">
      {text}
    </HistoryViewLink>
  );
}
