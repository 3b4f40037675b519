import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DirectoryProperty, PropertyDirectoryPage } from '@kainga/contracts';
import { DemoBadge } from '../../chrome/DemoBadge';
import { usePageTitle } from '../../chrome/usePageTitle';
import { useHydrated } from '../../app/useHydrated';
import { formatArea } from '../../format/format';
import { countOf, formatValueRange, locationLine } from '../property/property-text';
import { ALL_CITIES, DIRECTORY_CITIES_URL, DIRECTORY_PAGE_SIZE, directoryPageUrl, showingText, type DirectoryFilters } from './directory-query';
import { useDebouncedValue } from './use-debounced-value';
import '../property/property.css';
import './directory.css';

/** How long the search box must rest before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

function PropertyCard({ property: p }: { property: DirectoryProperty }) {
  const where = locationLine(p.suburb, p.city);
  return (
    <li className="directory-card">
      <h2 className="directory-card-address">{p.address}</h2>
      {p.demo && <DemoBadge />}
      {where && <p className="muted directory-card-location">{where}</p>}
      <ul className="property-facts" aria-label="Property facts">
        {p.bedrooms !== null && <li>{countOf(p.bedrooms, 'bedroom')}</li>}
        {p.bathrooms !== null && <li>{countOf(p.bathrooms, 'bathroom')}</li>}
        {p.floorArea !== null && <li>{formatArea(p.floorArea)}</li>}
      </ul>
      {p.valueBand ? (
        <div className="directory-card-value">
          <span className="directory-card-label">Estimated Value</span>
          <span className="directory-card-range">{formatValueRange(p.valueBand.low, p.valueBand.high)}</span>
        </div>
      ) : (
        <p className="muted directory-card-value">No valuation available</p>
      )}
      <Link to={`/property/${encodeURIComponent(p.id)}`} className="button-link block" aria-label={`View Details of ${p.address}`}>
        View Details
      </Link>
    </li>
  );
}

/** A card-sized placeholder: plain markup and CSS, so the prerendered page paints it without antd. */
function PlaceholderCard() {
  return (
    <li className="directory-card directory-card-placeholder">
      <span className="placeholder-bar directory-placeholder-title" />
      <span className="placeholder-bar" />
      <span className="placeholder-bar" />
      <span className="placeholder-bar directory-placeholder-button" />
    </li>
  );
}

/** Adds the next page when the sentinel below the cards comes near the viewport. */
function useLoadMoreWhenVisible(onVisible: () => void, active: boolean, renderedCount: number) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    }, { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
    // A new observer per page: it reports at once if the sentinel is still in reach.
  }, [active, renderedCount]);
  return sentinel;
}

/**
 * The pages of the directory for some filters: the first page, and as many more as asked for
 * (each its own cached query, so each is kept for offline use like any public answer). While new
 * filters' first page loads, the previous answer stays on screen.
 */
function useDirectoryPages(filters: DirectoryFilters) {
  const filtersKey = directoryPageUrl(filters, 0);
  const [paging, setPaging] = useState({ filtersKey, extra: 0 });
  const extra = paging.filtersKey === filtersKey ? paging.extra : 0;
  const first = useQuery<PropertyDirectoryPage>({ queryKey: [filtersKey], placeholderData: keepPreviousData });
  const more = useQueries({
    queries: Array.from({ length: extra }, (_, i) => ({ queryKey: [directoryPageUrl(filters, (i + 1) * DIRECTORY_PAGE_SIZE)] })),
  }) as { data?: PropertyDirectoryPage; isPending: boolean; isError: boolean; refetch: () => Promise<unknown> }[];

  const properties: DirectoryProperty[] = [...(first.data?.properties ?? [])];
  for (const page of more) {
    if (!page.data) break;
    properties.push(...page.data.properties);
  }
  const loadingMore = more.some((p) => p.isPending);
  const failedMore = more.filter((p) => p.isError);
  const matching = first.data?.matching ?? 0;
  const canLoadMore = !first.isPlaceholderData && !loadingMore && failedMore.length === 0 && properties.length < matching;
  const loadMore = () => {
    if (canLoadMore) setPaging({ filtersKey, extra: extra + 1 });
  };
  return { first, properties, matching, loadingMore, failedMore, canLoadMore, loadMore };
}

/**
 * /properties (consumer spec §2 "Property Directory"): the properties on Kāinga, newest first, a
 * page at a time from GET /api/public/property-directory, which does the text search (address,
 * suburb, city) and the city filter on the server, so a phone downloads one page, never every
 * property in the country. More pages are added with 'Load more' or on scrolling near the end.
 * The screen uses plain HTML controls, not antd: it is prerendered with its six placeholder
 * cards (vite.config.ts), and paints and starts working without the heavier components.
 */
export default function DirectoryPage() {
  usePageTitle('Property Directory');
  const [search, setSearch] = useState('');
  const [city, setCity] = useState<string>(ALL_CITIES);
  // Typed words after a pause; an emptied box (Clear Filters, its clear button) at once.
  const filters = { search: useDebouncedValue(search, SEARCH_DEBOUNCE_MS, (s) => s.trim() === ''), city };
  const { first, properties, matching, loadingMore, failedMore, canLoadMore, loadMore } = useDirectoryPages(filters);
  const cities = useQuery<string[]>({ queryKey: [DIRECTORY_CITIES_URL] });
  const cityOptions = cities.data && (city === ALL_CITIES || cities.data.includes(city)) ? cities.data : [...(cities.data ?? []), ...(city === ALL_CITIES ? [] : [city])];
  const sentinel = useLoadMoreWhenVisible(loadMore, canLoadMore, properties.length);
  // The prerendered filters take input only once the app runs: words typed into the static page
  // would sit in the box while the list ignored them.
  const hydrated = useHydrated();

  const clearFilters = () => {
    setSearch('');
    setCity(ALL_CITIES);
  };

  return (
    <section className="container page directory-page" aria-labelledby="directory-title">
      <h1 id="directory-title">Property Directory</h1>
      <p className="muted">Browse properties on Kāinga across New Zealand.</p>
      <div className="directory-filters" role="search">
        <input
          type="search"
          className="directory-input"
          aria-label="Search properties"
          disabled={!hydrated}
          placeholder="Search by address, suburb or city"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select className="directory-input directory-city" aria-label="Filter by city" disabled={!hydrated} value={city} onChange={(e) => setCity(e.target.value)}>
          <option value={ALL_CITIES}>All Cities</option>
          {cityOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>

      {first.isError && !first.data ? (
        <div className="directory-error" role="alert">
          <span>Properties could not be loaded.</span>
          <button type="button" className="button-link" onClick={() => void first.refetch()}>
            Try again
          </button>
        </div>
      ) : first.isPending ? (
        <>
          {/* The same line as the count, so the cards do not move when it is filled in. */}
          <p className="directory-count">Loading properties…</p>
          <ul className="directory-grid" aria-busy="true" aria-label="Loading properties">
            {Array.from({ length: 6 }, (_, i) => (
              <PlaceholderCard key={i} />
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="directory-count" aria-live="polite">
            {showingText(matching, first.data.total)}
          </p>
          {matching === 0 ? (
            <div className="directory-empty">
              <h2>No properties found</h2>
              <p className="muted">Try adjusting your search or filters</p>
              <button type="button" className="button-link" onClick={clearFilters}>
                Clear Filters
              </button>
            </div>
          ) : (
            <>
              <ul className="directory-grid" aria-busy={first.isPlaceholderData || loadingMore}>
                {properties.map((p) => (
                  <PropertyCard key={p.id} property={p} />
                ))}
              </ul>
              <div ref={sentinel} aria-hidden="true" />
              {(canLoadMore || loadingMore) && (
                <div className="directory-more">
                  <button type="button" className="button-link" onClick={loadMore} disabled={loadingMore}>
                    {loadingMore ? 'Loading…' : 'Load more'}
                  </button>
                </div>
              )}
              {failedMore.length > 0 && (
                <div className="directory-error" role="alert">
                  <span>More properties could not be loaded.</span>
                  <button type="button" className="button-link" onClick={() => failedMore.forEach((p) => void p.refetch())}>
                    Try again
                  </button>
                </div>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
