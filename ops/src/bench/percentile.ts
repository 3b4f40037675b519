/**
 * The nearest-rank percentile of ascending `sorted` values: the smallest value with at least p %
 * of the values at or below it (p50 of [1, 2, 3, 4] is 2), NaN for no values. Every latency the
 * benches print is read this way, so their p50s and p95s are comparable.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
