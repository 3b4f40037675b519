import type { Ref } from 'react';
import { Card, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { PropertyMapDetails } from '@kainga/contracts';
import { signInUrl } from '../../chrome/menu-items';
import { useToast } from '../../chrome/ToastProvider';
import { formatDateNZ, formatNZD } from '../../format/format';
import { PropertyFacts } from '../property/PropertyFacts';
import { PublicPropertySummary } from '../property/PropertySummaryCard';
import { RATE_THIS_PROPERTY_TOAST } from '../property/toasts';
import { ValuationFigures } from '../property/ValuationFigures';
import { usePropertyMapDetails } from '../property/property-queries';
import { locationLine } from '../property/property-text';
import type { MapPoint } from './map-data';

const PanelTitle = ({ children }: { children: string }) => <h2 className="card-title">{children}</h2>;

function OwnerDetails({ details }: { details: PropertyMapDetails }) {
  const { property, latestValuation: v, isOwner } = details;
  const where = locationLine(property.suburb, property.city);
  return (
    <div className="panel-body">
      {isOwner && <span className="your-property-badge">Your Property</span>}
      <h3 className="panel-address">{property.address}</h3>
      {where && <p className="muted panel-location">{where}</p>}
      <PropertyFacts property={property} />
      {v ? (
        <section className="panel-valuation" aria-labelledby="latest-valuation-title">
          <h4 id="latest-valuation-title">Latest Valuation</h4>
          <ValuationFigures valuation={v} estimatedLabel="Estimated value" />
          <p className="muted">Valued on {formatDateNZ(v.createdAt)}</p>
        </section>
      ) : (
        <p className="muted">No valuation available for this property yet.</p>
      )}
      <div className="panel-actions">
        <Link to="/" className="button-link primary block">
          Get Your Property Valued
        </Link>
        {isOwner && (
          <Link to="/" className="button-link block">
            View Full Details
          </Link>
        )}
      </div>
    </div>
  );
}

/** Signed in: GET /api/properties/{id}/map-details (no retry); a failure reads as "not the owner". */
function SignedInSelected({ point }: { point: MapPoint }) {
  const { toast } = useToast();
  const details = usePropertyMapDetails(point.id, true);
  if (details.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading property details">
        <Skeleton active title paragraph={{ rows: 5 }} />
      </div>
    );
  }
  if (details.isError) {
    return (
      <div className="panel-body">
        <p className="panel-address-small">{point.location.address}</p>
        <div className="notice-block">
          <h3>Owner Access Required</h3>
          <p>You can only view detailed information for properties you own</p>
        </div>
        <PublicPropertySummary id={point.id} viewDetails={{ onClick: () => toast({ ...RATE_THIS_PROPERTY_TOAST, variant: 'info' }) }} />
      </div>
    );
  }
  if (!details.data) return <p className="muted">Property details not available.</p>;
  return <OwnerDetails details={details.data} />;
}

/** Signed out: the public location record — address, location, facts, and the value band if any. */
function SignedOutSelected({ point }: { point: MapPoint }) {
  const l = point.location;
  const where = locationLine(l.suburb, l.city);
  const hasRange = l.hasValuation && l.valuationLow !== null && l.valuationHigh !== null;
  return (
    <div className="panel-body">
      <h3 className="panel-address">{l.address}</h3>
      {where && <p className="muted panel-location">{where}</p>}
      <PropertyFacts property={l} />
      {hasRange ? (
        <>
          <section className="panel-range" aria-labelledby="value-range-title">
            <h4 id="value-range-title">Estimated Value Range</h4>
            <dl className="range-figures">
              <div>
                <dt>From</dt>
                <dd>{formatNZD(l.valuationLow)}</dd>
              </div>
              <div>
                <dt>To</dt>
                <dd>{formatNZD(l.valuationHigh)}</dd>
              </div>
            </dl>
          </section>
          <a href={signInUrl('/map')} className="button-link primary block">
            Sign in for Details
          </a>
        </>
      ) : (
        <>
          <p className="muted">No valuation available yet</p>
          <a href={signInUrl('/map')} className="button-link primary block">
            Sign In to Rate This Property
          </a>
        </>
      )}
    </div>
  );
}

/**
 * The map's side panel (consumer spec §2, §4 "Map panel"): no selection, loading, error (owner
 * access required), success, signed-out view.
 */
export function MapSidePanel({
  point,
  signedIn,
  userLoading,
  ref,
}: {
  point: MapPoint | null;
  signedIn: boolean;
  userLoading: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={-1} className="map-side-panel" aria-live="polite">
      {!point ? (
        <Card title={<PanelTitle>Select a Property</PanelTitle>}>
          <p className="muted panel-prompt">Click on a map marker to view property details.</p>
        </Card>
      ) : (
        <Card title={<PanelTitle>Property Details</PanelTitle>}>
          {userLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : signedIn ? (
            <SignedInSelected key={point.id} point={point} />
          ) : (
            <SignedOutSelected point={point} />
          )}
        </Card>
      )}
    </div>
  );
}
