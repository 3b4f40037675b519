import type { ReadStore } from '@kainga/platform';
import { cityKey, salesInCity, salesProjector, whileUnchanged } from '@kainga/projections';
import { cityMarketFigures, CITY_FIGURES_WINDOW_MONTHS, type CityMarketFigures } from './model';
import { formatIsoDate, monthsBefore, nzDateOf } from './model/calendar';

/**
 * A city's market figures (`cityMarketFigures`) from the `sales` read model, computed once per
 * change of that read model's documents and New Zealand day, not once per valuation: they read
 * two years of the city's sales (~6,000 for a big town at bench:scale's 100×, where computing them
 * per valuation made POST /api/valuations grow with the data). The figures depend on nothing else:
 * the sales in the window and today's date. Keyed by the documents' version, not the checkpoint:
 * under load the checkpoint moves about once a second over events that are not sales (every
 * valuation appends some), and each move made the next valuation of every town work its figures
 * out again (at 100×: POST /api/valuations p95 413 ms, p50 1.58× the demo store's).
 */
export async function cityMarketFor(readStore: ReadStore, city: string, now: Date): Promise<CityMarketFigures> {
  const today = nzDateOf(now);
  const key = `${formatIsoDate(today)}|${await readStore.getDataVersion(salesProjector.name)}`;
  return whileUnchanged(readStore, `city-market:${cityKey(city)}`, key, async () => {
    // The model's own window: it keeps the sales from this New Zealand date on.
    const since = formatIsoDate(monthsBefore(today, CITY_FIGURES_WINDOW_MONTHS));
    return cityMarketFigures(city, await salesInCity(readStore, city, since), now);
  });
}
