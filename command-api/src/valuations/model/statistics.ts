/**
 * The small statistics the valuation model uses, written out so every figure in an explanation
 * can be recomputed by hand. All functions are pure and deterministic.
 */

export const mean = (values: readonly number[]): number => {
  if (values.length === 0) throw new Error('mean of no values');
  return values.reduce((sum, v) => sum + v, 0) / values.length;
};

/**
 * Values this many or more are sorted as a Float64Array (numeric, no comparator calls): a town's fit
 * takes medians of thousands of residuals, and 25,000 took ~25 ms each with a comparator, a few
 * with the typed array. Fewer are sorted as a plain array. A typed array's bytes live outside
 * V8's heap, and with every median and quantile on typed arrays (kainga-model-12) the service held
 * 550 MB resident after `npm run bench:scale`'s load at 10× instead of 274 MB: thousands of small
 * buffers a valuation, freed late and kept by the allocator. From 16,384 values (128 KB, glibc's
 * mmap threshold) a buffer is mapped on its own and given back when freed; they are a few a fit.
 */
export const TYPED_SORT_FROM = 16_384;

/** `values` sorted ascending, in a new array (see `TYPED_SORT_FROM`). */
const sortedCopy = (values: readonly number[]): ArrayLike<number> =>
  values.length >= TYPED_SORT_FROM ? Float64Array.from(values).sort() : [...values].sort((a, b) => a - b);

/** The middle value; the mean of the two middle values for an even count. */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = sortedCopy(values);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The q-quantile (0–1) of `values`, interpolating between order statistics (type 7, as R and NumPy do by default); NaN when empty. */
export const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = sortedCopy(values);
  const at = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (at - below) * (sorted[above]! - sorted[below]!);
};

/** Tukey's fences: values further than this many interquartile ranges beyond the quartiles are outliers (`withinTukeyFences`). */
export const TUKEY_FENCE = 1.5;

/** Whether a value lies within Tukey's fences of `values`: no further than `TUKEY_FENCE` interquartile ranges beyond the quartiles. */
export function withinTukeyFences(values: readonly number[]): (value: number) => boolean {
  const { low, high } = tukeyFences(values);
  return (value) => value >= low && value <= high;
}

/** Tukey's fences themselves: [q₁ − 1.5 IQR, q₃ + 1.5 IQR]. */
export function tukeyFences(values: readonly number[]): { low: number; high: number } {
  const q1 = quantile(values, 0.25);
  const q3 = quantile(values, 0.75);
  const reach = TUKEY_FENCE * (q3 - q1);
  return { low: q1 - reach, high: q3 + reach };
}

export type Weighted = { value: number; weight: number };

/**
 * Weighted median: sort by value, walk the cumulative weight, and take the first value at which
 * it reaches half of the total weight W. When the cumulative weight is exactly W/2 there, the
 * result is the mean of that value and the next (so equal weights give the ordinary median).
 * Non-positive weights count as zero; if every weight is zero, all count equally.
 */
export const weightedMedian = (items: readonly Weighted[]): number => {
  if (items.length === 0) throw new Error('weighted median of no values');
  const positive = items.map((i) => ({ value: i.value, weight: Math.max(0, i.weight) }));
  const total0 = positive.reduce((s, i) => s + i.weight, 0);
  const list = (total0 > 0 ? positive : positive.map((i) => ({ value: i.value, weight: 1 }))).sort((a, b) => a.value - b.value);
  const total = list.reduce((s, i) => s + i.weight, 0);
  const half = total / 2;
  const epsilon = total * 1e-12;
  let cumulative = 0;
  for (let k = 0; k < list.length; k++) {
    cumulative += list[k]!.weight;
    if (Math.abs(cumulative - half) <= epsilon && k + 1 < list.length) return (list[k]!.value + list[k + 1]!.value) / 2;
    if (cumulative >= half) return list[k]!.value;
  }
  return list[list.length - 1]!.value;
};

/** Coefficient of variation: population standard deviation / mean (0 for a single value). */
export const coefficientOfVariation = (values: readonly number[]): number => {
  const m = mean(values);
  if (m === 0) return 0;
  const variance = values.reduce((s, v) => s + (v - m) ** 2, 0) / values.length;
  return Math.sqrt(variance) / Math.abs(m);
};

/**
 * Ordinary least squares of y on x: slope b = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)², intercept ȳ − b·x̄.
 * Null when all x are equal (no slope can be fitted).
 */
export const leastSquares = (points: readonly { x: number; y: number }[]): { slope: number; intercept: number; meanX: number; meanY: number } | null => {
  if (points.length < 2) return null;
  const meanX = mean(points.map((p) => p.x));
  const meanY = mean(points.map((p) => p.y));
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - meanX) ** 2;
    sxy += (p.x - meanX) * (p.y - meanY);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX, meanX, meanY };
};

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * P(|Z| ≤ z) for a standard normal Z, i.e. erf(z / √2), by Abramowitz and Stegun 7.1.26
 * (absolute error under 1.5 × 10⁻⁷, far below the whole per cent confidence is shown in).
 */
export const normalWithin = (z: number): number => {
  if (!(z > 0)) return 0;
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 1 - poly * Math.exp(-x * x);
};

/** 1.4826 × the median absolute deviation from the median: a standard deviation one family transfer does not move. */
export const robustSd = (xs: readonly number[]) => {
  const centre = median(xs);
  return 1.4826 * median(xs.map((x) => Math.abs(x - centre)));
};

/**
 * Robust covariance of pairs (Gnanadesikan–Kettenring): (sd(a + b)² − sd(a − b)²) / 4 with robust
 * standard deviations: a family transfer, far below both figures at once, does not make the two
 * look more alike than market sales are.
 */
export const robustCovariance = (pairs: readonly (readonly [number, number])[]) =>
  (robustSd(pairs.map(([a, b]) => a + b)) ** 2 - robustSd(pairs.map(([a, b]) => a - b)) ** 2) / 4;

/** The standard normal's density. */
const normalDensity = (z: number) => Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
/** The standard normal's distribution function. */
const normalBelow = (z: number) => (z >= 0 ? 1 + normalWithin(z) : 1 - normalWithin(-z)) / 2;

/**
 * The standard deviation σ of a normal centred on 0 whose values kept within [low, high] (low < 0
 * < high) have this mean square: E[x² | low ≤ x ≤ high] = σ² (1 + (αφ(α) − βφ(β)) / (Φ(β) − Φ(α)))
 * with α = low / σ, β = high / σ, solved for σ by bisection (it rises with σ). A group that strays
 * further than the fences were drawn for loses more of its spread to them, and this gives it back.
 * A mean square beyond what any σ gives (the fences' own uniform limit) returns the largest σ tried.
 */
export function truncatedNormalSd(meanSquare: number, low: number, high: number): number {
  if (!(meanSquare > 0) || !(low < 0) || !(high > 0)) return Math.sqrt(Math.max(0, meanSquare));
  const keptMeanSquare = (sd: number) => {
    const a = low / sd;
    const b = high / sd;
    const kept = normalBelow(b) - normalBelow(a);
    return kept > 0 ? sd * sd * (1 + (a * normalDensity(a) - b * normalDensity(b)) / kept) : 0;
  };
  let lo = Math.sqrt(meanSquare);
  let hi = lo * 4;
  if (keptMeanSquare(hi) < meanSquare) return hi;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (keptMeanSquare(mid) < meanSquare) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
