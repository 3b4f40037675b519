import { DemoBadge } from '../../chrome/DemoBadge';
import { Button, Skeleton } from 'antd';
import type { PropertySummary } from '@kainga/contracts';
import { formatDateNZ } from '../../format/format';
import { ConfidenceTag } from './ConfidenceTag';
import { PropertyFacts } from './PropertyFacts';
import { isNotFound, usePropertySummary } from './property-queries';
import { formatValueRange, locationLine } from './property-text';
import './property.css';

/** What the summary's 'View Full Details' does: a navigation (sign-in) or an action (a toast). */
export type ViewDetails = { href: string } | { onClick: () => void };

/**
 * The public property summary card (consumer spec §2 "Property detail"): location, facts, the
 * latest value band with its confidence (results reading), a 'View Full Details' button and the
 * note 'Sign in and rate this property to see exact values and detailed analysis'. The summary
 * itself carries no address; where the address is already public on screen (the map's marker
 * that was clicked) the caller passes it, so the card names the property it describes.
 */
export function PropertySummaryCard({ summary, viewDetails, address }: { summary: PropertySummary; viewDetails: ViewDetails; address?: string }) {
  const v = summary.latestValuation;
  const where = locationLine(summary.suburb, summary.city);
  return (
    <article className="summary-card" aria-label="Public property summary">
      <h3 className="summary-card-title">Public Summary</h3>
      {summary.demo && <DemoBadge />}
      {address && <p className="summary-card-address">{address}</p>}
      {where && <p className="summary-card-location">{where}</p>}
      <PropertyFacts property={summary} />
      {v ? (
        <div className="summary-card-valuation">
          <div className="summary-card-label">Estimated Value Range</div>
          <div className="summary-card-range">{formatValueRange(v.estimatedValueBand.low, v.estimatedValueBand.high)}</div>
          <div className="summary-card-meta">
            <ConfidenceTag bucket={v.confidenceBucket} />
            <span className="muted">Valued {formatDateNZ(v.createdAt)}</span>
          </div>
        </div>
      ) : (
        <p className="muted">No valuation available yet</p>
      )}
      {'href' in viewDetails ? (
        <a className="button-link primary block" href={viewDetails.href}>
          View Full Details
        </a>
      ) : (
        <Button type="primary" block onClick={viewDetails.onClick}>
          View Full Details
        </Button>
      )}
      <p className="summary-card-note">Sign in and rate this property to see exact values and detailed analysis</p>
    </article>
  );
}

/** The summary of a property by id: placeholders while loading; 'No property summary available' when there is none. */
export function PublicPropertySummary({ id, viewDetails, address }: { id: string; viewDetails: ViewDetails; address?: string }) {
  const summary = usePropertySummary(id);
  if (summary.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading property summary">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (summary.isError || !summary.data) {
    return (
      <p className="muted" data-not-found={isNotFound(summary.error) || undefined}>
        No property summary available
      </p>
    );
  }
  return <PropertySummaryCard summary={summary.data} viewDetails={viewDetails} address={address} />;
}
