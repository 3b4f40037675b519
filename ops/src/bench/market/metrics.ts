import { CONFIDENCE_WITHIN, normalWithin } from '@kainga/command-api';
import { confidenceBucket, resultsConfidence, seededRandom } from '@kainga/contracts';

/** Accuracy figures of the bench, pure functions over relative errors (estimate − price) / price. */
export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const mean = (xs: readonly number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
export const share = (xs: readonly boolean[]) => (xs.length === 0 ? Number.NaN : xs.filter(Boolean).length / xs.length);

/** (estimate − price) / price. */
export const relativeError = (estimate: number, price: number) => (estimate - price) / price;

/** Median absolute percentage error (as a fraction: 0.05 = 5 %). */
export const mdape = (errors: readonly number[]) => median(errors.map(Math.abs));

export interface ErrorSummary {
  count: number;
  mdape: number;
  within10: number;
  within20: number;
  /** Median signed error: > 0 overvalues. */
  bias: number;
}

export function summariseErrors(errors: readonly number[]): ErrorSummary {
  const abs = errors.map(Math.abs);
  return { count: errors.length, mdape: median(abs), within10: share(abs.map((e) => e <= 0.1)), within20: share(abs.map((e) => e <= 0.2)), bias: median(errors) };
}

/** A 95 % interval of a figure (`bootstrapInterval`). */
export interface Interval {
  low: number;
  high: number;
}

/** Resamples of `bootstrapInterval`: at this count the ends of the model's MdAPE ÷ the floor (~1.2, 1,237 sales) move by ±0.005 from one seed to another, and it takes ~0.7 s. */
export const BOOTSTRAP_RESAMPLES = 1000;

/**
 * How far a figure of `count` cases could be from what the same market would give on other held-out
 * sales: the central 95 % of `figure` over resamples of the cases drawn with replacement (the
 * percentile bootstrap). `figure` reads the cases at the indices it is given, so a ratio of two
 * valuers' errors is resampled in pairs, each sale keeping both. Seeded: the same cases, the same
 * interval. One draw of ~1,200 held-out sales puts the model's MdAPE ÷ the oracle's anywhere in
 * about ±0.08 of its value, so the interval says which aims a run cannot tell apart.
 */
export function bootstrapInterval(count: number, figure: (indices: readonly number[]) => number, resamples = BOOTSTRAP_RESAMPLES, seed = 1): Interval {
  if (count === 0) return { low: Number.NaN, high: Number.NaN };
  const random = seededRandom(seed);
  const indices = new Array<number>(count);
  const figures: number[] = [];
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < count; i++) indices[i] = Math.floor(random() * count);
    const x = figure(indices);
    if (!Number.isNaN(x)) figures.push(x);
  }
  figures.sort((a, b) => a - b);
  const at = (q: number) => figures[Math.round(q * (figures.length - 1))]!;
  return figures.length === 0 ? { low: Number.NaN, high: Number.NaN } : { low: at(0.025), high: at(0.975) };
}

/** The 95 % interval of MdAPE(a) ÷ MdAPE(b) over the same cases (|errors| paired by index). */
export const mdapeRatioInterval = (a: readonly number[], b: readonly number[]): Interval => {
  if (a.length !== b.length) throw new Error('mdapeRatioInterval: lengths differ');
  const absA = a.map(Math.abs);
  const absB = b.map(Math.abs);
  return bootstrapInterval(a.length, (ix) => median(ix.map((i) => absA[i]!)) / median(ix.map((i) => absB[i]!)));
};

/** The 95 % interval of the MdAPE of `errors`. */
export const mdapeInterval = (errors: readonly number[]): Interval => {
  const abs = errors.map(Math.abs);
  return bootstrapInterval(abs.length, (ix) => median(ix.map((i) => abs[i]!)));
};

/** Share of prices inside their [low, high] range (ends included). */
export const coverage = (cases: readonly { price: number; low: number; high: number }[]) => share(cases.map((c) => c.low <= c.price && c.price <= c.high));

/**
 * E|a − σZ| for a standard normal Z: the expected absolute ln error from the sale price of an
 * estimate a (ln) away from the home's true value, when its price strays from that value by
 * log-sd σ (|a| when σ is 0): σ√(2/π)·e^(−a²/2σ²) + |a|·P(|Z| ≤ |a|/σ).
 */
export function expectedAbsoluteError(a: number, sigma: number): number {
  const x = Math.abs(a);
  if (!(sigma > 0)) return x;
  return sigma * Math.sqrt(2 / Math.PI) * Math.exp(-(x * x) / (2 * sigma * sigma)) + x * normalWithin(x / sigma);
}

/** Ranks 1…n, ties given their mean rank. */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's over ranks, ties averaged); NaN under 2 points or with no spread. */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length !== ys.length) throw new Error('spearman: lengths differ');
  if (xs.length < 2) return Number.NaN;
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

export interface ConfidenceBucketFigures {
  /** 1–5, as `confidenceBucket` (contracts/src/value-band.ts) reads a confidence %. */
  bucket: 1 | 2 | 3 | 4 | 5;
  /** The results page's name of it (Low … Very High). */
  label: string;
  /** The confidence % it covers, e.g. "65–74 %". */
  span: string;
  count: number;
  /** Median absolute error of its cases; NaN when empty. */
  mdape: number;
  /** Its 95 % interval (`mdapeInterval`): whether two buckets' medians differ by more than their sales' luck. */
  mdapeInterval: Interval;
  /** The confidence it states, on average (%); NaN when empty. */
  statedConfidence: number;
  /** The share of its sales that sold within ±10 % of the estimate (what the confidence claims); NaN when empty. */
  soldWithin: number;
}

/** Whether a price lies within ±10 % (`CONFIDENCE_WITHIN`) of its estimate, what a confidence is the chance of, from the relative error (estimate − price) / price. */
export const soldWithinTen = (error: number) => Math.abs(1 / (1 + error) - 1) <= CONFIDENCE_WITHIN;

const spans: Record<1 | 2 | 3 | 4 | 5, string> = { 1: '< 50 %', 2: '50–64 %', 3: '65–74 %', 4: '75–84 %', 5: '≥ 85 %' };

/** The five buckets the results page shows (every one, empty ones included): count, median error, and the confidence stated beside the share that sold within ±10 %. */
export function confidenceBuckets(cases: readonly { confidence: number; error: number }[]): ConfidenceBucketFigures[] {
  return ([1, 2, 3, 4, 5] as const).map((bucket) => {
    const inBucket = cases.filter((c) => confidenceBucket(c.confidence) === bucket);
    return {
      bucket,
      label: resultsConfidence(bucket).label,
      span: spans[bucket],
      count: inBucket.length,
      mdape: mdape(inBucket.map((c) => c.error)),
      mdapeInterval: mdapeInterval(inBucket.map((c) => c.error)),
      statedConfidence: mean(inBucket.map((c) => c.confidence)),
      soldWithin: share(inBucket.map((c) => soldWithinTen(c.error))),
    };
  });
}

/** Whether the median error falls from each used bucket to the next higher used one (buckets with under `minCount` cases skipped). */
export function errorFallsWithConfidence(buckets: readonly ConfidenceBucketFigures[], minCount = 10): boolean {
  const used = buckets.filter((b) => b.count >= minCount);
  return used.length >= 2 && used.every((b, i) => i === 0 || b.mdape < used[i - 1]!.mdape);
}

/** Cases in five groups of (nearly) equal size by `key`, lowest first (ties keep their order). */
export function fifthsBy<T>(cases: readonly T[], key: (c: T) => number): T[][] {
  const sorted = cases.map((c, i) => ({ c, i, k: key(c) })).sort((a, b) => a.k - b.k || a.i - b.i);
  return [0, 1, 2, 3, 4].map((q) => sorted.slice(Math.floor((q * sorted.length) / 5), Math.floor(((q + 1) * sorted.length) / 5)).map((x) => x.c));
}
