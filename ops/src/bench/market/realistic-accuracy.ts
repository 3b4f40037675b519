import type { SaleData } from '@kainga/contracts';
import { performance } from 'node:perf_hooks';
import { rvBroughtForward, suburbPricePerM2 } from './baselines';
import { bestInformedEstimate, streetOfSale } from './best-informed';
import { BENCH_MARKET_DEFAULTS, generateBenchMarket, type BenchMarketOptions, type BenchSale } from './bench-market';
import { confidenceBuckets, coverage, expectedAbsoluteError, fifthsBy, mdape, mdapeRatioInterval, mean, median, relativeError, share, soldWithinTen, spearman, summariseErrors, type ConfidenceBucketFigures, type ErrorSummary, type Interval } from './metrics';
import { valueWithModel, type ModelValuation } from './model-valuer';
import { knowsAllButTheHomeEstimate, oracleEstimate } from './oracle';
import { propertyTypes, type PropertyType } from './property-types';
import { similarHomesRanking } from './similar-homes';
import { saleDataOf } from './subject';

/** One held-out sale and what each valuer said (null: it could not value it). */
export interface RealisticCase {
  sale: BenchSale;
  oracle: number;
  /** The best-informed valuer's (`bestInformedEstimate`). */
  bestInformed: number;
  rvBaseline: number | null;
  perM2Baseline: number | null;
  model: ModelValuation | null;
}

export interface ModelFigures extends ErrorSummary {
  /** MdAPE ÷ the oracle's. */
  ratioToFloor: number;
  /** Its 95 % interval over resamples of the held-out sales, each keeping both errors (`mdapeRatioInterval`). */
  ratioToFloorInterval: Interval;
  /** MdAPE ÷ the best-informed valuer's, on the same sales: how far the model is from what the market allows. */
  ratioToBestInformed: number;
  /** Its 95 % interval, as `ratioToFloorInterval`. */
  ratioToBestInformedInterval: Interval;
  /** Share of sale prices inside [conservative, optimistic]. */
  inRange: number;
  /**
   * Median |estimate ÷ the home's true value − 1|: the model's own error, without the sale's luck
   * (which only a generated market knows), so it moves less between seeds than the MdAPE.
   */
  medianErrorFromTruth: number;
  /** Mean (optimistic − conservative) / 2 / estimate. */
  meanHalfWidth: number;
  meanConfidence: number;
  /** The share of sales that sold within ±10 % of their estimate: what the mean confidence claims. */
  soldWithin: number;
  buckets: ConfidenceBucketFigures[];
  /** Spearman's rank correlation of confidence and |error| (negative: confidence means something). */
  spearmanConfidenceError: number;
  /**
   * The same against the model's error from the home's true value, which only a generated market
   * knows: whether confidence ranks what the model got wrong, free of the sale's own luck.
   */
  spearmanConfidenceModelError: number;
  /**
   * The best any confidence could rank the sale's error: Spearman of −E|error from the sale| for a
   * confidence that knew the model's exact error against the true value and how far the home's
   * sale strays (`expectedAbsoluteError`; with one noise for every sale, simply −|the model's
   * error|), against |the error from the sale price|. What is left is the sale's own luck, which
   * nothing before the sale can know.
   */
  spearmanBound: number;
  /**
   * How much of the error similar homes that sold before foretell: Spearman of −each home's
   * expected error read from the model's errors on the earlier held-out homes of its suburb and
   * kind (`similarHomesErrors`), against |the error from the sale price|. Near 0 where a home's
   * kind and place do not decide how far its estimate strays. A reference, not a bound: a
   * confidence can read more than its group (its own comparables, for one).
   */
  spearmanSimilarHomes: number;
  /**
   * The held-out homes in fifths by how far their sales really stray (the generator's noise sd,
   * which only a generated market knows), calmest first: whether the range and the confidence
   * follow it, each fifth's prices 80 % in its range and its stated confidence what sold.
   */
  byNoiseFifth: NoiseFifth[];
  byType: Record<PropertyType, ErrorSummary>;
  /** Split by how many of the model's comparables came from the subject's own suburb. */
  sameSuburb: { atLeast3: ErrorSummary; fewer: ErrorSummary };
  /** Held-out sales without an RV, and the model's error on them. */
  noRv: ErrorSummary;
}

/** One fifth of `ModelFigures.byNoiseFifth`. */
export interface NoiseFifth {
  /** The lowest and highest noise sd of its sales. */
  noise: { low: number; high: number };
  count: number;
  inRange: number;
  statedConfidence: number;
  soldWithin: number;
}

export interface RealisticAccuracyResult {
  towns: number;
  training: number;
  /** Family transfers among the training sales. */
  nonMarket: number;
  heldOut: number;
  /** Sales (training and held out) without an RV. */
  withoutRv: number;
  oracle: ErrorSummary;
  /** Knows everything but the home's own factor (`knowsAllButTheHomeEstimate`): a reference, not a goal. */
  allButTheHome: ErrorSummary;
  /** Knows the market's rules, infers the street, condition and own factor (`bestInformedEstimate`). */
  bestInformed: ErrorSummary & { ratioToFloor: number };
  rvBaseline: ErrorSummary;
  perM2Baseline: ErrorSummary;
  model: ModelFigures;
  valuationsPerSecond: number;
  cases: RealisticCase[];
}

export type RealisticAccuracyOptions = BenchMarketOptions & { onProgress?: (done: number, total: number) => void };

const errorsOf = (cases: readonly RealisticCase[], estimate: (c: RealisticCase) => number | null) =>
  cases.flatMap((c) => {
    const e = estimate(c);
    return e === null ? [] : [relativeError(e, c.sale.price)];
  });

/** Training sales of one town sold strictly before `date` (the pool is sorted by date). */
function earlierThan<T extends { saleDate: string }>(sorted: readonly T[], date: string): T[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.saleDate < date) lo = mid + 1;
    else hi = mid;
  }
  return sorted.slice(0, lo);
}

/**
 * Every held-out sale of the bench market valued as at its sale date from the training sales of
 * its town sold before it: by the oracle (the floor), the two naive baselines, and the model.
 * Pure and deterministic for the same options.
 */
export function measureRealisticAccuracy(options: RealisticAccuracyOptions): RealisticAccuracyResult {
  const market = generateBenchMarket(options);
  const byTown = new Map<string, { sales: BenchSale[]; data: SaleData[] }>();
  const byStreet = new Map<string, BenchSale[]>();
  for (const sale of market.training) {
    const town = byTown.get(sale.home.town) ?? { sales: [], data: [] };
    town.sales.push(sale);
    town.data.push(saleDataOf(sale));
    byTown.set(sale.home.town, town);
    const street = byStreet.get(streetOfSale(sale)) ?? [];
    street.push(sale);
    byStreet.set(streetOfSale(sale), street);
  }
  const towns = new Map(market.towns.map((t) => [t.name, t]));
  const rvError = options.rvError ?? BENCH_MARKET_DEFAULTS.rvError;

  const cases: RealisticCase[] = [];
  let modelMs = 0;
  for (const [i, sale] of market.heldOut.entries()) {
    const town = byTown.get(sale.home.town) ?? { sales: [], data: [] };
    const earlier = earlierThan(town.sales, sale.saleDate);
    const pool = earlierThan(town.data, sale.saleDate);
    const started = performance.now();
    const model = valueWithModel(sale, pool);
    modelMs += performance.now() - started;
    const bestInformed = bestInformedEstimate(sale, earlierThan(byStreet.get(streetOfSale(sale)) ?? [], sale.saleDate), towns.get(sale.home.town)!, rvError);
    cases.push({ sale, oracle: oracleEstimate(sale), bestInformed, rvBaseline: rvBroughtForward(sale, earlier), perM2Baseline: suburbPricePerM2(sale, earlier), model });
    if ((i + 1) % 50 === 0 || i + 1 === market.heldOut.length) options.onProgress?.(i + 1, market.heldOut.length);
  }

  const oracle = summariseErrors(errorsOf(cases, (c) => c.oracle));
  const bestInformed = summariseErrors(errorsOf(cases, (c) => c.bestInformed));
  const valued = cases.flatMap((c) => (c.model ? [{ c, m: c.model, error: relativeError(c.model.estimate.estimatedValue, c.sale.price) }] : []));
  const modelErrors = valued.map((v) => v.error);
  // On the sales the model valued (it declines none on this market), so both stand on the same luck.
  const bestInformedErrors = valued.map((v) => relativeError(v.c.bestInformed, v.c.sale.price));
  const summary = summariseErrors(modelErrors);
  const summaryOf = (keep: (v: (typeof valued)[number]) => boolean) => summariseErrors(valued.filter(keep).map((v) => v.error));
  const confidences = valued.map((v) => v.m.estimate.confidence);
  const saleErrors = modelErrors.map(Math.abs);
  const errorsFromTruth = valued.map((v) => Math.abs(relativeError(v.m.estimate.estimatedValue, v.c.sale.trueValue)));
  const expectedErrors = valued.map((v) => expectedAbsoluteError(Math.log(v.m.estimate.estimatedValue / v.c.sale.trueValue), v.c.sale.noiseSd));
  const model: ModelFigures = {
    ...summary,
    ratioToFloor: summary.mdape / oracle.mdape,
    ratioToFloorInterval: mdapeRatioInterval(modelErrors, valued.map((v) => relativeError(v.c.oracle, v.c.sale.price))),
    ratioToBestInformed: summary.mdape / mdape(bestInformedErrors),
    ratioToBestInformedInterval: mdapeRatioInterval(modelErrors, bestInformedErrors),
    inRange: coverage(valued.map(rangeCaseOf)),
    medianErrorFromTruth: median(errorsFromTruth),
    meanHalfWidth: mean(valued.map((v) => (v.m.estimate.optimisticValue - v.m.estimate.conservativeValue) / 2 / v.m.estimate.estimatedValue)),
    meanConfidence: mean(confidences),
    soldWithin: share(valued.map((v) => soldWithinTen(v.error))),
    buckets: confidenceBuckets(valued.map((v) => ({ confidence: v.m.estimate.confidence, error: v.error }))),
    spearmanConfidenceError: spearman(confidences, saleErrors),
    spearmanConfidenceModelError: spearman(confidences, errorsFromTruth),
    spearmanBound: spearman(expectedErrors.map((e) => -e), saleErrors),
    spearmanSimilarHomes: similarHomesOf(valued.map((v) => ({ sale: v.c.sale, error: Math.abs(v.error) }))),
    byNoiseFifth: fifthsBy(valued, (v) => v.c.sale.noiseSd).map((fifth) => ({
      noise: { low: fifth[0]?.c.sale.noiseSd ?? Number.NaN, high: fifth.at(-1)?.c.sale.noiseSd ?? Number.NaN },
      count: fifth.length,
      inRange: coverage(fifth.map(rangeCaseOf)),
      statedConfidence: mean(fifth.map((v) => v.m.estimate.confidence)),
      soldWithin: share(fifth.map((v) => soldWithinTen(v.error))),
    })),
    byType: Object.fromEntries(propertyTypes.map((t) => [t, summaryOf((v) => v.c.sale.home.type === t)])) as Record<PropertyType, ErrorSummary>,
    sameSuburb: { atLeast3: summaryOf((v) => v.m.sameSuburb >= 3), fewer: summaryOf((v) => v.m.sameSuburb < 3) },
    noRv: summaryOf((v) => v.c.sale.rateableValue === null),
  };
  const all = [...market.training, ...market.heldOut];
  return {
    towns: market.towns.length,
    training: market.training.length,
    nonMarket: market.training.filter((s) => s.nonMarket).length,
    heldOut: market.heldOut.length,
    withoutRv: all.filter((s) => s.rateableValue === null).length,
    oracle,
    allButTheHome: summariseErrors(cases.map((c) => relativeError(knowsAllButTheHomeEstimate(c.sale), c.sale.price))),
    bestInformed: { ...bestInformed, ratioToFloor: bestInformed.mdape / oracle.mdape },
    // (a) falls back to (b) for a home without an RV, so both baselines value every held-out sale.
    rvBaseline: summariseErrors(errorsOf(cases, (c) => c.rvBaseline ?? c.perM2Baseline)),
    perM2Baseline: summariseErrors(errorsOf(cases, (c) => c.perM2Baseline)),
    model,
    valuationsPerSecond: modelMs > 0 ? (valued.length / modelMs) * 1000 : Number.NaN,
    cases,
  };
}

/** A valued sale's price and the model's range, as `coverage` reads them. */
const rangeCaseOf = (v: { c: RealisticCase; m: ModelValuation }) => ({ price: v.c.sale.price, low: v.m.estimate.conservativeValue, high: v.m.estimate.optimisticValue });

/** `spearmanSimilarHomes`: groups are the suburb and kind, the town and kind, then the town. */
const similarHomesOf = (homes: readonly { sale: BenchSale; error: number }[]) =>
  similarHomesRanking(
    homes.map(({ sale, error }) => {
      const { town, suburb, type } = sale.home;
      return { groups: [`${town}|${suburb}|${type}`, `${town}|${type}`, town], soldOn: sale.saleDate, error };
    }),
  );
