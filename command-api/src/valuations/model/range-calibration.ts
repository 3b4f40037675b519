import type { Comparable, SaleData } from '@kainga/contracts';
import { findComparablesAmong, prepareSales, type PreparedSale } from './comparables';
import { withinTukeyFences } from './statistics';
import { blendWeight } from './blend';
import { estimateValue, estimateWithParts, type EstimateContext, type EstimateParts } from './estimate';

/** The range is calibrated to hold this share of sale prices. */
export const RANGE_COVERAGE = 0.8;
/** The city's most recent sales the range is calibrated on. */
export const RANGE_CALIBRATION_SALES = 60;
/**
 * The range scale's prior weight, in sales: the conformal quantile of n scores counts n / (n + 180)
 * of its ln against the model's own expected error (scale 1), which stands on the studentized
 * residuals of all the town's sales.
 */
export const RANGE_PRIOR_SALES = 180;
/** Fewer valued sales than this: no calibration (the model's own 1.28 expected errors either side). */
export const RANGE_CALIBRATION_MIN = 20;
/**
 * The comparables' error scales tried (`calibrateCity`): 1/4 to 4 in 33 steps evenly spaced on a
 * log scale (each ~9 % apart).
 */
export const ERROR_SCALE_GRID = Array.from({ length: 33 }, (_, i) => Math.exp(Math.log(0.25) + (i * Math.log(16)) / 32));

export type CityCalibration = {
  /** `EstimateContext.comparablesErrorScale`; null with too few sales valued by both approaches. */
  comparablesErrorScale: number | null;
  /** `EstimateContext.rangeScale`; null with too few valued sales. */
  rangeScale: number | null;
};

type Calibrating = { sale: SaleData; subject: SaleData & { conditionScores: Record<string, never> }; comparables: Comparable[]; context: EstimateContext; parts: EstimateParts; logError: number };

/** One sale's two approaches and their expected errors, to weigh them by (`stackedErrorScale`). */
export type StackCase = { price: number; comparables: number; comparablesError: number; rateable: number; rateableError: number };

/**
 * The comparables' error scale g on `ERROR_SCALE_GRID` whose blend B(g) = w(g)·C + (1 − w(g))·R
 * (`blendWeight` at error g·s_C) brings the sales' prices closest: min Σ (ln pᵢ − ln Bᵢ(g))²
 * (stacking, as ensembles are weighted on held-out data). Ties (a weight clamped at both ends)
 * keep the scale nearest 1: no evidence to move it.
 */
export function stackedErrorScale(cases: readonly StackCase[]): number {
  let best = Number.POSITIVE_INFINITY;
  let scale = 1;
  for (const g of ERROR_SCALE_GRID) {
    const loss = cases.reduce((sum, c) => {
      const w = blendWeight(c.comparablesError * g, c.rateableError);
      return sum + Math.log(c.price / (w * c.comparables + (1 - w) * c.rateable)) ** 2;
    }, 0);
    if (loss < best - 1e-12 || (Math.abs(loss - best) <= 1e-12 && Math.abs(Math.log(g)) < Math.abs(Math.log(scale)))) {
      best = loss;
      scale = g;
    }
  }
  return scale;
}

/**
 * What the city's own recent sales say about the model, from the `RANGE_CALIBRATION_SALES` most
 * recent, each valued as at its sale date from the city's sales before that day only, exactly as a
 * home is valued (its facts, no condition ratings):
 *
 * 1. The comparables' error scale g: each home's comparables and RV approaches are blended by their
 *    expected errors, the comparables' from their spread. Whether that spread over- or understates
 *    their real error depends on the market, so g is the grid value (`ERROR_SCALE_GRID`) whose blend
 *    B(g) = w(g)·C + (1 − w(g))·R brings the sales' prices closest: min Σ (ln pᵢ − ln Bᵢ(g))² over
 *    the sales valued by both (stacking, as ensembles are weighted on held-out data). Null below
 *    `RANGE_CALIBRATION_MIN` such sales.
 * 2. The range scale, split conformal prediction: with g in place, each sale's score is how many
 *    half-widths its price fell from the estimate, rᵢ = |pᵢ / Eᵢ − 1| / uᵢ, and the scale is the
 *    ⌈(n + 1) × 0.8⌉-th smallest rᵢ, the conformal quantile q (a new sale of the same market falls
 *    within q × u of its estimate with probability at least 80 % when the city's recent sales and
 *    the home are alike); with the town model, shrunk towards 1: scale = q^(n / (n +
 *    `RANGE_PRIOR_SALES`)), as u then stands on the town's studentized residuals and q on n
 *    sales. The range keeps the model's own per-home width; only its scale is the city's. Null
 *    below `RANGE_CALIBRATION_MIN` valued sales.
 * Both use only the calibration sales inside Tukey's fences (`marketSales`).
 *
 * `figures` are the city's figures as at today (its trend, ratio and town model). The calibration
 * sales' own prices are among the hundreds those stand on, which changes the trend and the ratio
 * little, but the town model leans towards each sale it has seen (a sale on a street of two moves
 * the street's level a quarter of the way): with `townModelAt`, each is valued by the model as at
 * its sale month and as it would be without its own sale (`townModelLeaveOneOut`) for the range
 * (valued by the model that had seen them, the range held 77 % of `npm run bench:valuation`'s
 * prices instead of 80 %). The stacking in 1. still weighs the approaches as the model that has
 * seen the sale values them: stacked leave-one-out, g rose to about 1 and the held-out MdAPE from
 * 4.9 to 5.1 %, as the comparables correct the model's price locally, which the model's own
 * error does not see (`estimateValue` step 3).
 */
export function calibrateCity(
  citySales: readonly SaleData[],
  figures: Omit<EstimateContext, 'now' | 'rangeScale' | 'comparablesErrorScale'>,
  townModelAt?: (sale: SaleData) => { monthsAgo: number; leaveOut: number } | null,
): CityCalibration {
  const recent = [...citySales]
    .filter((s) => s.price > 0)
    .sort((a, b) => b.saleDate.localeCompare(a.saleDate) || a.saleId.localeCompare(b.saleId))
    .slice(0, RANGE_CALIBRATION_SALES);
  const valued: Calibrating[] = [];
  // In sale-date order, so the sales before a day are a prefix (found by binary search) rather
  // than a filter of the whole town for each of the 60.
  const prepared = prepareSales(citySales).sort((a, b) => (a.sale.saleDate < b.sale.saleDate ? -1 : a.sale.saleDate > b.sale.saleDate ? 1 : 0));
  for (const sale of recent) {
    const earlier = prepared.slice(0, firstOnOrAfter(prepared, sale.saleDate));
    const at = new Date(`${sale.saleDate}T00:00:00Z`);
    const subject = { ...sale, conditionScores: {} };
    const { comparables } = findComparablesAmong(subject, earlier, at);
    // The town model has seen this sale's price: it values the sale as it would without it.
    const context = { ...figures, now: at, rangeScale: null, comparablesErrorScale: null, townModelAt: figures.townModel ? (townModelAt?.(sale) ?? null) : null };
    try {
      const { estimate } = estimateWithParts(subject, comparables, context);
      // The approaches are weighed as the model that has seen the sale values it (see 1. above).
      const { parts } = context.townModelAt ? estimateWithParts(subject, comparables, { ...context, townModelAt: { ...context.townModelAt, leaveOut: 0 } }) : estimateWithParts(subject, comparables, context);
      if (estimate.estimatedValue > 0) valued.push({ sale, subject, comparables, context, parts, logError: Math.log(sale.price / estimate.estimatedValue) });
    } catch {
      // Nothing to value it from (no floor area, no RV, no comparables): not a calibration sale.
    }
  }

  const market = marketSales(valued);
  const both = market.filter((v) => v.parts.comparables !== null && v.parts.rateable !== null && v.parts.comparablesError! > 0 && v.parts.rateableError! > 0);
  const cases = both.map(({ sale, parts }) => ({ price: sale.price, comparables: parts.comparables!, comparablesError: parts.comparablesError!, rateable: parts.rateable!, rateableError: parts.rateableError! }));
  const comparablesErrorScale = cases.length >= RANGE_CALIBRATION_MIN ? stackedErrorScale(cases) : null;

  const scores: number[] = [];
  for (const { sale, subject, comparables, context } of market) {
    const e = estimateValue(subject, comparables, { ...context, comparablesErrorScale });
    const half = e.optimisticValue / e.estimatedValue - 1;
    if (e.estimatedValue > 0 && half > 0) scores.push(Math.abs(sale.price / e.estimatedValue - 1) / half);
  }
  let rangeScale: number | null = null;
  if (scores.length >= RANGE_CALIBRATION_MIN) {
    scores.sort((a, b) => a - b);
    const rank = Math.min(scores.length, Math.ceil((scores.length + 1) * RANGE_COVERAGE));
    // With the town model, shrunk towards 1 (its own error, measured on the town's hundreds of
    // sales): one order statistic of 60 scores is itself unsure by about ±23 %, and from day to
    // day that noise, not the homes, decided who got the higher confidence. The fixed rules' error
    // is a rule of thumb: the quantile stands alone.
    const prior = figures.townModel ? RANGE_PRIOR_SALES : 0;
    rangeScale = Math.exp((Math.log(scores[rank - 1]!) * scores.length) / (scores.length + prior));
  }
  return { comparablesErrorScale, rangeScale };
}

/** The index of the first of `sorted` (in sale-date order) sold on or after `day`; its length when none. */
const firstOnOrAfter = (sorted: readonly PreparedSale[], day: string): number => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.sale.saleDate < day) low = mid + 1;
    else high = mid;
  }
  return low;
};

/**
 * The sales that look like market sales: those whose ln(price / estimate) lies within Tukey's
 * fences, 1.5 interquartile ranges beyond the quartiles, as ratio studies trim (IAAO). A family
 * transfer at 60–85 % of the value is indistinguishable in the sales feed; three of them among 60
 * set the squared-error blend and widened the range (it held 85 % of `npm run bench:valuation`'s
 * market sales instead of 80 %).
 */
function marketSales(valued: readonly Calibrating[]): Calibrating[] {
  const inside = withinTukeyFences(valued.map((v) => v.logError));
  return valued.filter((v) => inside(v.logError));
}

/** The range scale alone (`calibrateCity`'s second figure). */
export const rangeScaleOf = (citySales: readonly SaleData[], figures: Omit<EstimateContext, 'now' | 'rangeScale' | 'comparablesErrorScale'>): number | null =>
  calibrateCity(citySales, figures).rangeScale;
