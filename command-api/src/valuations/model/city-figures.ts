import type { SaleData } from '@kainga/contracts';
import { formatIsoDate, monthsBefore, nzDateOf, parseIsoDate } from './calendar';
import { normalisePlace } from './comparables';
import { median } from './statistics';

/** City-wide figures look back this many months (the widest comparables window). */
export const CITY_FIGURES_WINDOW_MONTHS = 24;

export type CityMarketFigures = {
  /** Median of price / rateable value over the city's sales with an RV; null when none. */
  citySaleToRvRatio: number | null;
  /** Median of price / floor area over the city's sales with a floor area; null when none. */
  cityMedianPricePerM2: number | null;
  /** How many sales the figures stand on. */
  salesCount: number;
};

/**
 * The `EstimateContext` city figures, from every sale in the city (see `normalisePlace`) with a
 * positive price and a real sale date in the last 24 months up to today's New Zealand date at
 * `now` (never a future-dated sale). Plain medians, so one odd sale does not move them.
 */
export const cityMarketFigures = (city: string, sales: readonly SaleData[], now: Date): CityMarketFigures => {
  const target = normalisePlace(city);
  const today = nzDateOf(now);
  const to = formatIsoDate(today);
  const from = formatIsoDate(monthsBefore(today, CITY_FIGURES_WINDOW_MONTHS));
  const inCity = sales.filter((s) => {
    const date = parseIsoDate(s.saleDate);
    if (!date || normalisePlace(s.city) !== target || !(s.price > 0)) return false;
    const day = formatIsoDate(date);
    return day >= from && day <= to;
  });
  const ratios = inCity.filter((s) => s.rateableValue !== null && s.rateableValue > 0).map((s) => s.price / s.rateableValue!);
  const perM2 = inCity.filter((s) => s.floorArea !== null && s.floorArea > 0).map((s) => s.price / s.floorArea!);
  return {
    citySaleToRvRatio: ratios.length > 0 ? median(ratios) : null,
    cityMedianPricePerM2: perM2.length > 0 ? median(perM2) : null,
    salesCount: inCity.length,
  };
};
