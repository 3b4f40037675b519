import type { SaleData } from '@kainga/contracts';
import { DAYS_PER_MONTH, daysBetween, formatIsoDate, monthsBefore, nzDateOf, parseIsoDate } from './calendar';
import { normalisePlace } from './comparables';
import { calibrateCity } from './range-calibration';
import { fitTownModel, townModelLeaveOneOut, townModelStudentizedResidual, townTrendEffect, type TownModel } from './town-model';
import { median, robustCovariance, robustSd, weightedMedian } from './statistics';

/** City-wide figures look back this many months (the widest comparables window). */
export const CITY_FIGURES_WINDOW_MONTHS = 24;
/** Fewest sales with a floor area for a city-wide trend (fewer: null). */
export const CITY_TREND_MIN_SALES = 10;
/**
 * The city's trend and sale-to-RV ratio weigh each sale by e^(−months ago / 6): a sale six months
 * old counts 37 %, a year old 14 %, two years 2 %. Markets turn: a straight line through two
 * years of sales still rises months after prices began to fall, and a two-year median of price/RV
 * lags the market by about a year (seen on `npm run bench:valuation`'s realistic market, whose
 * index rises then turns: the model's bias there fell from +1.6 % to +1.1 %).
 */
export const CITY_RECENCY_MONTHS = 6;

export type CityMarketFigures = {
  /**
   * Median of price / rateable value over the city's sales with an RV, each brought to today along
   * `cityTrendPerMonth` when it is known (× e^(trend × months ago)) and weighted by recency
   * (e^(−months ago / 6)); null when none.
   */
  citySaleToRvRatio: number | null;
  /**
   * Each suburb's own price-to-RV ratio (by `normalisePlace`), the same way over its sales with an
   * RV, shrunk towards the city's by how far the city's suburbs really differ
   * (`suburbSaleToRvRatiosOf`); absent where it has none.
   */
  suburbSaleToRvRatios?: Record<string, number>;
  /**
   * How far a sale's price strays from its RV × the city's ratio: the robust standard deviation of
   * ln(price × to-today / RV / ratio) over the city's sales with an RV (null below 30). The RV
   * approach's expected error, measured on hundreds of sales rather than a home's five comparables.
   */
  citySaleToRvSpread: number | null;
  /**
   * The share of that error the town model's error on the same sale has too (ln², the robust
   * covariance of the two residuals; null below 30 sales or without a town model): a sale's own
   * luck moves its price away from both, so the two approaches' errors are not independent.
   */
  townModelRvCovariance: number | null;
  /** Median of price / floor area over the city's sales with a floor area; null when none. */
  cityMedianPricePerM2: number | null;
  /**
   * The city's market trend: relative change of a size-adjusted price a month (0.01 = +1 % a
   * month), fitted over the same sales and shrunk by its uncertainty (`cityTrendPerMonthOf`);
   * null with fewer than 10 sales with floor and land areas or when they all sold the same day.
   * The `cityTrendPerMonth` of `EstimateContext`.
   */
  cityTrendPerMonth: number | null;
  /** How much the city's recent sales say the model's range must widen to hold 4 in 5 prices (`calibrateCity`); null with too few. */
  rangeScale: number | null;
  /** How much larger the comparables' real error is in the city than their spread says (`calibrateCity`); null with too few. */
  comparablesErrorScale: number | null;
  /** What the town's sales say a suburb, kind of home and size are worth (`fitTownModel`); null with too few. */
  townModel: TownModel | null;
  /** How many sales the figures stand on. */
  salesCount: number;
};

/** A median of normal draws is unsure by π/2 times their mean's variance. */
const MEDIAN_VARIANCE = Math.PI / 2;

/**
 * Each suburb's price-to-RV ratio: the weighted median of its sales' ratios (brought to today,
 * weighted by recency), shrunk towards the city's by how far the city's suburbs really differ
 * (empirical Bayes, by moments, on ln ratio): a suburb of n sales (effective, (Σw)² ÷ Σw²) reads
 * its ratio unsure by v = (π/2) spread² ÷ n (a median's); τ² = max(0, mean((ln rₛ − ln r)² − v)) is what is left of
 * the suburbs' scatter once that is taken out; each keeps τ² ÷ (τ² + v) of its own difference.
 * Suburbs move apart between revaluations, so a suburb's ratio is not its town's: on
 * `npm run bench:valuation`'s drifting market (suburbs' own trends ±0.3 % a month) the town's
 * ratio put a home's RV several percent off; where suburbs move together τ² ≈ 0 and every
 * suburb reads the city's.
 */
export function suburbSaleToRvRatiosOf(ratios: readonly { suburb: string; value: number; weight: number }[], cityRatio: number, spread: number): Record<string, number> {
  const bySuburb = new Map<string, { value: number; weight: number }[]>();
  for (const r of ratios) {
    const name = normalisePlace(r.suburb);
    if (name === '') continue;
    const own = bySuburb.get(name);
    if (own) own.push(r);
    else bySuburb.set(name, [r]);
  }
  const groups = [...bySuburb].map(([name, own]) => {
    const sum = own.reduce((total, r) => total + r.weight, 0);
    const squares = own.reduce((total, r) => total + r.weight * r.weight, 0);
    return { name, difference: Math.log(weightedMedian(own) / cityRatio), unsure: (MEDIAN_VARIANCE * spread * spread * squares) / (sum * sum) };
  });
  if (groups.length < 2) return {};
  const tau2 = Math.max(0, groups.reduce((total, g) => total + g.difference ** 2 - g.unsure, 0) / groups.length);
  return Object.fromEntries(groups.map((g) => [g.name, cityRatio * Math.exp((tau2 / (tau2 + g.unsure)) * g.difference)]));
}

/** Exponents of the size index the city trend is fitted on (as `estimateValue` scales comparables). */
const TREND_FLOOR_ELASTICITY = 0.6;
const TREND_LAND_ELASTICITY = 0.15;

/**
 * The city-wide market trend a month, from its sales with a floor area and a land area (others
 * are left out): each sale's size-adjusted price yᵢ = ln(pᵢ / (fᵢ^0.6 × lᵢ^0.15)) (the size index
 * `estimateValue` scales comparables by, so a month with bigger homes sold is not a rising
 * market), weighted least squares yᵢ = α + β·tᵢ with tᵢ the months before today (days ÷ 30.4375)
 * and weights wᵢ = e^(−tᵢ / 6) (recent months lead, so a market that turned is seen turning);
 * the raw trend is t = −β (a relative change a month) with standard error
 * se = √(σ² × Σwᵢ²(tᵢ − t̄)² / (Σwᵢ(tᵢ − t̄)²)²), σ² the weighted residual variance on the
 * weights' effective number of sales. A trend no bigger than its own uncertainty is mostly noise,
 * so it is shrunk: trend = t × t² / (t² + se²) (a clear trend, |t| ≫ se, is kept; |t| = se
 * halves it). Null below `CITY_TREND_MIN_SALES` usable sales or when they all sold the same day.
 */
export const cityTrendPerMonthOf = (sales: readonly { daysAgo: number; price: number; floorArea: number | null; landArea: number | null }[]): number | null => {
  const points = sales
    .filter((s) => s.price > 0 && s.floorArea !== null && s.floorArea > 0 && s.landArea !== null && s.landArea > 0)
    .map((s) => {
      const x = s.daysAgo / DAYS_PER_MONTH;
      return { x, y: Math.log(s.price / (Math.pow(s.floorArea!, TREND_FLOOR_ELASTICITY) * Math.pow(s.landArea!, TREND_LAND_ELASTICITY))), w: recencyWeight(x) };
    });
  if (points.length < CITY_TREND_MIN_SALES || points.every((p) => p.x === points[0]!.x)) return null;
  const W = points.reduce((sum, p) => sum + p.w, 0);
  const meanX = points.reduce((sum, p) => sum + p.w * p.x, 0) / W;
  const meanY = points.reduce((sum, p) => sum + p.w * p.y, 0) / W;
  const sxx = points.reduce((sum, p) => sum + p.w * (p.x - meanX) ** 2, 0);
  const slope = points.reduce((sum, p) => sum + p.w * (p.x - meanX) * (p.y - meanY), 0) / sxx;
  const intercept = meanY - slope * meanX;
  // The weights' effective number of sales (Kish): the residual variance's degrees of freedom.
  const effective = W ** 2 / points.reduce((sum, p) => sum + p.w ** 2, 0);
  const sigma2 = (points.reduce((sum, p) => sum + p.w * (p.y - intercept - slope * p.x) ** 2, 0) / W) * (effective / Math.max(1, effective - 2));
  const se2 = (sigma2 * points.reduce((sum, p) => sum + p.w ** 2 * (p.x - meanX) ** 2, 0)) / sxx ** 2;
  const raw = -slope;
  const shrunk = raw === 0 ? 0 : (raw * raw * raw) / (raw * raw + se2);
  return shrunk === 0 ? 0 : shrunk;
};

const recencyWeight = (monthsAgo: number) => Math.exp(-monthsAgo / CITY_RECENCY_MONTHS);

/** Fewest sales for the city's ratio spread and the shared error (fewer: null). */
export const CITY_SPREAD_MIN_SALES = 30;


/**
 * The `EstimateContext` city figures, from every sale in the city (see `normalisePlace`) with a
 * positive price and a real sale date in the last 24 months up to today's New Zealand date at
 * `now` (never a future-dated sale). The ratio is a recency-weighted median and the price per m² a
 * plain median, so one odd sale does not move them; the trend is a recency-weighted least-squares
 * fit over them (`cityTrendPerMonthOf`).
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
  const townModel = fitTownModel(inCity.map(({ sale: s, daysAgo }) => ({ ...s, monthsAgo: daysAgo / DAYS_PER_MONTH })));
  // RVs are set on one date for years: a sale's price/RV ratio moves with the market, so each is
  // brought to today, along the town's monthly index when there is a town model (else the trend),
  // and recent sales weigh more.
  const toToday = (suburb: string, daysAgo: number) =>
    townModel !== null ? Math.exp(-townTrendEffect(townModel, suburb, daysAgo / DAYS_PER_MONTH)) : trend === null ? 1 : Math.exp((trend * daysAgo) / DAYS_PER_MONTH);
  const withRv = inCity.filter(({ sale: s }) => s.rateableValue !== null && s.rateableValue > 0);
  const ratios = withRv.map(({ sale: s, daysAgo }) => ({ suburb: s.suburb, value: (s.price / s.rateableValue!) * toToday(s.suburb, daysAgo), weight: recencyWeight(daysAgo / DAYS_PER_MONTH) }));
  const perM2 = inCity.filter(({ sale: s }) => s.floorArea !== null && s.floorArea > 0).map(({ sale: s }) => s.price / s.floorArea!);
  const citySaleToRvRatio = ratios.length > 0 ? weightedMedian(ratios) : null;
  const rvResiduals = citySaleToRvRatio === null ? [] : ratios.map((r) => Math.log(r.value / citySaleToRvRatio));
  const citySaleToRvSpread = rvResiduals.length >= CITY_SPREAD_MIN_SALES ? robustSd(rvResiduals) : null;
  const modelResiduals =
    townModel === null ? [] : withRv.map(({ sale, daysAgo }) => townModelStudentizedResidual(townModel, { ...sale, monthsAgo: daysAgo / DAYS_PER_MONTH }));
  const paired = rvResiduals.flatMap((rv, i) => (modelResiduals[i] === null || modelResiduals[i] === undefined ? [] : [[modelResiduals[i]!, rv] as const]));
  const figures = {
    citySaleToRvRatio,
    citySaleToRvSpread,
    ...(citySaleToRvRatio !== null && citySaleToRvSpread !== null && { suburbSaleToRvRatios: suburbSaleToRvRatiosOf(ratios, citySaleToRvRatio, citySaleToRvSpread) }),
    townModelRvCovariance: paired.length >= CITY_SPREAD_MIN_SALES ? robustCovariance(paired) : null,
    cityMedianPricePerM2: perM2.length > 0 ? median(perM2) : null,
    cityTrendPerMonth: trend,
    townModel,
  };
  const daysAgoOf = new Map(inCity.map(({ sale, daysAgo }) => [sale, daysAgo]));
  const townModelAt = (sale: SaleData) => {
    const monthsAgo = (daysAgoOf.get(sale) ?? 0) / DAYS_PER_MONTH;
    return townModel === null ? null : { monthsAgo, leaveOut: townModelLeaveOneOut(townModel, { ...sale, monthsAgo }) ?? 0 };
  };
  return { ...figures, ...calibrateCity(inCity.map(({ sale }) => sale), figures, townModelAt), salesCount: inCity.length };
};
