import { conditionKeys, ratedScores, type Comparable, type ConditionScores, type Estimate, type PropertyDetails } from '@kainga/contracts';
import { DAYS_PER_MONTH, daysBetween, nzDateOf, parseIsoDate } from './calendar';
import { MAX_COMPARABLES } from './comparables';
import { formatNumber, formatNzd, formatSignedNzd, formatSignedPercent, roundToThousand } from './money';
import { clamp, coefficientOfVariation, leastSquares, mean, median, weightedMedian } from './statistics';

export const MODEL_ENGINE_VERSION = 'kainga-model-1';

/** The property and its condition scores (absent or 0 = N/A). */
export type EstimateInput = PropertyDetails & { conditionScores: ConditionScores };

/** City-wide figures the caller computes from all sales in the city (see `cityMarketFigures`). */
export type EstimateContext = {
  now: Date;
  /** Median of sale price / rateable value over the city's sales; null when unknown. */
  citySaleToRvRatio: number | null;
  /** Median sale price per m² of floor area over the city's sales; null when unknown. */
  cityMedianPricePerM2: number | null;
};

export const NOT_ENOUGH_INFORMATION = 'Not enough information to estimate: enter the floor area or the rateable value.';

/** Condition: fraction of the base value per star above or below Good (3). */
export const CONDITION_PER_POINT = 0.04;
/** Condition adjustment cap, as a fraction of the base value (either way). */
export const CONDITION_CAP = 0.1;
/** Market adjustment cap, as a fraction of the base value (either way). */
export const MARKET_CAP = 0.08;
/** Fewest dated comparables with a floor area for a market trend. */
export const MARKET_MIN_COMPARABLES = 3;
/** Weight of the comparables approach in the blend: FLOOR + SPAN × (n / 5) × (mean match / 100). */
export const BLEND_COMPARABLES_FLOOR = 0.2;
export const BLEND_COMPARABLES_SPAN = 0.7;
/** Weights of the confidence score (they add up to 1). */
export const CONFIDENCE_WEIGHTS = { count: 0.3, match: 0.2, agreement: 0.2, rated: 0.15, rateableValue: 0.15 } as const;
export const CONFIDENCE_MIN = 15;
export const CONFIDENCE_MAX = 95;
/** Coefficient of variation at which the comparables' agreement reaches 0. */
export const AGREEMENT_ZERO_CV = 0.5;
/** Range half-width: u = RANGE_MIN + (100 − confidence) / 100 × RANGE_SPAN. */
export const RANGE_MIN = 0.04;
export const RANGE_SPAN = 0.26;

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const pct = (fraction: number) => `${formatNumber(Math.round(fraction * 100))} %`;
const m2 = (area: number) => `${formatNumber(area, 1)} m²`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type ComparablesApproach = {
  value: number;
  /** 'perM2': weighted median $/m² × floor area; 'price': weighted median price. */
  basis: 'perM2' | 'price';
  /** The weighted median ($/m² or $). */
  figure: number;
  /** The figures the median was taken over (for the spread). */
  figures: number[];
  count: number;
  meanMatch: number;
};

/**
 * The local valuation model, engine `kainga-model-1`. Pure and deterministic: the same input,
 * comparables and context always give the same estimate. Every figure below appears, in dollars,
 * in `explanation` (one plain-English line per factor).
 *
 * Notation: n = number of usable comparables (price > 0, at most 5 are expected), mᵢ = match
 * percentage of comparable i, pᵢ = its price, fᵢ = its floor area, F = the subject's floor area,
 * RV = the subject's rateable value.
 *
 * 1. Comparables approach (C), when n ≥ 1:
 *    - when F > 0 and some comparables have fᵢ > 0: C = wmedian(pᵢ / fᵢ; weights mᵢ) × F over the
 *      comparables with a floor area;
 *    - otherwise: C = wmedian(pᵢ; weights mᵢ) (the comparables' prices directly).
 *    wmedian is the weighted median (`weightedMedian`): robust to one odd sale.
 * 2. Rateable value approach (R), when RV > 0: R = RV × ratio, where ratio is the median of
 *    pᵢ / RVᵢ over the comparables with an RV, else `citySaleToRvRatio`, else 1.0 (RV at face value).
 * 3. Base value B:
 *    - C and R: B = w·C + (1 − w)·R with w = 0.2 + 0.7 × (min(n, 5) / 5) × (mean mᵢ / 100), so
 *      five perfect matches give the comparables 90 % and one poor match barely more than 20 %;
 *    - only C: B = C; only R: B = R;
 *    - neither: B = `cityMedianPricePerM2` × F;
 *    - nothing at all: Error(NOT_ENOUGH_INFORMATION).
 * 4. Condition adjustment: over the rated criteria only (score 1–5; 0 = N/A is left out),
 *    a = mean score; c = clamp(0.04 × (a − 3), −10 %, +10 %); 0 when nothing is rated.
 *    Condition = round₁₀₀₀(B × c). Raising any rated score raises a, so the estimate never falls
 *    (monotone non-decreasing in every score on the 1–5 scale). Note: rating a criterion that
 *    was N/A is not "raising" it: it adds evidence, which can be below the current average.
 * 5. Market adjustment: over the comparables with a floor area and a sale date (at least 3),
 *    dᵢ = days from the sale to today (New Zealand date at `now`), yᵢ = pᵢ / fᵢ. Least squares
 *    y = α + β·d gives β ($/m² per day ago). Relative market movement per day = −β / ȳ
 *    (ȳ = mean yᵢ), applied over the median dᵢ: k = clamp(−β / ȳ × median(dᵢ), −8 %, +8 %).
 *    Market = round₁₀₀₀(B × k). 0 with fewer than 3 such comparables or when all sold the same day.
 * 6. Rounding: baseValue = round₁₀₀₀(B); estimatedValue = baseValue + Condition + Market, so the
 *    breakdown adds up exactly.
 * 7. Confidence (integer %):
 *    score = 0.30 × min(n, 5)/5                         (how many comparables)
 *          + 0.20 × mean mᵢ / 100                       (how well they match)
 *          + 0.20 × agreement                           (how much they agree)
 *          + 0.15 × rated / 34                          (share of the 34 criteria rated)
 *          + 0.15 × [RV known]
 *    agreement = clamp(1 − CV / 0.5, 0, 1) with CV the coefficient of variation (population
 *    standard deviation / mean) of the figures the comparables approach used ($/m² or prices);
 *    0.5 with a single comparable (agreement unknown), 0 with none.
 *    confidence = clamp(round(15 + 80 × score), 15, 95).
 * 8. Range: u = 0.04 + (100 − confidence)/100 × 0.26 (±5.3 % at 95, ±26.1 % at 15);
 *    conservative = round₁₀₀₀(E × (1 − u)), optimistic = round₁₀₀₀(E × (1 + u)); E lies within.
 */
export const estimateValue = (input: EstimateInput, comparables: readonly Comparable[], context: EstimateContext): Estimate => {
  const explanation: string[] = [];
  const floorArea = positive(input.floorArea) ? input.floorArea : null;
  const rateableValue = positive(input.rateableValue) ? input.rateableValue : null;
  const usable = comparables.filter((c) => positive(c.price));

  // 1. Comparables approach.
  let approach: ComparablesApproach | null = null;
  if (usable.length === 0) explanation.push('Comparable sales: none found, so they are not used.');
  else {
    const withArea = usable.filter((c) => positive(c.floorArea));
    const meanMatch = mean(usable.map((c) => c.matchPercentage));
    if (floorArea !== null && withArea.length > 0) {
      const perM2 = withArea.map((c) => ({ value: c.price / c.floorArea!, weight: c.matchPercentage }));
      const figure = weightedMedian(perM2);
      approach = { value: figure * floorArea, basis: 'perM2', figure, figures: perM2.map((p) => p.value), count: usable.length, meanMatch };
      const over = withArea.length === usable.length ? plural(usable.length, 'sale', 'sales') : `${withArea.length} of ${usable.length} sales (those with a floor area)`;
      explanation.push(`Comparable sales: median ${formatNzd(figure)}/m² weighted by match over ${over} → ${formatNzd(approach.value)} for ${m2(floorArea)}.`);
    } else {
      const prices = usable.map((c) => ({ value: c.price, weight: c.matchPercentage }));
      const figure = weightedMedian(prices);
      approach = { value: figure, basis: 'price', figure, figures: prices.map((p) => p.value), count: usable.length, meanMatch };
      const why = floorArea === null ? 'no floor area given to compare per m²' : 'the comparables have no floor areas';
      explanation.push(`Comparable sales: median price ${formatNzd(figure)} weighted by match over ${plural(usable.length, 'sale', 'sales')} (${why}).`);
    }
    const demo = usable.filter((c) => c.demo).length;
    if (demo > 0) explanation[explanation.length - 1] += demo === usable.length ? ' These are generated demo data, not real sales.' : ` ${demo} of them ${demo === 1 ? 'is' : 'are'} generated demo data, not real sales.`;
  }

  // 2. Rateable value approach.
  let rvValue: number | null = null;
  if (rateableValue !== null) {
    const ratios = usable.filter((c) => positive(c.rateableValue)).map((c) => c.price / c.rateableValue!);
    let ratio = 1;
    let source = 'no sale-to-RV ratio known, so the RV is taken at face value';
    if (ratios.length > 0) {
      ratio = median(ratios);
      source = `median sale-to-RV ratio of ${plural(ratios.length, 'comparable', 'comparables')}`;
    } else if (positive(context.citySaleToRvRatio)) {
      ratio = context.citySaleToRvRatio;
      source = `median sale-to-RV ratio of recent sales in ${input.city.trim() || 'the city'}`;
    }
    rvValue = rateableValue * ratio;
    explanation.push(`Rateable value: ${formatNzd(rateableValue)} × ${ratio.toFixed(2)} (${source}) → ${formatNzd(rvValue)}.`);
  } else {
    explanation.push('Rateable value: not given, so it is not used.');
  }

  // 3. Base value.
  let base: number;
  let comparablesWeight = 0;
  if (approach && rvValue !== null) {
    comparablesWeight = BLEND_COMPARABLES_FLOOR + BLEND_COMPARABLES_SPAN * (Math.min(approach.count, MAX_COMPARABLES) / MAX_COMPARABLES) * (approach.meanMatch / 100);
    base = comparablesWeight * approach.value + (1 - comparablesWeight) * rvValue;
    explanation.push(
      `Base value: ${pct(comparablesWeight)} comparable sales (${formatNzd(approach.value)}) + ${pct(1 - comparablesWeight)} rateable value (${formatNzd(rvValue)}) → ${formatNzd(roundToThousand(base))}; more and closer comparables get more weight.`,
    );
  } else if (approach) {
    comparablesWeight = 1;
    base = approach.value;
    explanation.push(`Base value: comparable sales alone (no rateable value) → ${formatNzd(roundToThousand(base))}.`);
  } else if (rvValue !== null) {
    base = rvValue;
    explanation.push(`Base value: rateable value approach alone (no comparable sales) → ${formatNzd(roundToThousand(base))}.`);
  } else if (floorArea !== null && positive(context.cityMedianPricePerM2)) {
    base = context.cityMedianPricePerM2 * floorArea;
    explanation.push(
      `Base value: ${input.city.trim() || 'city'} median ${formatNzd(context.cityMedianPricePerM2)}/m² × ${m2(floorArea)} → ${formatNzd(roundToThousand(base))} (no comparable sales or rateable value).`,
    );
  } else {
    throw new Error(NOT_ENOUGH_INFORMATION);
  }
  const baseValue = roundToThousand(base);

  // 4. Condition adjustment.
  const rated = ratedScores(input.conditionScores ?? {});
  let conditionAdjustment = 0;
  if (rated.length > 0) {
    const average = mean(rated.map(([, s]) => s));
    const raw = CONDITION_PER_POINT * (average - 3);
    const fraction = clamp(raw, -CONDITION_CAP, CONDITION_CAP);
    conditionAdjustment = roundToThousand(base * fraction);
    const capped = fraction !== raw ? `, capped at ±${pct(CONDITION_CAP)}` : '';
    explanation.push(
      `Condition: average ${average.toFixed(1)} stars over ${plural(rated.length, 'rated criterion', 'rated criteria')} (3 = Good is neutral, ${pct(CONDITION_PER_POINT)} a star${capped}) → ${formatSignedPercent(fraction)} = ${formatSignedNzd(conditionAdjustment)}.`,
    );
  } else {
    explanation.push(`Condition: no criteria rated → no adjustment (${formatSignedNzd(0)}).`);
  }

  // 5. Market adjustment.
  const today = nzDateOf(context.now);
  const points = usable.flatMap((c) => {
    const date = parseIsoDate(c.saleDate);
    return date && positive(c.floorArea) ? [{ x: daysBetween(date, today), y: c.price / c.floorArea }] : [];
  });
  let marketAdjustment = 0;
  if (points.length < MARKET_MIN_COMPARABLES) {
    explanation.push(`Market: fewer than ${MARKET_MIN_COMPARABLES} dated comparables with a floor area, so no market trend is applied (${formatSignedNzd(0)}).`);
  } else {
    const fit = leastSquares(points);
    if (!fit || fit.meanY <= 0) {
      explanation.push(`Market: the comparables all sold on the same day, so no trend can be measured (${formatSignedNzd(0)}).`);
    } else {
      const perDay = -fit.slope / fit.meanY;
      const medianDays = median(points.map((p) => p.x));
      const raw = perDay * medianDays;
      const fraction = clamp(raw, -MARKET_CAP, MARKET_CAP);
      marketAdjustment = roundToThousand(base * fraction);
      const capped = fraction !== raw ? ` (capped at ±${pct(MARKET_CAP)})` : '';
      explanation.push(
        `Market: the comparables' price per m² moved ${formatSignedPercent(perDay * DAYS_PER_MONTH)} a month; from their median sale date (${(medianDays / DAYS_PER_MONTH).toFixed(1)} months ago) to today → ${formatSignedPercent(fraction)}${capped} = ${formatSignedNzd(marketAdjustment)}.`,
      );
    }
  }

  const estimatedValue = baseValue + conditionAdjustment + marketAdjustment;
  explanation.push(
    `Estimated value: ${formatNzd(baseValue)} base ${formatSignedNzd(conditionAdjustment).replace(/^([+-])/, '$1 ')} condition ${formatSignedNzd(marketAdjustment).replace(/^([+-])/, '$1 ')} market = ${formatNzd(estimatedValue)}.`,
  );

  // 7. Confidence.
  const n = approach?.count ?? 0;
  const countScore = Math.min(n, MAX_COMPARABLES) / MAX_COMPARABLES;
  const matchScore = approach ? approach.meanMatch / 100 : 0;
  const cv = approach && approach.figures.length >= 2 ? coefficientOfVariation(approach.figures) : null;
  const agreement = !approach ? 0 : cv === null ? 0.5 : clamp(1 - cv / AGREEMENT_ZERO_CV, 0, 1);
  const ratedShare = rated.length / conditionKeys.length;
  const score =
    CONFIDENCE_WEIGHTS.count * countScore +
    CONFIDENCE_WEIGHTS.match * matchScore +
    CONFIDENCE_WEIGHTS.agreement * agreement +
    CONFIDENCE_WEIGHTS.rated * ratedShare +
    CONFIDENCE_WEIGHTS.rateableValue * (rateableValue !== null ? 1 : 0);
  const confidence = clamp(Math.round(CONFIDENCE_MIN + (CONFIDENCE_MAX - CONFIDENCE_MIN) * score), CONFIDENCE_MIN, CONFIDENCE_MAX);

  // 8. Range.
  const u = RANGE_MIN + ((100 - confidence) / 100) * RANGE_SPAN;
  const conservativeValue = roundToThousand(estimatedValue * (1 - u));
  const optimisticValue = roundToThousand(estimatedValue * (1 + u));
  const spread = n === 0 ? 'no comparables' : `${n} of ${MAX_COMPARABLES} comparables, mean match ${formatNumber(Math.round(matchScore * 100))} %, ${cv === null ? 'spread unknown' : `price spread ${pct(cv)}`}`;
  explanation.push(
    `Confidence ${confidence} %: ${spread}, ${rated.length} of ${conditionKeys.length} criteria rated, rateable value ${rateableValue !== null ? 'known' : 'unknown'} → range ±${formatNumber(u * 100, 1)} %: ${formatNzd(conservativeValue)} to ${formatNzd(optimisticValue)}.`,
  );

  return {
    estimatedValue,
    conservativeValue,
    optimisticValue,
    baseValue,
    conditionAdjustment,
    marketAdjustment,
    confidence,
    engine: 'model',
    engineVersion: MODEL_ENGINE_VERSION,
    explanation,
    fallbackReason: null,
  };
};
