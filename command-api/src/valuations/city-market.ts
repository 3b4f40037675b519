import type { ReadStore } from '@kainga/platform';
import { salesInCity, salesProjector } from '@kainga/projections';
import { cityMarketFigures, CITY_FIGURES_WINDOW_MONTHS, normalisePlace, type CityMarketFigures } from './model';
import { formatIsoDate, monthsBefore, nzDateOf } from './model/calendar';

/** Cities remembered per store; far more than New Zealand's towns, so in use nothing is dropped. */
const MAX_CITIES = 1000;

const memo = new WeakMap<ReadStore, Map<string, { key: string; figures: Promise<CityMarketFigures> }>>();

/**
 * A city's market figures (`cityMarketFigures`) from the `sales` read model, computed once per
 * change of that read model and New Zealand day, not once per valuation: they read two years of
 * the city's sales (~6,000 for a big town at bench:scale's 100×, where computing them per
 * valuation made POST /api/valuations grow with the data). The figures depend on nothing else:
 * the sales in the window and today's date.
 */
export async function cityMarketFor(readStore: ReadStore, city: string, now: Date): Promise<CityMarketFigures> {
  const today = nzDateOf(now);
  const key = `${formatIsoDate(today)}|${await readStore.getCheckpoint(salesProjector.name)}`;
  let byCity = memo.get(readStore);
  if (!byCity) memo.set(readStore, (byCity = new Map()));
  const place = normalisePlace(city);
  const hit = byCity.get(place);
  if (hit?.key === key) return hit.figures;
  // The model's own window: it keeps the sales from this New Zealand date on.
  const since = formatIsoDate(monthsBefore(today, CITY_FIGURES_WINDOW_MONTHS));
  const figures = salesInCity(readStore, city, since).then((sales) => cityMarketFigures(city, sales, now));
  if (byCity.size >= MAX_CITIES) byCity.clear();
  byCity.set(place, { key, figures });
  // A failed read is not kept: the next valuation tries again.
  figures.catch(() => byCity.get(place)?.figures === figures && byCity.delete(place));
  return figures;
}
