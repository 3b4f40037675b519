import type { SaleData } from '@kainga/contracts';
import { findComparables } from './comparables';
import { estimateValue, type EstimateContext } from './estimate';

/** The range is calibrated to hold this share of sale prices. */
export const RANGE_COVERAGE = 0.8;
/** The city's most recent sales the range is calibrated on. */
export const RANGE_CALIBRATION_SALES = 60;
/** Fewer valued sales than this: no calibration (the model's own 1.28 expected errors either side). */
export const RANGE_CALIBRATION_MIN = 20;

/**
 * How much to widen (or narrow) the model's range so that it holds 4 in 5 sale prices in this
 * city: split conformal prediction on the city's own recent sales. Each of the
 * `RANGE_CALIBRATION_SALES` most recent sales is valued as at its sale date, from the city's sales
 * before that day only, exactly as a home is valued (its facts, no condition ratings), with the
 * uncalibrated range (scale 1). Its score is how many half-widths the price fell from the
 * estimate: rᵢ = |pᵢ / Eᵢ − 1| / uᵢ. The scale is the ⌈(n + 1) × 0.8⌉-th smallest rᵢ, the
 * conformal quantile: a new sale of the same market falls within scale × u of its estimate with
 * probability at least 80 % (the guarantee holds when the city's recent sales and the home are
 * alike; the range keeps the model's own per-home width, only its scale is the city's).
 *
 * `figures` are the city's figures as at today (its trend and ratio): the calibration sales' own
 * prices are among the hundreds those medians stand on, which changes them little. Null below
 * `RANGE_CALIBRATION_MIN` valued sales.
 */
export function rangeScaleOf(citySales: readonly SaleData[], figures: Omit<EstimateContext, 'now' | 'rangeScale'>): number | null {
  const recent = [...citySales].filter((s) => s.price > 0).sort((a, b) => b.saleDate.localeCompare(a.saleDate) || a.saleId.localeCompare(b.saleId)).slice(0, RANGE_CALIBRATION_SALES);
  const scores: number[] = [];
  for (const sale of recent) {
    const earlier = citySales.filter((s) => s.saleDate < sale.saleDate);
    const at = new Date(`${sale.saleDate}T00:00:00Z`);
    const subject = { ...sale, conditionScores: {} };
    const { comparables } = findComparables(subject, earlier, at);
    try {
      const e = estimateValue(subject, comparables, { ...figures, now: at, rangeScale: null });
      const half = e.optimisticValue / e.estimatedValue - 1;
      if (e.estimatedValue > 0 && half > 0) scores.push(Math.abs(sale.price / e.estimatedValue - 1) / half);
    } catch {
      // Nothing to value it from (no floor area, no RV, no comparables): not a calibration sale.
    }
  }
  if (scores.length < RANGE_CALIBRATION_MIN) return null;
  scores.sort((a, b) => a - b);
  const rank = Math.min(scores.length, Math.ceil((scores.length + 1) * RANGE_COVERAGE));
  return scores[rank - 1]!;
}
