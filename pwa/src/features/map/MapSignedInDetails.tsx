/**
 * The signed-in panel of the map (consumer spec §2 "Selected panel, signed in"): loaded when a
 * signed-in person selects a property, so its parts (the public summary card, antd) stay off the
 * map page's first load.
 */
import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { PropertyMapDetails } from '@kainga/contracts';
import { useToast } from '../../chrome/ToastProvider';
import { formatDateNZ } from '../../format/format';
import { PropertyFacts } from '../property/PropertyFacts';
import { PublicPropertySummary } from '../property/PropertySummaryCard';
import { RATE_THIS_PROPERTY_TOAST } from '../property/toasts';
import { ValuationFigures } from '../property/ValuationFigures';
import { usePropertyMapDetails } from '../property/property-queries';
import { locationLine, placementLine } from '../property/property-text';
import type { MapPoint } from './map-data';

function OwnerDetails({ details }: { details: PropertyMapDetails }) {
  const { property, latestValuation: v, isOwner, placement } = details;
  const where = locationLine(property.suburb, property.city);
  const marker = placementLine(placement, property.suburb, property.city);
  return (
    <div className="panel-body">
      {isOwner && <span className="your-property-badge">Your Property</span>}
      <h3 className="panel-address">{property.address}</h3>
      {where && <p className="muted panel-location">{where}</p>}
      {marker && <p className="muted small panel-placement">{marker}</p>}
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
export default function SignedInSelected({ point }: { point: MapPoint }) {
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
        <div className="notice-block">
          <h3>Owner Access Required</h3>
          <p>You can only view detailed information for properties you own</p>
        </div>
        {/* The address is public (the map shows it on the marker just clicked): the summary names it. */}
        <PublicPropertySummary
          id={point.id}
          address={point.location.address}
          viewDetails={{ onClick: () => toast({ ...RATE_THIS_PROPERTY_TOAST, variant: 'info' }) }}
        />
      </div>
    );
  }
  if (!details.data) return <p className="muted">Property details not available.</p>;
  return <OwnerDetails details={details.data} />;
}

