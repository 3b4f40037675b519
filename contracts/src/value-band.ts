/**
 * How a public summary hides the exact value: a band around the estimate whose half-width grows
 * as confidence falls (5 % at 100 % confidence, up to 30 % at 0 %), widened outward to round
 * steps (NZ$25k under $1m, $50k under $3m, $100k above) so the estimate cannot be read back
 * from the band's middle. Confidence is shown only as a bucket from 1 to 5.
 */
export function valueBand(estimate: number, confidence: number): { low: number; high: number } {
  const c = Math.min(100, Math.max(0, confidence));
  const half = 0.05 + ((100 - c) / 100) * 0.25;
  const step = estimate < 1_000_000 ? 25_000 : estimate < 3_000_000 ? 50_000 : 100_000;
  const low = Math.max(0, Math.floor((estimate * (1 - half)) / step) * step);
  const high = Math.ceil((estimate * (1 + half)) / step) * step;
  return { low, high: high > low ? high : low + step };
}

/** Confidence percent → bucket 1–5: below 50, 50–64, 65–74, 75–84, 85 and above. */
export function confidenceBucket(confidence: number): 1 | 2 | 3 | 4 | 5 {
  if (confidence >= 85) return 5;
  if (confidence >= 75) return 4;
  if (confidence >= 65) return 3;
  if (confidence >= 50) return 2;
  return 1;
}
