import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { UserValuation } from '@kainga/contracts';
import { apiErrorStatus } from '../../api/client';
import { SIGN_IN_URL } from '../../chrome/menu-items';
import { useToast } from '../../chrome/ToastProvider';
import { formatArea, formatDateNZ, formatNZD } from '../../format/format';
import { listedFacts, summaryConfidence } from './summary-logic';
import { RECENT_VALUATIONS_SHOWN, myValuationsQueryKey } from './valuation-api';

/** How long the 'Session Expired' toast shows before the browser goes to sign in. */
export const SESSION_EXPIRED_REDIRECT_MS = 500;

const statusText: Record<UserValuation['status'], string> = {
  pending: 'In progress',
  completed: '',
  failed: 'Valuation failed',
};

function RecentCard({ valuation: v, onSelect }: { valuation: UserValuation; onSelect: (v: UserValuation) => void }) {
  const facts = listedFacts(v.property);
  const completed = v.status === 'completed';
  const content = (
    <>
      <span className="recent-address">
        {/* The card's name is its whole visible text, led by what it does (WCAG 2.5.3). */}
        {completed && <span className="visually-hidden">View results for </span>}
        {v.property.address}
      </span>
      <span className="muted small">{[v.property.suburb, v.property.city].filter(Boolean).join(', ')}</span>
      <span className="small">
        {facts.bedrooms} bed · {facts.bathrooms} bath · {formatArea(facts.floorArea)}
      </span>
      {completed ? (
        <span className="recent-value">
          {formatNZD(v.estimatedValue)}{' '}
          <span className="muted small">{summaryConfidence(v.confidence).percent}% confidence</span>
        </span>
      ) : (
        <span className="recent-status">{statusText[v.status]}</span>
      )}
      <span className="muted small">{formatDateNZ(v.createdAt)}</span>
    </>
  );
  return (
    <li>
      {completed ? (
        <button type="button" className="recent-card" onClick={() => onSelect(v)}>
          {content}
        </button>
      ) : (
        <div className="recent-card disabled">{content}</div>
      )}
    </li>
  );
}

/**
 * The user's last 3 valuations (GET /api/valuations) under 'Recent Valuations', with 'View All'
 * to /properties. Clicking a completed one opens its results. A 401 means the session ended:
 * toast 'Session Expired', then sign in again after 500 ms (consumer spec §8).
 */
export function RecentValuations({ onSelect }: { onSelect: (valuation: UserValuation) => void }) {
  const { toast } = useToast();
  const query = useQuery<UserValuation[]>({ queryKey: myValuationsQueryKey });
  const expired = query.isError && apiErrorStatus(query.error) === 401;

  useEffect(() => {
    if (!expired) return;
    toast({ title: 'Session Expired', description: 'Please sign in again to access your valuations.', variant: 'warning' });
    const timer = setTimeout(() => window.location.assign(SIGN_IN_URL), SESSION_EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [expired, toast]);

  const shown = (query.data ?? []).slice(0, RECENT_VALUATIONS_SHOWN);
  return (
    <section className="card recent-valuations" aria-labelledby="recent-title" aria-busy={query.isPending}>
      <div className="section-head">
        <h2 id="recent-title">Recent Valuations</h2>
        <Link to="/properties">View All</Link>
      </div>
      {query.isPending ? (
        <div aria-hidden="true">
          <div className="placeholder-bar" />
          <div className="placeholder-bar" />
          <div className="placeholder-bar" />
        </div>
      ) : query.isError ? (
        <p className="muted">{expired ? 'Your session has expired.' : 'Your valuations could not be loaded right now.'}</p>
      ) : shown.length === 0 ? (
        <p className="muted">No valuations yet. Complete an assessment and it will appear here.</p>
      ) : (
        <ul className="recent-list">
          {shown.map((v) => (
            <RecentCard key={v.id} valuation={v} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </section>
  );
}
