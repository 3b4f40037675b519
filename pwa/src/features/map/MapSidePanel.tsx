import { lazy, Suspense, type Ref } from 'react';
import { signInUrl } from '../../chrome/menu-items';
import { formatNZD } from '../../format/format';
import { PropertyFacts } from '../property/PropertyFacts';
import { locationLine } from '../property/property-text';
import { MapCard, PanelLoading } from './MapCard';
import type { MapPoint } from './map-data';

/** Signed in only: a chunk of its own (the owner's details, the public summary card). */
const SignedInSelected = lazy(() => import('./MapSignedInDetails'));

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
        <MapCard title="Select a Property">
          <p className="muted panel-prompt">Click on a map marker to view property details.</p>
        </MapCard>
      ) : (
        <MapCard title="Property Details">
          {userLoading ? (
            <PanelLoading label="Loading" />
          ) : signedIn ? (
            <Suspense fallback={<PanelLoading label="Loading property details" />}>
              <SignedInSelected key={point.id} point={point} />
            </Suspense>
          ) : (
            <SignedOutSelected point={point} />
          )}
        </MapCard>
      )}
    </div>
  );
}
