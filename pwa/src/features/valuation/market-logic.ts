/**
 * The signed-in home's market panel, built only from what the public endpoints give: the recent
 * public valuation summaries (value bands, never exact values) of one city.
 */
import { normalizePlaceName } from '@kainga/contracts/browser';
import type { PublicValuationSummary } from '@kainga/contracts';

/** How many recent public valuations the panel looks through (the endpoint's largest page). */
export const MARKET_SAMPLE_SIZE = 50;
export const DEFAULT_MARKET_CITY = 'Auckland';

export interface CityMarket {
  city: string;
  /** summaries of the city among the sample */
  count: number;
  demoCount: number;
  /** lowest band low and highest band high */
  lowest: number | null;
  highest: number | null;
  /** median of the bands' midpoints */
  typicalMidpoint: number | null;
  /** the newest summary's date */
  latest: string | null;
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The city's figures among the summaries (city names compared without case or macrons). */
export function cityMarket(city: string, summaries: readonly PublicValuationSummary[]): CityMarket {
  const key = normalizePlaceName(city);
  const mine = summaries.filter((s) => normalizePlaceName(s.city) === key);
  const lows = mine.map((s) => s.estimatedValueBand.low);
  const highs = mine.map((s) => s.estimatedValueBand.high);
  const latest = mine.map((s) => s.createdAt).sort().at(-1) ?? null;
  return {
    city,
    count: mine.length,
    demoCount: mine.filter((s) => s.demo).length,
    lowest: lows.length ? Math.min(...lows) : null,
    highest: highs.length ? Math.max(...highs) : null,
    typicalMidpoint: median(mine.map((s) => (s.estimatedValueBand.low + s.estimatedValueBand.high) / 2)),
    latest,
  };
}
