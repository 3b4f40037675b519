import { DemoBadge } from '../../chrome/DemoBadge';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { showcaseConfidence } from '@kainga/contracts/browser';
import type { PublicValuationSummary } from '@kainga/contracts';
import { formatArea, formatDateNZ, formatNZD } from '../../format/format';
import { SHOWCASE_SHOWN, showcaseQueryKey } from './valuation-api';
import './showcase.css';

/**
 * The public valuation showcase (consumer spec "Signed-out home"): GET
 * /api/summaries/valuations?pageSize=10, the first 6 as cards — suburb and city, beds, baths,
 * floor area, the value band, confidence (buckets 4 and 5 read High, others Medium), date, and a
 * 'Demo data' tag on demo valuations. Placeholders while loading. Plain markup (no antd) because
 * it is part of the signed-out home's first load.
 */
export function ValuationShowcase({
  title,
  intro,
  actions,
  headingId,
  compact = false,
}: {
  /** one scrolling row of smaller cards (the signed-in home) */
  compact?: boolean;
  title: string;
  intro?: string;
  actions?: ReactNode;
  headingId: string;
}) {
  const query = useQuery<PublicValuationSummary[]>({ queryKey: showcaseQueryKey });
  const shown = (query.data ?? []).slice(0, SHOWCASE_SHOWN);
  return (
    <section className={compact ? 'showcase compact' : 'showcase'} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro && <p className="muted">{intro}</p>}
      {query.isPending ? (
        <ul className="showcase-grid" aria-busy="true" aria-label="Loading recent valuations">
          {Array.from({ length: SHOWCASE_SHOWN }, (_, i) => (
            <li key={i} className="showcase-card skeleton" aria-hidden="true">
              <div className="placeholder-bar" style={{ width: '60%' }} />
              <div className="placeholder-bar" style={{ width: '85%' }} />
              <div className="placeholder-bar" style={{ width: '45%' }} />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <p className="showcase-empty" role="status">
          Recent valuations could not be loaded right now.
        </p>
      ) : shown.length === 0 ? (
        <p className="showcase-empty" role="status">
          No valuations yet — yours could be the first.
        </p>
      ) : (
        <ul className="showcase-grid" tabIndex={compact ? 0 : undefined} aria-label={compact ? title : undefined}>
          {shown.map((s) => (
            <ShowcaseCard key={s.valuationId} summary={s} />
          ))}
        </ul>
      )}
      {actions && <div className="showcase-actions">{actions}</div>}
    </section>
  );
}

function ShowcaseCard({ summary: s }: { summary: PublicValuationSummary }) {
  const place = [s.suburb, s.city].filter(Boolean).join(', ') || 'Location not specified';
  const confidence = showcaseConfidence(s.confidenceBucket);
  const facts = [
    s.bedrooms !== null ? `${s.bedrooms} bed` : null,
    s.bathrooms !== null ? `${s.bathrooms} bath` : null,
    s.floorArea !== null ? formatArea(s.floorArea) : null,
  ].filter(Boolean);
  return (
    <li className="showcase-card" data-testid="showcase-card">
      <div className="showcase-card-head">
        <h3>{place}</h3>
        {s.demo && <DemoBadge />}
      </div>
      {facts.length > 0 && <p className="showcase-facts">{facts.join(' · ')}</p>}
      <p className="showcase-band">
        <span className="visually-hidden">Estimated value between </span>
        {formatNZD(s.estimatedValueBand.low)} – {formatNZD(s.estimatedValueBand.high)}
      </p>
      <p className="showcase-meta">
        <span className={`confidence-chip ${confidence === 'High' ? 'high' : 'medium'}`}>{confidence} confidence</span>
        <span>{formatDateNZ(s.createdAt)}</span>
      </p>
    </li>
  );
}
