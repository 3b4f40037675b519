import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { filterPoints, formatCount, type MapPoint } from './map-data';
import { locationLine } from '../property/property-text';

/** Buttons shown at first and added by each 'Show more'. */
const LIST_PAGE = 25;

/**
 * 'Properties on the map': the markers as a list of buttons, for keyboard and screen-reader users
 * (and anyone who prefers a list). Collapsed by default; a filter narrows it by address, suburb
 * or city; it renders a page at a time so tens of thousands of properties stay cheap. Choosing
 * one selects it exactly as a marker click does, and centres the map on it.
 */
export function MapPropertyList({ points, onChoose }: { points: readonly MapPoint[]; onChoose: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement | null>(null);
  // Opened before this component hydrated (a quick click on the prerendered page): no toggle
  // event reached React, so read the element once mounted, or the list would stay empty.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(LIST_PAGE);
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => (open ? filterPoints(points, deferredQuery) : []), [open, points, deferredQuery]);
  const shown = matches.slice(0, limit);
  return (
    <details ref={details} className="map-property-list" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Properties on the map ({formatCount(points.length)})</summary>
      {open && (
        <div className="map-property-list-body">
          <input
            type="search"
            className="map-input"
            aria-label="Filter properties on the map"
            placeholder="Filter by address, suburb or city"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setLimit(LIST_PAGE);
            }}
          />
          <p className="muted" aria-live="polite">
            {matches.length === points.length
              ? `${formatCount(points.length)} properties`
              : `${formatCount(matches.length)} of ${formatCount(points.length)} properties match`}
          </p>
          <ul>
            {shown.map((p) => (
              <li key={p.id}>
                <button type="button" className="map-list-item" onClick={() => onChoose(p.id)}>
                  <span className="map-list-address">{p.location.address}</span>
                  <span className="map-list-where">{locationLine(p.location.suburb, p.location.city)}</span>
                  <span className="map-list-status">{p.hasValuation ? 'Valued' : 'Not yet valued'}</span>
                </button>
              </li>
            ))}
          </ul>
          {matches.length > shown.length && (
            <button type="button" className="button-link" onClick={() => setLimit((n) => n + LIST_PAGE)}>
              Show more
            </button>
          )}
        </div>
      )}
    </details>
  );
}
