import type { Comparable, SaleData } from '@kainga/contracts';
import { findComparables } from './comparables';
import { BLEND_COMPARABLES_FLOOR, BLEND_COMPARABLES_SPAN, estimateValue, estimateWithParts, type EstimateContext, type EstimateParts } from './estimate';
import { clamp } from './statistics';

/** The range is calibrated to hold this share of sale prices. */
export const RANGE_COVERAGE = 0.8;
/** The city's most recent sales the range is calibrated on. */
export const RANGE_CALIBRATION_SALES = 60;
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

type Calibrating = { sale: SaleData; subject: SaleData & { conditionScores: Record<string, never> }; comparables: Comparable[]; at: Date; parts: EstimateParts };

/**
 * The blend weight the model would give the comparables for one home at error scale g
 * (as `estimateValue` step 3 computes it).
 */
const blendWeight = (parts: EstimateParts, g: number) => {
  const c = (parts.comparablesError! * g) ** 2;
  const r = parts.rateableError! ** 2;
  return clamp(r / (c + r), BLEND_COMPARABLES_FLOOR, BLEND_COMPARABLES_FLOOR + BLEND_COMPARABLES_SPAN);
};

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
 *    ⌈(n + 1) × 0.8⌉-th smallest rᵢ, the conformal quantile: a new sale of the same market falls
 *    within scale × u of its estimate with probability at least 80 % (the guarantee holds when the
 *    city's recent sales and the home are alike; the range keeps the model's own per-home width,
 *    only its scale is the city's). Null below `RANGE_CALIBRATION_MIN` valued sales.
 *
 * `figures` are the city's figures as at today (its trend, ratio and town model): the calibration
 * sales' own prices are among the hundreds those stand on, which changes them little.
 */
export function calibrateCity(citySales: readonly SaleData[], figures: Omit<EstimateContext, 'now' | 'rangeScale' | 'comparablesErrorScale'>): CityCalibration {
  const recent = [...citySales]
    .filter((s) => s.price > 0)
    .sort((a, b) => b.saleDate.localeCompare(a.saleDate) || a.saleId.localeCompare(b.saleId))
    .slice(0, RANGE_CALIBRATION_SALES);
  const valued: Calibrating[] = [];
  for (const sale of recent) {
    const earlier = citySales.filter((s) => s.saleDate < sale.saleDate);
    const at = new Date(`${sale.saleDate}T00:00:00Z`);
    const subject = { ...sale, conditionScores: {} };
    const { comparables } = findComparables(subject, earlier, at);
    try {
      const { parts } = estimateWithParts(subject, comparables, { ...figures, now: at, rangeScale: null, comparablesErrorScale: null });
      valued.push({ sale, subject, comparables, at, parts });
    } catch {
      // Nothing to value it from (no floor area, no RV, no comparables): not a calibration sale.
    }
  }

  const both = valued.filter((v) => v.parts.comparables !== null && v.parts.rateable !== null && v.parts.comparablesError! > 0 && v.parts.rateableError! > 0);
  let comparablesErrorScale: number | null = null;
  if (both.length >= RANGE_CALIBRATION_MIN) {
    let best = Number.POSITIVE_INFINITY;
    for (const g of ERROR_SCALE_GRID) {
      const loss = both.reduce((sum, { sale, parts }) => {
        const w = blendWeight(parts, g);
        return sum + Math.log(sale.price / (w * parts.comparables! + (1 - w) * parts.rateable!)) ** 2;
      }, 0);
      // Ties (a weight clamped at both ends) keep the scale nearest 1: no evidence to move it.
      if (loss < best - 1e-12 || (Math.abs(loss - best) <= 1e-12 && Math.abs(Math.log(g)) < Math.abs(Math.log(comparablesErrorScale ?? g)))) {
        best = loss;
        comparablesErrorScale = g;
      }
    }
  }

  const scores: number[] = [];
  for (const { sale, subject, comparables, at } of valued) {
    const e = estimateValue(subject, comparables, { ...figures, now: at, rangeScale: null, comparablesErrorScale });
    const half = e.optimisticValue / e.estimatedValue - 1;
    if (e.estimatedValue > 0 && half > 0) scores.push(Math.abs(sale.price / e.estimatedValue - 1) / half);
  }
  let rangeScale: number | null = null;
  if (scores.length >= RANGE_CALIBRATION_MIN) {
    scores.sort((a, b) => a - b);
    const rank = Math.min(scores.length, Math.ceil((scores.length + 1) * RANGE_COVERAGE));
    rangeScale = scores[rank - 1]!;
  }
  return { comparablesErrorScale, rangeScale };
}

/** The range scale alone (`calibrateCity`'s second figure). */
export const rangeScaleOf = (citySales: readonly SaleData[], figures: Omit<EstimateContext, 'now' | 'rangeScale' | 'comparablesErrorScale'>): number | null =>
  calibrateCity(citySales, figures).rangeScale;
