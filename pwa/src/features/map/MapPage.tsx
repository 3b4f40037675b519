import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUser } from '../../auth/user';
import { signInUrl } from '../../chrome/menu-items';
import { usePageTitle } from '../../chrome/usePageTitle';
import { MapPropertyList } from './MapPropertyList';
import { MapSidePanel } from './MapSidePanel';
import { MarketInsights } from './MarketInsights';
import { RecentlyValued } from './RecentlyValued';
import { formatCount, groupsNearbyMarkers, propertiesShownText, type MapPoint } from './map-data';
import { useCityLocations, usePropertyExtent, usePublicLocation, useTiledLocations } from './map-queries';
import { MarkerIcon } from './MarkerIcon';
import { useHydrated } from '../../app/useHydrated';
import '../property/property.css';
import './map.css';

/**
 * OpenLayers is in this chunk only: fetched when /map is opened, once the page is running in the
 * browser (the prerendered page paints the placeholder in its place, same size, so nothing moves).
 */
const PropertyMapCanvas = lazy(() => import('./PropertyMapCanvas'));

// The page renders again as each answer (extent, tiles, user) arrives; these panels change only with
// their own props or queries, so they are not rendered again with it (the cards' formatting is not free on a phone).
const SidePanel = memo(MapSidePanel);
const Insights = memo(MarketInsights);
const PropertyList = memo(MapPropertyList);
const Recent = memo(RecentlyValued);

function MapPlaceholder() {
  return (
    <div className="property-map property-map-loading" role="status">
      Loading map…
    </div>
  );
}

function Legend({ grouped }: { grouped: boolean }) {
  return (
    <ul className="map-legend" aria-label="Map legend">
      <li>
        <MarkerIcon valued />
        Valued property
      </li>
      <li>
        <MarkerIcon valued={false} />
        Not yet valued
      </li>
      {grouped && (
        <li>
          <span className="legend-group" aria-hidden="true">
            3
          </span>
          Nearby properties (click to zoom in)
        </li>
      )}
    </ul>
  );
}

function Popup({ point, signedIn, onClose, onDetails }: { point: MapPoint; signedIn: boolean; onClose: () => void; onDetails: () => void }) {
  const l = point.location;
  return (
    <div className="map-popup" role="dialog" aria-label={`Property: ${l.address}`}>
      <button type="button" className="map-popup-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <strong className="map-popup-address">{l.address}</strong>
      {l.suburb && <div className="map-popup-location">{`${l.suburb}, ${l.city}`}</div>}
      {signedIn ? (
        <button type="button" className="map-popup-link" onClick={onDetails}>
          Click for details
        </button>
      ) : (
        <a className="map-popup-link" href={signInUrl('/map')}>
          Sign in to view details
        </a>
      )}
    </div>
  );
}

/** The loaded points, plus one asked for by id when it is not among them yet. */
function withPoint(points: readonly MapPoint[], extra: MapPoint | null | undefined): readonly MapPoint[] {
  if (!extra || points.some((p) => p.id === extra.id)) return points;
  return [...points, extra];
}

/**
 * /map (consumer spec §2 "Property Map"): the public map of located properties, a side panel for
 * the selected one, market insights for its area, and the recently valued properties.
 *
 * The map first reads the extent (box, counts, New Zealand-wide figures), fits to it, then loads
 * the properties around the view, tile by tile (map-tiles.ts); 'N properties shown' counts the
 * markers loaded. Where a tile of the view holds more than a phone should download, its answer is
 * an even sample and a note says so; zooming in loads every property. The insights panel reads
 * the chosen property's city (`?city=`). `/map?property=<id>` opens with that property selected,
 * its popup open and the map centred on it.
 */
export default function MapPage() {
  usePageTitle('Property Valuation Map');
  const { isAuthenticated, isLoading: userLoading } = useUser();
  const extent = usePropertyExtent();
  const tiles = useTiledLocations();
  // /map?property=<id> (the property page's 'View on Map'): that property, selected and centred,
  // even before the tile around it is loaded.
  const [searchParams] = useSearchParams();
  const requestedId = searchParams.get('property');
  const requested = usePublicLocation(requestedId);
  const points = useMemo(
    () => withPoint(tiles.points, requested.data),
    [tiles.points, requested.data],
  );
  const fitBox = extent.isSuccess ? extent.data.bbox : extent.isError ? null : undefined;
  const byId = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const [focusSeq, setFocusSeq] = useState(0);
  // Each requested property is selected once; the person's own clicks take over after that.
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  const requestedPoint = requested.data?.id === requestedId ? (requested.data ?? null) : null;
  if (requestedPoint && handledRequest !== requestedPoint.id) {
    setHandledRequest(requestedPoint.id);
    setSelectedId(requestedPoint.id);
    setPopupOpen(true);
    setFocusSeq((n) => n + 1);
  }
  const panelRef = useRef<HTMLDivElement | null>(null);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;

  const onMarkerClick = useCallback((id: string) => {
    setSelectedId(id);
    setPopupOpen(true);
  }, []);
  const onEmptyClick = useCallback(() => setPopupOpen(false), []);
  const onChoose = useCallback((id: string) => {
    setSelectedId(id);
    setPopupOpen(true);
    setFocusSeq((n) => n + 1);
  }, []);
  const showDetails = useCallback(() => {
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    panelRef.current?.focus({ preventScroll: true });
  }, []);

  // Escape closes the popup (the selection stays).
  useEffect(() => {
    if (!popupOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPopupOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [popupOpen]);

  const city = selected ? selected.location.city || null : null;
  const suburb = selected ? selected.location.suburb || null : null;
  const cityLocations = useCityLocations(city);
  const total = extent.data?.count ?? null;
  const hydrated = useHydrated();

  return (
    <section className="container page map-page" aria-labelledby="map-title">
      <h1 id="map-title">Property Valuation Map</h1>
      <p className="muted">Properties valued with Kāinga across New Zealand. Choose a marker to see its details.</p>
      <div className="map-layout">
        <div className="map-main">
          <div className="map-toolbar">
            <Legend grouped={groupsNearbyMarkers(points.length)} />
            <p className="map-count" aria-live="polite">
              {extent.isPending || (tiles.loading && extent.data?.count !== 0 && !extent.isError) ? 'Loading properties…' : propertiesShownText(points.length)}
            </p>
          </div>
          {tiles.sampledInView && total !== null && (
            <p className="map-sample-note muted">
              {`Where properties are dense, a sample of them is shown. Zoom in to see every one of the ${formatCount(total)} properties on the map.`}
            </p>
          )}
          {(tiles.error || extent.isError) && (
            <div className="map-error" role="alert">
              <span>Property locations could not be loaded.</span>
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  if (extent.isError) void extent.refetch();
                  tiles.retry();
                }}
              >
                Try again
              </button>
            </div>
          )}
          <div className="map-frame">
            {!hydrated ? (
              <MapPlaceholder />
            ) : (
              <Suspense fallback={<MapPlaceholder />}>
                <PropertyMapCanvas
                  points={points}
                  fitBox={fitBox}
                  onViewChange={tiles.setView}
                  selectedId={selectedId}
                  popupOpen={popupOpen}
                  focusSeq={focusSeq}
                  onMarkerClick={onMarkerClick}
                  onEmptyClick={onEmptyClick}
                  popup={
                    selected && popupOpen ? (
                      <Popup point={selected} signedIn={isAuthenticated} onClose={() => setPopupOpen(false)} onDetails={showDetails} />
                    ) : null
                  }
                />
              </Suspense>
            )}
          </div>
          <PropertyList points={points} onChoose={onChoose} />
        </div>
        <aside className="map-side" aria-label="Selected property and market insights">
          <SidePanel ref={panelRef} point={selected} signedIn={isAuthenticated} userLoading={userLoading} />
          <Insights city={city} suburb={suburb} nationwide={extent.data} cityLocations={cityLocations.data} />
        </aside>
      </div>
      <Recent />
    </section>
  );
}
