import { useMemo } from 'react';
import type { PublicPropertyExtent, PublicPropertyLocation } from '@kainga/contracts';
import { formatNZD } from '../../format/format';
import { areaFigures, formatCount, type AreaFigures } from './map-data';
import { MapCard } from './MapCard';

function FiguresRow({ title, figures }: { title: string; figures: AreaFigures }) {
  return (
    <section className="insights-area" aria-label={`Market figures for ${title}`}>
      <h3>{title}</h3>
      <dl className="insights-figures">
        <div>
          <dt>Properties on the map</dt>
          <dd>{formatCount(figures.properties)}</dd>
        </div>
        <div>
          <dt>With a valuation</dt>
          <dd>{formatCount(figures.valued)}</dd>
        </div>
        <div>
          <dt>Value bands range</dt>
          <dd>{figures.low !== null && figures.high !== null ? `${formatNZD(figures.low)} – ${formatNZD(figures.high)}` : '—'}</dd>
        </div>
        <div>
          <dt>Median band midpoint</dt>
          <dd>{figures.medianMidpoint !== null ? formatNZD(figures.medianMidpoint) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * Market insights of the map page (consumer spec §2): given the selected property's city and
 * suburb (null when none). Kāinga has no market feed here, so the figures are what the public
 * property data says: properties on the map, how many have a valuation, the range of their public
 * value bands and the median of the bands' midpoints — for the suburb, the city, or all of New
 * Zealand when nothing is selected. Labelled as such; they are not sale prices.
 *
 * New Zealand's figures come from the extent endpoint (`nationwide`), a city's and suburb's from the
 * city's properties (`?city=`): the panel never needs every property in the country.
 */
export function MarketInsights({
  city,
  suburb,
  nationwide,
  cityLocations,
}: {
  city: string | null;
  suburb: string | null;
  nationwide: PublicPropertyExtent | undefined;
  cityLocations: readonly PublicPropertyLocation[] | undefined;
}) {
  const figures = useMemo(() => {
    if (city === null) {
      if (!nationwide) return null;
      const { count: properties, valued, low, high, medianMidpoint } = nationwide;
      return [{ title: 'New Zealand', figures: { properties, valued, low, high, medianMidpoint } }];
    }
    if (!cityLocations) return null;
    return [
      ...(suburb ? [{ title: `${suburb}, ${city}`, figures: areaFigures(cityLocations, { city, suburb }) }] : []),
      { title: city, figures: areaFigures(cityLocations, { city }) },
    ];
  }, [nationwide, cityLocations, city, suburb]);
  return (
    <MapCard className="market-insights" title="Market Insights">
      {!figures ? (
        <p className="muted">Loading market figures…</p>
      ) : (
        figures.map((f) => <FiguresRow key={f.title} title={f.title} figures={f.figures} />)
      )}
      <p className="insights-note">
        From Kāinga's public property data: the published value bands of valued properties, not sale prices.
      </p>
    </MapCard>
  );
}
