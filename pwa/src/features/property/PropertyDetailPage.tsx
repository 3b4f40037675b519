import { Button, Card, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PropertyMapDetails } from '@kainga/contracts';
import { useUser } from '../../auth/user';
import { signInUrl } from '../../chrome/menu-items';
import { useToast } from '../../chrome/ToastProvider';
import { usePageTitle } from '../../chrome/usePageTitle';
import { formatDateNZ } from '../../format/format';
import { PropertyFacts } from './PropertyFacts';
import { PropertySummaryCard, PublicPropertySummary } from './PropertySummaryCard';
import { PublicVisibilityCard } from './PublicVisibilityCard';
import { ValuationFigures } from './ValuationFigures';
import { isNotFound, useOwnLatestValuationOf, usePropertyMapDetails, usePropertySummary } from './property-queries';
import { locationLine } from './property-text';
import { RATE_THIS_PROPERTY_TOAST } from './toasts';
import './property.css';

function Placeholders() {
  return (
    <section className="container page narrow" aria-busy="true" aria-label="Loading property">
      <div className="placeholder-cards">
        <Card>
          <Skeleton active title paragraph={{ rows: 4 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      </div>
    </section>
  );
}

function InvalidId() {
  const navigate = useNavigate();
  return (
    <section className="container page narrow center" aria-labelledby="property-missing-title">
      <h1 id="property-missing-title">Property Not Found</h1>
      <p className="lead">Invalid property ID provided.</p>
      <Button type="primary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/map'))}>
        Go Back
      </Button>
    </section>
  );
}

function NotFound() {
  return (
    <section className="container page narrow center" aria-labelledby="property-not-found-title">
      <h1 id="property-not-found-title">Property Not Found</h1>
      <p className="lead">The property you're looking for could not be found.</p>
      <p>
        <Link to="/map" className="button-link primary">
          Back to Map
        </Link>
      </p>
    </section>
  );
}

/** Signed out: 'Public Summary View' and the public summary, whose 'View Full Details' goes to sign-in. */
function SignedOutView({ id }: { id: string }) {
  const summary = usePropertySummary(id);
  if (summary.isPending) return <Placeholders />;
  if (isNotFound(summary.error)) return <NotFound />;
  const here = `/property/${encodeURIComponent(id)}`;
  return (
    <section className="container page narrow" aria-labelledby="public-view-title">
      <div className="notice-block info">
        <h1 id="public-view-title" className="h2-size">
          Public Summary View
        </h1>
        <p>Sign in to access detailed property information</p>
      </div>
      {summary.data ? (
        <PropertySummaryCard summary={summary.data} viewDetails={{ href: signInUrl(here) }} />
      ) : (
        <p className="muted">No property summary available</p>
      )}
    </section>
  );
}

/** Signed in, the detail call failed (not the owner): 'Owner Access Required' and the public summary. */
function OwnerAccessRequired({ id }: { id: string }) {
  const { toast } = useToast();
  return (
    <section className="container page narrow" aria-labelledby="owner-access-title">
      <div className="notice-block">
        <h1 id="owner-access-title" className="h2-size">
          Owner Access Required
        </h1>
        <p>You can only view detailed information for properties you own</p>
      </div>
      <PublicPropertySummary id={id} viewDetails={{ onClick: () => toast({ ...RATE_THIS_PROPERTY_TOAST, variant: 'info' }) }} />
    </section>
  );
}

/** The owner's (or an admin's) view: every figure of the latest valuation. */
function PropertyDetails({ id, details }: { id: string; details: PropertyMapDetails }) {
  const { property, latestValuation: v, isOwner } = details;
  const where = locationLine(property.suburb, property.city);
  // The type as the property records it; where the detail call does not carry it, the owner's
  // own last valuation of the property says it (their own valuations only).
  const askOwn = isOwner && !property.propertyType;
  const ownLatest = useOwnLatestValuationOf(id, askOwn);
  const propertyType = property.propertyType ?? ownLatest.data?.property.propertyType;
  return (
    <section className="container page narrow" aria-labelledby="property-details-title">
      <Card>
        <div className="property-page-header">
          <h1 id="property-details-title" className="h2-size">
            Property Details
          </h1>
          {isOwner && <span className="your-property-badge">Your Property</span>}
        </div>
        <h2 className="property-address">{property.address}</h2>
        {where && <p className="property-location">{where}</p>}
        <PropertyFacts property={{ ...property, propertyType }} typePending={askOwn && ownLatest.isPending} />
        <section className="valuation-block" aria-labelledby="ai-valuation-title">
          <h3 id="ai-valuation-title">AI Valuation Assessment</h3>
          {v ? (
            <>
              <ValuationFigures valuation={v} estimatedLabel="Estimated Value" />
              <p className="muted">Assessed on {formatDateNZ(v.createdAt)}</p>
            </>
          ) : (
            <p className="muted">No valuation available for this property yet.</p>
          )}
        </section>
        <div className="actions">
          {/* The map opens with this property selected and centred (MapPage reads ?property=). */}
          <Link to={`/map?property=${encodeURIComponent(id)}`} className="button-link">
            View on Map
          </Link>
          {isOwner && (
            <Link to={`/property/${encodeURIComponent(id)}/assessment`} className="button-link primary">
              Update Assessment
            </Link>
          )}
        </div>
      </Card>
      {isOwner && <PublicVisibilityCard propertyId={id} />}
    </section>
  );
}

function SignedInView({ id }: { id: string }) {
  const details = usePropertyMapDetails(id, true);
  if (details.isPending) return <Placeholders />;
  if (details.isError) return isNotFound(details.error) ? <NotFound /> : <OwnerAccessRequired id={id} />;
  if (!details.data) return <NotFound />;
  return <PropertyDetails id={id} details={details.data} />;
}

/**
 * /property/{id} (consumer spec §2 "Property detail"). Signed out: the public summary. Signed in:
 * GET /api/properties/{id}/map-details (owner or admin; no retry) — a 404 is 'Property Not Found',
 * any other failure 'Owner Access Required' with the public summary.
 */
export default function PropertyDetailPage() {
  const { id } = useParams();
  const { isLoading, isAuthenticated } = useUser();
  usePageTitle('Property Details');
  if (!id || !id.trim()) return <InvalidId />;
  if (isLoading) return <Placeholders />;
  return isAuthenticated ? <SignedInView id={id} /> : <SignedOutView id={id} />;
}
