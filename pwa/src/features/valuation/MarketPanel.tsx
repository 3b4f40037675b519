import { DemoBadge } from '../../chrome/DemoBadge';
import { useQuery } from '@tanstack/react-query';
import { findLocation } from '@kainga/contracts/browser';
import type { Location, PublicValuationSummary } from '@kainga/contracts';
import { formatDateNZ, formatNZD } from '../../format/format';
import { MARKET_SAMPLE_SIZE, cityMarket } from './market-logic';
import { locationsQueryKey } from './valuation-api';

export const marketSampleQueryKey = [`/api/summaries/valuations?pageSize=${MARKET_SAMPLE_SIZE}`] as const;

/**
 * Market information for the chosen city (consumer spec "Signed-in home"; default Auckland),
 * built only from public data: the city's region (GET /api/locations) and the recent public
 * valuations of that city among the latest 50 across New Zealand (value bands, not exact values).
 */
export function MarketPanel({ city }: { city: string }) {
  const locations = useQuery<Location[]>({ queryKey: locationsQueryKey });
  const sample = useQuery<PublicValuationSummary[]>({ queryKey: marketSampleQueryKey });
  const location = locations.data?.find((l) => l.cityName === city) ?? findLocation(city);
  const market = sample.data ? cityMarket(city, sample.data) : null;
  return (
    <section className="card market-panel" aria-labelledby="market-title" aria-busy={sample.isPending}>
      <h2 id="market-title">Market Information</h2>
      <p className="market-city">
        <strong>{city}</strong>
        {location && <span className="muted"> · {location.region} region</span>}
      </p>
      {sample.isPending ? (
        <div aria-hidden="true">
          <div className="placeholder-bar" style={{ width: '70%' }} />
          <div className="placeholder-bar" style={{ width: '50%' }} />
        </div>
      ) : sample.isError || !market ? (
        <p className="muted">Market information could not be loaded right now.</p>
      ) : market.count === 0 ? (
        <p className="muted">
          None of the {MARKET_SAMPLE_SIZE} most recent public valuations on Kāinga are in {city} yet.
        </p>
      ) : (
        <>
          <dl className="market-facts">
            <div>
              <dt>Recent public valuations</dt>
              <dd>{market.count}</dd>
            </div>
            <div>
              <dt>Value bands seen</dt>
              <dd>
                {formatNZD(market.lowest)} – {formatNZD(market.highest)}
              </dd>
            </div>
            <div>
              <dt>Typical band midpoint</dt>
              <dd>{formatNZD(market.typicalMidpoint)}</dd>
            </div>
            <div>
              <dt>Latest</dt>
              <dd>{formatDateNZ(market.latest)}</dd>
            </div>
          </dl>
          {market.demoCount > 0 && (
            <p className="small">
              <DemoBadge />{' '}
              {market.demoCount === market.count ? 'All' : `${market.demoCount} of ${market.count}`} of these are demo valuations.
            </p>
          )}
        </>
      )}
      <p className="muted small">
        What this is: the valuations Kāinga users made in {city}, among the {MARKET_SAMPLE_SIZE} most recent public
        valuations across New Zealand. Values are shown as bands, never exact figures, and this is not a market report.
      </p>
    </section>
  );
}
