import { DemoBadge } from '../../chrome/DemoBadge';
import { Link } from 'react-router-dom';
import { mapConfidenceLabel } from '@kainga/contracts/browser';
import { formatArea, formatDateNZ } from '../../format/format';
import { MAP_RECENT_VALUATIONS, useRecentValuationSummaries } from '../property/property-queries';
import { countOf, formatValueRange, summaryLocation } from '../property/property-text';

/**
 * 'Recently Valued Properties' of the map page (consumer spec §2, §9): GET
 * /api/summaries/valuations?pageSize=6, up to 6 cards, and 'View All' to /properties. The
 * confidence label uses the map page's reading ('1' Very Low … anything else Very High).
 */
export function RecentlyValued() {
  const recent = useRecentValuationSummaries(MAP_RECENT_VALUATIONS);
  const items = (recent.data ?? []).slice(0, MAP_RECENT_VALUATIONS);
  return (
    <section className="recently-valued" aria-labelledby="recently-valued-title">
      <div className="section-header">
        <h2 id="recently-valued-title">Recently Valued Properties</h2>
        <Link to="/properties" className="button-link">
          View All
        </Link>
      </div>
      {recent.isPending ? (
        <ul className="recent-grid" aria-busy="true" aria-label="Loading recent valuations">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="recent-card recent-card-placeholder">
              <span className="placeholder-bar" />
              <span className="placeholder-bar" />
              <span className="placeholder-bar" />
            </li>
          ))}
        </ul>
      ) : recent.isError ? (
        <p className="muted">Recent valuations could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="muted">No valuations yet.</p>
      ) : (
        <ul className="recent-grid">
          {items.map((v) => (
            <li key={v.valuationId} className="recent-card">
              <div className="recent-card-head">
                <h3>{summaryLocation(v.suburb, v.city)}</h3>
                {v.demo && <DemoBadge />}
              </div>
              <p className="muted">{formatDateNZ(v.createdAt)}</p>
              <ul className="property-facts" aria-label="Property facts">
                {v.bedrooms !== null && <li>{countOf(v.bedrooms, 'bedroom')}</li>}
                {v.bathrooms !== null && <li>{countOf(v.bathrooms, 'bathroom')}</li>}
                {v.floorArea !== null && <li>{formatArea(v.floorArea)}</li>}
              </ul>
              <p className="recent-card-range">{formatValueRange(v.estimatedValueBand.low, v.estimatedValueBand.high)}</p>
              <p className="recent-card-confidence">Confidence: {mapConfidenceLabel(v.confidenceBucket)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
