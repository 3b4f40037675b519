import { clamp } from './statistics';

/** Weight of the comparables approach in the blend stays within [FLOOR, FLOOR + SPAN] = [20 %, 90 %]. */
export const BLEND_COMPARABLES_FLOOR = 0.2;
export const BLEND_COMPARABLES_SPAN = 0.7;

/**
 * The weight of the first of two estimates with expected errors a and b (sd, ln): inverse
 * variance, w = b² / (a² + b²), within [20 %, 90 %]. The caller scales a by the city's stacked
 * error scale (`calibrateCity`), so how far the weight leans is what the city's sales showed.
 */
export const blendWeight = (a: number, b: number): number => clamp((b * b) / (a * a + b * b), BLEND_COMPARABLES_FLOOR, BLEND_COMPARABLES_FLOOR + BLEND_COMPARABLES_SPAN);

/**
 * The expected error of w·first + (1 − w)·second when the two estimates' errors (a and b) share a
 * covariance c: √(w²a² + (1 − w)²b² + 2w(1 − w)c), c held within [0, a·b). A sale's own luck moves
 * its price away from both the town model's price and its RV's: counted as independent, it made
 * the blend look better than it was and the range too narrow before calibration.
 */
export function blendError(w: number, a: number, b: number, c: number): number {
  const shared = Math.max(0, Math.min(c, a * b * 0.99));
  return Math.sqrt(w * w * a * a + (1 - w) ** 2 * b * b + 2 * w * (1 - w) * shared);
}
