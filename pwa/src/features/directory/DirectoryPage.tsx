import { DemoBadge } from '../../chrome/DemoBadge';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Input, Select, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import type { PublicPropertyLocation } from '@kainga/contracts';
import { usePageTitle } from '../../chrome/usePageTitle';
import { formatArea } from '../../format/format';
import { usePropertyLocations } from '../property/property-queries';
import { countOf, formatValueRange, locationLine } from '../property/property-text';
import { ALL_CITIES, DIRECTORY_PAGE_SIZE, distinctCities, filterDirectory, showingText } from './directory-filter';
import '../property/property.css';
import './directory.css';

function PropertyCard({ property: p }: { property: PublicPropertyLocation }) {
  const hasRange = p.hasValuation && p.valuationLow !== null && p.valuationHigh !== null;
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
      {hasRange ? (
        <div className="directory-card-value">
          <span className="directory-card-label">Estimated Value</span>
          <span className="directory-card-range">{formatValueRange(p.valuationLow!, p.valuationHigh!)}</span>
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
 * /properties (consumer spec §2 "Property Directory"): every located property from GET
 * /api/public/property-locations, with a client-side text search (address, suburb, city) and a
 * city filter. Cards are rendered a page at a time — more are added on scrolling near the end
 * or with 'Show more' — so thousands of properties stay smooth.
 */
export default function DirectoryPage() {
  usePageTitle('Property Directory');
  const locations = usePropertyLocations();
  const [search, setSearch] = useState('');
  const [city, setCity] = useState<string>(ALL_CITIES);
  const [limit, setLimit] = useState(DIRECTORY_PAGE_SIZE);
  const deferredSearch = useDeferredValue(search);

  const all = useMemo(() => locations.data ?? [], [locations.data]);
  const cities = useMemo(() => distinctCities(all), [all]);
  const matches = useMemo(() => filterDirectory(all, { search: deferredSearch, city }), [all, deferredSearch, city]);
  const shown = matches.slice(0, limit);
  const more = matches.length > shown.length;
  const showMore = () => setLimit((n) => n + DIRECTORY_PAGE_SIZE);
  const sentinel = useLoadMoreWhenVisible(showMore, more, shown.length);

  const clearFilters = () => {
    setSearch('');
    setCity(ALL_CITIES);
    setLimit(DIRECTORY_PAGE_SIZE);
  };

  return (
    <section className="container page directory-page" aria-labelledby="directory-title">
      <h1 id="directory-title">Property Directory</h1>
      <p className="muted">Browse properties on Kāinga across New Zealand.</p>
      <div className="directory-filters" role="search">
        <Input
          aria-label="Search properties"
          placeholder="Search by address, suburb or city"
          value={search}
          allowClear
          onChange={(e) => {
            setSearch(e.target.value);
            setLimit(DIRECTORY_PAGE_SIZE);
          }}
        />
        <Select
          aria-label="Filter by city"
          className="directory-city"
          showSearch={{ optionFilterProp: 'label' }}
          value={city}
          onChange={(value: string) => {
            setCity(value);
            setLimit(DIRECTORY_PAGE_SIZE);
          }}
          options={[{ value: ALL_CITIES, label: 'All Cities' }, ...cities.map((c) => ({ value: c, label: c }))]}
        />
      </div>

      {locations.isPending ? (
        <ul className="directory-grid" aria-busy="true" aria-label="Loading properties">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Card>
                <Skeleton active paragraph={{ rows: 4 }} />
              </Card>
            </li>
          ))}
        </ul>
      ) : locations.isError ? (
        <Alert
          type="error"
          showIcon
          title="Properties could not be loaded."
          action={
            <Button size="small" onClick={() => void locations.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <p className="directory-count" aria-live="polite">
            {showingText(matches.length, all.length)}
          </p>
          {matches.length === 0 ? (
            <div className="directory-empty">
              <h2>No properties found</h2>
              <p className="muted">Try adjusting your search or filters</p>
              <Button onClick={clearFilters}>Clear Filters</Button>
            </div>
          ) : (
            <>
              <ul className="directory-grid">
                {shown.map((p) => (
                  <PropertyCard key={p.id} property={p} />
                ))}
              </ul>
              <div ref={sentinel} aria-hidden="true" />
              {more && (
                <div className="directory-more">
                  <Button onClick={showMore}>Show more</Button>
                </div>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
