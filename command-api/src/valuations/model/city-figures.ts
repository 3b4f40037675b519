import type { SaleData } from '@kainga/contracts';
import { DAYS_PER_MONTH, daysBetween, formatIsoDate, monthsBefore, nzDateOf, parseIsoDate } from './calendar';
import { normalisePlace } from './comparables';
import { leastSquares, median } from './statistics';

/** City-wide figures look back this many months (the widest comparables window). */
export const CITY_FIGURES_WINDOW_MONTHS = 24;
/** Fewest sales with a floor area for a city-wide trend (fewer: null). */
export const CITY_TREND_MIN_SALES = 10;

export type CityMarketFigures = {
  /**
   * Median of price / rateable value over the city's sales with an RV, each brought to today along
   * `cityTrendPerMonth` when it is known (× e^(trend × months ago)); null when none.
   */
  citySaleToRvRatio: number | null;
  /** Median of price / floor area over the city's sales with a floor area; null when none. */
  cityMedianPricePerM2: number | null;
  /**
   * The city's market trend: relative change of a size-adjusted price a month (0.01 = +1 % a
   * month), fitted over the same sales and shrunk by its uncertainty (`cityTrendPerMonthOf`);
   * null with fewer than 10 sales with floor and land areas or when they all sold the same day.
   * The `cityTrendPerMonth` of `EstimateContext`.
   */
  cityTrendPerMonth: number | null;
  /** How many sales the figures stand on. */
  salesCount: number;
};

/** Exponents of the size index the city trend is fitted on (as `estimateValue` scales comparables). */
const TREND_FLOOR_ELASTICITY = 0.6;
const TREND_LAND_ELASTICITY = 0.15;

/**
 * The city-wide market trend a month, from its sales with a floor area and a land area (others
 * are left out): each sale's size-adjusted price yᵢ = ln(pᵢ / (fᵢ^0.6 × lᵢ^0.15)) (the size index
 * `estimateValue` scales comparables by, so a month with bigger homes sold is not a rising
 * market), least squares yᵢ = α + β·tᵢ with tᵢ the months before today (days ÷ 30.4375); the raw
 * trend is t = −β (a relative change a month) with standard error se = √(Σ residual² / (N − 2) /
 * Σ(tᵢ − t̄)²). A trend no bigger than its own uncertainty is mostly noise, so it is shrunk:
 * trend = t × t² / (t² + se²) (a clear trend, |t| ≫ se, is kept; |t| = se halves it).
 * Null below `CITY_TREND_MIN_SALES` usable sales or when they all sold the same day.
 */
export const cityTrendPerMonthOf = (sales: readonly { daysAgo: number; price: number; floorArea: number | null; landArea: number | null }[]): number | null => {
  const points = sales
    .filter((s) => s.price > 0 && s.floorArea !== null && s.floorArea > 0 && s.landArea !== null && s.landArea > 0)
    .map((s) => ({ x: s.daysAgo / DAYS_PER_MONTH, y: Math.log(s.price / (Math.pow(s.floorArea!, TREND_FLOOR_ELASTICITY) * Math.pow(s.landArea!, TREND_LAND_ELASTICITY))) }));
  if (points.length < CITY_TREND_MIN_SALES) return null;
  const fit = leastSquares(points);
  if (!fit) return null;
  const sxx = points.reduce((sum, p) => sum + (p.x - fit.meanX) ** 2, 0);
  const residuals = points.reduce((sum, p) => sum + (p.y - fit.intercept - fit.slope * p.x) ** 2, 0);
  const se2 = residuals / (points.length - 2) / sxx;
  const raw = -fit.slope;
  const shrunk = raw === 0 ? 0 : (raw * raw * raw) / (raw * raw + se2);
  return shrunk === 0 ? 0 : shrunk;
};

/**
 * The `EstimateContext` city figures, from every sale in the city (see `normalisePlace`) with a
 * positive price and a real sale date in the last 24 months up to today's New Zealand date at
 * `now` (never a future-dated sale). The ratio and price per m² are plain medians, so one odd sale
 * does not move them; the trend is a least-squares fit over them (`cityTrendPerMonthOf`).
 */
export const cityMarketFigures = (city: string, sales: readonly SaleData[], now: Date): CityMarketFigures => {
  const target = normalisePlace(city);
  const today = nzDateOf(now);
  const to = formatIsoDate(today);
  const from = formatIsoDate(monthsBefore(today, CITY_FIGURES_WINDOW_MONTHS));
  const inCity = sales.flatMap((s) => {
    const date = parseIsoDate(s.saleDate);
    if (!date || normalisePlace(s.city) !== target || !(s.price > 0)) return [];
    const day = formatIsoDate(date);
    return day >= from && day <= to ? [{ sale: s, daysAgo: daysBetween(date, today) }] : [];
  });
  const trend = cityTrendPerMonthOf(inCity.map(({ sale: s, daysAgo }) => ({ daysAgo, price: s.price, floorArea: s.floorArea, landArea: s.landArea })));
  // RVs are set on one date for years: a sale's price/RV ratio moves with the market, so each is brought to today along the trend.
  const toToday = (daysAgo: number) => (trend === null ? 1 : Math.exp((trend * daysAgo) / DAYS_PER_MONTH));
  const ratios = inCity.filter(({ sale: s }) => s.rateableValue !== null && s.rateableValue > 0).map(({ sale: s, daysAgo }) => (s.price / s.rateableValue!) * toToday(daysAgo));
  const perM2 = inCity.filter(({ sale: s }) => s.floorArea !== null && s.floorArea > 0).map(({ sale: s }) => s.price / s.floorArea!);
  return {
    citySaleToRvRatio: ratios.length > 0 ? median(ratios) : null,
    cityMedianPricePerM2: perM2.length > 0 ? median(perM2) : null,
    cityTrendPerMonth: trend,
    salesCount: inCity.length,
  };
};
