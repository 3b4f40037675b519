import { useMemo } from 'react';
import { Card } from 'antd';
import type { PublicPropertyLocation } from '@kainga/contracts';
import { formatNZD } from '../../format/format';
import { areaFigures, type AreaFigures } from './map-data';

function FiguresRow({ title, figures }: { title: string; figures: AreaFigures }) {
  return (
    <section className="insights-area" aria-label={`Market figures for ${title}`}>
      <h3>{title}</h3>
      <dl className="insights-figures">
        <div>
          <dt>Properties on the map</dt>
          <dd>{figures.properties.toLocaleString('en-NZ')}</dd>
        </div>
        <div>
          <dt>With a valuation</dt>
          <dd>{figures.valued.toLocaleString('en-NZ')}</dd>
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
 */
export function MarketInsights({
  city,
  suburb,
  locations,
}: {
  city: string | null;
  suburb: string | null;
  locations: readonly PublicPropertyLocation[] | undefined;
}) {
  const figures = useMemo(() => {
    if (!locations) return null;
    if (city === null) return [{ title: 'New Zealand', figures: areaFigures(locations, { city: null }) }];
    return [
      ...(suburb ? [{ title: `${suburb}, ${city}`, figures: areaFigures(locations, { city, suburb }) }] : []),
      { title: city, figures: areaFigures(locations, { city }) },
    ];
  }, [locations, city, suburb]);
  return (
    <Card className="market-insights" title={<h2 className="card-title">Market Insights</h2>}>
      {!figures ? (
        <p className="muted">Loading market figures…</p>
      ) : (
        figures.map((f) => <FiguresRow key={f.title} title={f.title} figures={f.figures} />)
      )}
      <p className="insights-note">
        From Kāinga's public property data: the published value bands of valued properties, not sale prices.
      </p>
    </Card>
  );
}
