import { conditionKeys, ratedScores, type Comparable, type ConditionScores, type Estimate, type PropertyDetails } from '@kainga/contracts';
import { DAYS_PER_MONTH, daysBetween, nzDateOf, parseIsoDate, type CalendarDate } from './calendar';
import { normalisePlace } from './comparables';
import { formatNumber, formatNzd, formatSignedNzd, formatSignedPercent, roundToThousand } from './money';
import { blendError, blendWeight } from './blend';
import { clamp, coefficientOfVariation, leastSquares, mean, median, normalWithin, weightedMedian } from './statistics';
import { levelPriorsOfModel, streetKey, suburbSpreadOf, townModelLogPrice, townModelSpread, townModelVariance, townTrendEffect, type TownModel } from './town-model';

/**
 * Recorded with every estimate; `kainga-model-1` was the first formula, `-2` adjusted the whole
 * base for condition and market, `-3` had a confidence score of weighted counts and fixed size
 * rules for every comparable, `-5` a straight-line city trend and five-sale weight for the town
 * model, `-7` the same range for a rated home as for an unrated one, `-8` one spread for every
 * suburb of a town, `-9` one fixed ridge (2 sales) for every suburb's and street's level, `-10`
 * the town model's expected error widened by how poorly the comparables matched, `-11` the town
 * model's price counted as twenty comparables whatever the town's sales said, `-12` let blending in
 * the RV narrow the part of a suburb's or kind's spread that is its sales' own luck, and read a
 * noisy suburb's spread through fences drawn for the town's, `-13` held a suburb at one level over
 * two years and scaled every RV by its town's ratio, `-14` gave a suburb its own spread whenever
 * its town's suburbs' spreads scattered at all beyond chance (see git history).
 */
export const MODEL_ENGINE_VERSION = 'kainga-model-15';

/** The property and its condition scores (absent or 0 = N/A). */
export type EstimateInput = PropertyDetails & { conditionScores: ConditionScores };

/** City-wide figures the caller computes from all sales in the city (see `cityMarketFigures`). */
export type EstimateContext = {
  now: Date;
  /** Median of sale price / rateable value over the city's sales; null when unknown. */
  citySaleToRvRatio: number | null;
  /** `CityMarketFigures.suburbSaleToRvRatios`: a suburb's own ratio, used instead of the city's where given. */
  suburbSaleToRvRatios?: Record<string, number> | null;
  /** Median sale price per m² of floor area over the city's sales; null when unknown. */
  cityMedianPricePerM2: number | null;
  /**
   * The city's market trend: relative change of price per m² a month over its sales of the last
   * 24 months (0.01 = +1 % a month; `cityMarketFigures` computes it). Absent or null when
   * unknown: the market adjustment then leans towards a flat market instead.
   */
  cityTrendPerMonth?: number | null;
  /**
   * The city's range scale (`rangeScaleOf`, conformal on its recent sales): the range is this
   * many times the uncalibrated one (1.28 expected errors either side). Absent or null: 1.
   */
  rangeScale?: number | null;
  /**
   * What the town's sales say a suburb, kind of home and size are worth (`fitTownModel`): when
   * given, comparables are adjusted to this home by it instead of the fixed size rules, and its own
   * price for this home counts as `townModelWeightOf(townModel)` comparables. Absent or null: the fixed rules.
   */
  townModel?: TownModel | null;
  /**
   * Calibration only (`calibrateCity`): valuing, as at its sale date, a sale the town model was
   * fitted on: how many months before the model's today `now` is, and how the sale's ln price
   * would move without it (`townModelLeaveOneOut`). Absent or null: `now` is the model's today.
   */
  townModelAt?: { monthsAgo: number; leaveOut: number } | null;
  /** `CityMarketFigures.citySaleToRvSpread`: the RV approach's error, measured on the city's sales. Absent or null: the comparables' ratios' spread. */
  citySaleToRvSpread?: number | null;
  /** `CityMarketFigures.townModelRvCovariance`: the error the town model and the RV share on a sale. Absent or null: none (independent). */
  townModelRvCovariance?: number | null;
  /**
   * How much larger (> 1) or smaller the comparables' expected error really is in this city than
   * their spread says, measured on its recent sales (`calibrateCity`); it sets how the comparables
   * and the RV are blended. Absent or null: 1.
   */
  comparablesErrorScale?: number | null;
};

/**
 * The two approaches' values and expected errors before they are blended (null: not used), for
 * the city's calibration (`calibrateCity`), which compares them with the prices of its recent sales.
 */
/** `comparablesError` and `rateableError` are the errors the two are weighed by (step 3). */
export type EstimateParts = { comparables: number | null; comparablesError: number | null; rateable: number | null; rateableError: number | null; baseError: number };

/**
 * The town model's price for this home counts as at least this many comparables beside the
 * comparables' own median (see step 1), and as this many in a town whose neighbours' residuals
 * were not measured.
 */
export const TOWN_MODEL_WEIGHT = 20;

/**
 * How many comparables the town model's price counts as (step 1): W = (σ² − τ²) / τ², at least
 * `TOWN_MODEL_WEIGHT`, with σ the model's residual spread and τ² what neighbouring sales' residuals
 * share (`TownModel.neighbourCovariance`). If a home's deviation from the model is a part δ its
 * neighbours share (variance τ²) plus its own sale's (σ² − τ²), the m comparables' mean residual
 * says E[δ] = m / (m + W) of it: the comparables count for what they know that the model does not.
 * τ² ≤ 0 (neighbours stray no more alike than strangers once the model knows their street): the
 * model's price alone (Infinity). Not measured: `TOWN_MODEL_WEIGHT`.
 */
export function townModelWeightOf(model: Pick<TownModel, 'residualSd' | 'neighbourCovariance'>): number {
  const shared = model.neighbourCovariance;
  if (shared === undefined) return TOWN_MODEL_WEIGHT;
  if (!(shared > 0)) return Infinity;
  return Math.max(TOWN_MODEL_WEIGHT, (model.residualSd ** 2 - shared) / shared);
}

export const NOT_ENOUGH_INFORMATION = 'Not enough information to estimate: enter the floor area or the rateable value.';

/** Condition: fraction of the base value per star above or below Good (3). */
export const CONDITION_PER_POINT = 0.04;
/** Condition adjustment cap, as a fraction of the base value (either way). */
export const CONDITION_CAP = 0.1;
/**
 * How far owners' average ratings differ from home to home, in stars (sd): the condition a rated
 * home's range no longer has to allow for is CONDITION_PER_POINT × this (step 7). An assumption
 * until enough valuations are rated to measure it: the owners of `npm run bench:valuation`'s
 * market spread 0.83 stars (a true grade of sd 0.75 read to about ±0.4).
 */
export const CONDITION_RATING_SPREAD = 0.8;
/** Rated criteria that say as much of the whole home's condition as a full set (fewer: in proportion). */
export const CONDITION_RATINGS_FULL = 10;
/** Market adjustment cap, as a fraction of the base value (either way). */
export const MARKET_CAP = 0.08;
/** Fewest dated comparables with a floor area for the comparables' own market trend. */
export const MARKET_MIN_COMPARABLES = 3;
/**
 * Weight of the prior trend (the city's, else flat) against the comparables' own trend, in
 * month²: the comparables' trend counts S / (S + 600) with S = Σ(tᵢ − t̄)² their sale dates'
 * spread in months. Five sales within three months (S ≈ 4) count for under 1 %, five sales spread
 * over two years (S ≈ 250) for about 30 %: a handful of sales says little about a trend.
 */
export const MARKET_PRIOR_MONTHS2 = 600;
/** Price grows more slowly than size: a comparable's price is scaled by (F / fᵢ)^0.6 × (L / lᵢ)^0.15. */
export const FLOOR_AREA_ELASTICITY = 0.6;
export const LAND_AREA_ELASTICITY = 0.15;
/** The city's sale-to-RV ratio counts as this many comparables in the ratio the RV is scaled by. */
export const CITY_RATIO_WEIGHT = 5;
/**
 * Typical relative error of each approach before any comparable is seen, and how many comparables
 * that prior counts as when it is pooled with the comparables' own spread.
 */
export const SPREAD_PRIOR = { comparables: 0.15, ratio: 0.1, faceValue: 0.25, cityMedian: 0.25 } as const;
export const SPREAD_PRIOR_WEIGHT = 1;
/** Comparables' mean match below which their expected error widens: × 75 / mean match. */
export const MATCH_REFERENCE = 75;
/**
 * Confidence is the chance that the home sells within ±10 % of the estimate, read from its range:
 * Φ-interval P(|Z| ≤ 0.10 / σ) with σ = u / 1.28 (the range is the 80 % interval of a normal
 * spread). A home whose range is ±8 % scores 88 %, ±13 % 68 %, ±20 % 48 %. Kept within 15–95 %.
 */
export const CONFIDENCE_WITHIN = 0.1;
export const CONFIDENCE_MIN = 15;
export const CONFIDENCE_MAX = 95;
/** Range half-width u = clamp(1.28 × expected error, RANGE_MIN, RANGE_MIN + RANGE_SPAN) = 4 % to 30 %. */
export const RANGE_MIN = 0.04;
export const RANGE_SPAN = 0.26;
/** 1.28 expected errors either side hold about 4 in 5 sales (the 80 % interval of a normal error). */
export const RANGE_Z = 1.28;

/** How much the town model's price counts beside the comparables' median, in words (step 1). */
const townModelWeightText = (weight: number, cityName: string) =>
  weight === Infinity
    ? `which is taken as it is: in ${cityName}'s sales, neighbours stray from the model no more alike than homes far apart, so the comparables' prices are their own sales' luck`
    : `which counts as ${formatNumber(Math.round(weight))} sales`;

/** The city's trend a month when it is known. */
const cityTrendOf = (context: EstimateContext): number | null =>
  typeof context.cityTrendPerMonth === 'number' && Number.isFinite(context.cityTrendPerMonth) ? context.cityTrendPerMonth : null;
const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const pct = (fraction: number) => `${formatNumber(Math.round(fraction * 100))} %`;
const m2 = (area: number) => `${formatNumber(area, 1)} m²`;
const months = (days: number) => `${(days / DAYS_PER_MONTH).toFixed(1)} months`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The spread pooled with its prior: v = (m·CV² + k·prior²) / (m − 1 + k), CV the population
 * coefficient of variation of the m figures, k = SPREAD_PRIOR_WEIGHT (so m − 1 + k degrees of
 * freedom); the prior alone with one figure or none. Returned as a standard deviation (√v).
 */
const pooledSpread = (figures: readonly number[], prior: number): number => {
  const m = figures.length;
  if (m < 2) return prior;
  const cv = coefficientOfVariation(figures);
  return Math.sqrt((m * cv * cv + SPREAD_PRIOR_WEIGHT * prior * prior) / (m - 1 + SPREAD_PRIOR_WEIGHT));
};

type ComparablesApproach = {
  value: number;
  /** The scaled prices the median was taken over (for the spread). */
  figures: number[];
  count: number;
  meanMatch: number;
  /** Expected relative error of `value` for this home. */
  error: number;
  /** The error it is weighed against the RV by (step 3): `error`, or with the town model, kainga-model-6's. */
  weightError: number;
  /** With the town model: how much more (or less) variance this home's suburb and kind sell with than the town's, the part of `error`² the RV shares (step 3). */
  ownLuck: number;
};

/**
 * The local valuation model, engine `kainga-model-15`. Pure and deterministic: the same input,
 * comparables and context always give the same estimate. Every figure below appears, in dollars
 * or per cent, in `explanation` (one plain-English line per factor).
 *
 * Notation: n = number of usable comparables (price > 0, at most 5 are expected), mᵢ = match
 * percentage of comparable i, pᵢ = its price, fᵢ / lᵢ = its floor / land area, F / L = the
 * subject's, RV = the subject's rateable value, m̄ = mean mᵢ.
 *
 * 1. Comparables approach (C), when n ≥ 1. With the town's sales model (`context.townModel`,
 *    `fitTownModel`) and a subject with a floor and land area: each comparable with them is
 *    adjusted to the subject and to today by the model, qᵢ = pᵢ × e^(h(subject, today) − h(i, its
 *    sale month)), h the model's ln price (suburb, street, kind of home, floor and land area, the
 *    town's monthly index); c̃ = wmedian(qᵢ; weights mᵢ); the model's own price H = e^h(subject,
 *    today); C_today = (m·c̃ + W·H) / (m + W), W = (σ² − τ²) / τ² and at least 20
 *    (`townModelWeightOf`): the model counts as W comparables, τ² being what a sale shares with
 *    its nearest neighbour beyond the model (`neighbourCovariance`, over the town's sales), so the
 *    comparables count for what they know of this home that the model does not, and not at all
 *    (C_today = H) where neighbours stray from it no more alike than strangers. A comparable was
 *    one of the sales the model was fitted on: on bench:valuation's market, where nothing below a
 *    street's level is local, a fixed twenty let five sales' own noise through (seed 7: MdAPE
 *    1.26× the floor, 1.24× with W). C = C_today × e^(index at d̃ months ago), as at the comparables'
 *    median sale date d̃, so that step 5 shows the market's move since. Its expected error is the
 *    town's: s_C = σ × √(1 + v), σ the model's studentized residual sd (how
 *    far a sale strays from a model that has not seen it) for this home's kind and suburb
 *    (`townModelSpread`: some suburbs' sales stray further than others') and v how well the model knows this
 *    home's price (`townModelVariance`: about 1/(nₛ + λ) for a typical home on a street of nₛ
 *    sales, λ the street ridge the town's sales gave the model, `levelPriors`; more for an
 *    unusual size or kind, a thinly sold suburb or an unknown street). Poorly
 *    matching comparables do not widen it (`kainga-model-10` multiplied it by max(1, 75 / m̄)):
 *    the model prices the home itself and adjusts each comparable to it, and v already holds
 *    what it does not know. In a town of ~100 sales the comparables' mean match is ~60 %, and
 *    the widened error overstated the held-out sales' real error by ~40 %: the range held 86–88 %
 *    of `npm run bench:valuation`'s prices at 120 sales a town (78–82 % without it).
 *    Without the model, the fixed size rules:
 *    each price is scaled to the subject's size,
 *      qᵢ = pᵢ × (F / fᵢ)^0.6 × (L / lᵢ)^0.15,
 *    the floor term over the comparables with fᵢ > 0 when F > 0 (the others are left out; when F
 *    is unknown or no comparable has a floor area, all are used without it), the land term only
 *    where both L and lᵢ are > 0. Price grows more slowly than size (the land and the kitchen do
 *    not double with the floor area), so a plain $/m² × F overvalues bigger homes.
 *    C = wmedian(qᵢ; weights mᵢ), the weighted median (`weightedMedian`): robust to one odd sale.
 *    Its expected error: s_C = pooled(CV of qᵢ, prior 15 %) × √(1 + 1/m) × max(1, 75 / m̄), where
 *    pooled is √((m·CV² + prior²) / m) over the m figures (the prior counts as one comparable,
 *    so m − 1 + 1 degrees of freedom), √(1 + 1/m) adds the error of the median itself, and poorly
 *    matching comparables (mean match below 75 %) widen it.
 * 2. Rateable value approach (R), when RV > 0: R = RV × ratio, where, with r̃ the median of
 *    pᵢ / RVᵢ over the k comparables with an RV (with the town model, each × e^(−index at its sale
 *    month): brought to today, as the city's ratio is) and r_city = `citySaleToRvRatio`:
 *    ratio = (k·r̃ + 5·r_city) / (k + 5) when both are known (the city figure counts as five
 *    comparables), r̃ or r_city alone when only one is, else 1.0 (RV at face value).
 *    Its expected error: s_R = s_city × √(1 + 1/(k + 5·[r_city])) with a ratio, s_city the city's
 *    `citySaleToRvSpread` (how far a sale strays from its RV × ratio, over hundreds of sales),
 *    else the pooled CV of the k ratios (prior 10 %); 25 % at face value.
 * 3. Base value B:
 *    - C and R: B = w·C + (1 − w)·R with w = r² / ((g·c)² + r²) clamped to [20 %, 90 %]
 *      (`blendWeight`), g the city's `comparablesErrorScale` (1 when unknown; `calibrateCity`
 *      stacks it on the city's recent sales): each approach counts in inverse proportion to its
 *      expected error (squared), as far as the city's sales showed, and neither is ever ignored.
 *      The weights keep kainga-model-6's errors, c = σ × √(1 + 1/(nₛ + λ)) × max(1, 75 / m̄) with
 *      the town model (else s_C) and r = the comparables' ratios' pooled CV × √(1 + 1/(k + 5))
 *      (else s_R): weighed by s_C and s_R (below), the blend leaned towards the RV and
 *      bench:valuation's MdAPE rose from 4.9 to 5.1 %; the comparables correct the model's price
 *      by their own residuals, locally, which s_C does not see and the stacking does;
 *    - only C: B = C; only R: B = R;
 *    - neither: B = `cityMedianPricePerM2` × F (expected error 25 %);
 *    - nothing at all: Error(NOT_ENOUGH_INFORMATION).
 *    Expected error of B: s = √(w²·s_C² + (1 − w)²·s_R² + 2w(1 − w)·c) (`blendError`), c the
 *    error both approaches share on a sale (with the town model, `townModelRvCovariance`, else 0):
 *    a sale's own luck moves its price away from both. With the town model, what this home's
 *    suburb and kind stray beyond the town's, Δ = (σ² − σ_T²)(1 + v) (σ this home's spread and σ_T
 *    the town's, step 1; negative for a calm suburb), is luck too: s_R² and c each take Δ (s_R²
 *    at least (s_R / 2)², c at least 0), so s² = s_T² + Δ, all of it, where the blend used to keep
 *    only w² of it. On bench:valuation's varied market (suburbs whose sales stray from 2.6 to
 *    16 %) the calmest fifth of homes had 87 % of their prices in the range and the noisiest 71 %;
 *    with this (and each suburb's spread read through the town's fences, `fitTownModel`) 84 and
 *    77 %, Spearman of confidence and error −0.16 → −0.19, and the buckets' median errors fall
 *    from Fair to Very High (8.0 / 5.9 / 4.7 / 4.2 %). The weights, and so the estimate, are unchanged.
 * 4. Condition adjustment, on the comparables' share of the base only, B_C = w·C (all of B
 *    without an RV; none with the RV alone): the RV was assessed for this home as it stands and
 *    the ratio brings it to today, so condition and market would count twice on (1 − w)·R.
 *    Over the rated criteria only (score 1–5; 0 = N/A is left out),
 *    a = mean score; c = clamp(0.04 × (a − 3), −10 %, +10 %); 0 when nothing is rated.
 *    Condition = round₁₀₀₀(B_C × c). Raising any rated score raises a, so the estimate never falls
 *    (monotone non-decreasing in every score on the 1–5 scale). Note: rating a criterion that
 *    was N/A is not "raising" it: it adds evidence, which can be below the current average.
 * 5. Market adjustment. With the town model: k = e^(−index at d̃) − 1, how the town's monthly index
 *    moved from the comparables' median sale date to today (not capped: it is measured, month by
 *    month, on the town's own sales); Market = round₁₀₀₀(B_C × k). Without it:
 *    dᵢ = days from each dated comparable's sale to today (New Zealand date
 *    at `now`); the adjustment runs over their median d̃ (0 with no dated comparable).
 *    - The comparables' own trend, over those with a floor area (at least 3, not all the same
 *      day): least squares yᵢ = α + β·dᵢ with yᵢ = pᵢ / fᵢ; t_local = −β / ȳ a day (ȳ = mean yᵢ).
 *    - The prior trend t_prior: `cityTrendPerMonth` (a day: ÷ 30.4375), else 0 (flat).
 *    - Shrinkage: t = λ·t_local + (1 − λ)·t_prior with λ = S / (S + 600), S = Σ(dᵢ − d̄)² in
 *      months² (λ = 0 without a local trend): a trend fitted to a few sales a few weeks apart is
 *      mostly noise (it used to swing by ±20 % a month), the city's trend over two years is not.
 *    k = clamp(t × d̃, −8 %, +8 %); Market = round₁₀₀₀(B_C × k).
 * 6. Rounding: baseValue = round₁₀₀₀(B); estimatedValue = baseValue + Condition + Market, so the
 *    breakdown adds up exactly.
 * 7. Range: u = clamp(1.28 × g × s, 4 %, 30 %), s the home's own expected error (step 3) and g
 *    the city's range scale (`rangeScale`: conformal on its recent sales, so 4 in 5 sale prices fall
 *    inside; 1 when unknown). Each home keeps its own s: pooled towards the city's typical error
 *    (as the 60 calibration sales seemed to support, most often fully), every home of a town got
 *    nearly the same range and confidence, and confidence stopped predicting error (bench:valuation,
 *    Spearman −0.03; with each home's own: −0.05, and the buckets' errors fall in order).
 *    A rated home's s leaves out the condition its ratings explain (`ratedHomeError`):
 *    s' = √(max(s² − (w_B × 0.04 × 0.8 × min(1, r / 10))², s² / 4)), w_B the base's share that
 *    condition adjusts (step 4), 0.04 a star (step 4), 0.8 stars how far owners' average ratings
 *    differ between homes (`CONDITION_RATING_SPREAD`), r the rated criteria: the city's error is
 *    measured on sales nobody rated, so it allows for every home's unknown condition;
 *    conservative = round₁₀₀₀(E × (1 − u)), optimistic = round₁₀₀₀(E × (1 + u)); E lies within.
 * 8. Confidence (integer %): the chance that the price falls within ±10 % of E when prices stray
 *    from estimates as a normal spread whose 80 % interval is the range:
 *    confidence = clamp(round(100 × P(|Z| ≤ 0.10 × 1.28 / u)), 15, 95). So a narrower range, which
 *    more, closer, agreeing comparables and a known RV give, is a higher confidence, and the
 *    buckets mean what they say on the city's own sales.
 */
export const estimateValue = (input: EstimateInput, comparables: readonly Comparable[], context: EstimateContext): Estimate => estimateWithParts(input, comparables, context).estimate;

/** `estimateValue`, and the approaches' values before the blend (`EstimateParts`). */
export const estimateWithParts = (input: EstimateInput, comparables: readonly Comparable[], context: EstimateContext): { estimate: Estimate; parts: EstimateParts } => {
  const explanation: string[] = [];
  const today = nzDateOf(context.now);
  /** Where `now` stands in the town model's months, and the calibration's leave-one-out shift (both 0 when valuing a home). */
  const at = context.townModelAt ?? { monthsAgo: 0, leaveOut: 0 };
  const floorArea = positive(input.floorArea) ? input.floorArea : null;
  const landArea = positive(input.landArea) ? input.landArea : null;
  const rateableValue = positive(input.rateableValue) ? input.rateableValue : null;
  const usable = comparables.filter((c) => positive(c.price));
  const cityName = input.city.trim() || 'the city';

  // 1. Comparables approach.
  let approach: ComparablesApproach | null = null;
  /** With the town model: how its monthly index moved from the comparables' median sale date to today (the market step). */
  let townIndex: TownIndexMove | null = null;
  if (usable.length === 0) explanation.push('Comparable sales: none found, so they are not used.');
  else {
    // Poorly matching comparables (mean match below 75 %) widen either way's expected error.
    const meanMatch = mean(usable.map((c) => c.matchPercentage));
    const matchWidening = Math.max(1, MATCH_REFERENCE / Math.max(1, meanMatch));
    const model = context.townModel ?? null;
    const ownLog = model ? townModelLogPrice(model, input, at.monthsAgo) : null;
    const subjectLog = ownLog === null ? null : ownLog + at.leaveOut;
    const modelled =
      model && subjectLog !== null
        ? usable.flatMap((c) => {
            const age = monthsAgoOf(c, today);
            const own = townModelLogPrice(model, c, (age ?? 0) + at.monthsAgo);
            return own === null ? [] : [{ c, age, factor: Math.exp(subjectLog - own) }];
          })
        : [];
    if (model && subjectLog !== null && modelled.length > 0) {
      // The town's model adjusts each comparable to this home and to today: its suburb, street,
      // kind and size, and the town's price index since the month it sold.
      const scaled = modelled.map(({ c, factor }) => ({ value: c.price * factor, weight: c.matchPercentage }));
      const own = weightedMedian(scaled);
      const figures = scaled.map((x) => x.value);
      const ages = modelled.flatMap(({ age }) => (age === null ? [] : [age]));
      const medianAge = ages.length > 0 ? median(ages) : 0;
      const town = Math.exp(subjectLog);
      const m = figures.length;
      const weight = townModelWeightOf(model);
      const valueToday = weight === Infinity ? town : (m * own + weight * town) / (m + weight);
      // Stated as at the comparables' median sale date, so the market step shows what the index did since.
      const then = Math.exp(townTrendEffect(model, input.suburb, medianAge + at.monthsAgo) - townTrendEffect(model, input.suburb, at.monthsAgo));
      const value = valueToday * then;
      townIndex = { monthsAgo: medianAge, change: 1 / then - 1 };
      // How far a sale strays from the model in this town, and how well the model knows this home's
      // street: the comparables' own spread no longer says much once the model adjusts them (on
      // bench:valuation it ranked the errors backwards).
      const streetSales = model.streetSales[streetKey(input) ?? ''] ?? 0;
      const streetPrior = levelPriorsOfModel(model).street;
      const unsure = townModelVariance(model, input) ?? 1 / (streetSales + streetPrior);
      const spread = townModelSpread(model, input);
      // Not widened by how well the comparables match: the model prices the home itself and
      // adjusts each comparable to it, and v already says how well it knows this home (step 1).
      const error = spread * Math.sqrt(1 + unsure);
      const weightError = model.residualSd * Math.sqrt(1 + 1 / (streetSales + streetPrior)) * matchWidening;
      approach = { value, figures, count: usable.length, meanMatch, error, weightError, ownLuck: (spread ** 2 - model.residualSd ** 2) * (1 + unsure) };
      explanation.push(
        `Comparable sales: ${plural(m, 'sale', 'sales')}, each price adjusted to this home and to today by what ${cityName}'s sales of the last 24 months say its suburb, street, kind of home, size and sale month are worth → median ${formatNzd(own)} weighted by match; the same sales model prices this home at ${formatNzd(town)}, ${townModelWeightText(weight, cityName)} → ${formatNzd(valueToday)} today, ${formatNzd(value)} at the comparables' median sale date (${(medianAge).toFixed(1)} months ago).${suburbSpreadLine(model, input.suburb, cityName)}`,
      );
    } else {
      const withArea = floorArea !== null ? usable.filter((c) => positive(c.floorArea)) : [];
      const byFloor = withArea.length > 0;
      const pool = byFloor ? withArea : usable;
      const landScaled = landArea !== null && pool.some((c) => positive(c.landArea) && c.landArea !== landArea);
      const scaled = pool.map((c) => {
        let factor = byFloor ? Math.pow(floorArea! / c.floorArea!, FLOOR_AREA_ELASTICITY) : 1;
        if (landArea !== null && positive(c.landArea)) factor *= Math.pow(landArea / c.landArea, LAND_AREA_ELASTICITY);
        return { value: c.price * factor, weight: c.matchPercentage };
      });
      const value = weightedMedian(scaled);
      const figures = scaled.map((s) => s.value);
      const error = pooledSpread(figures, SPREAD_PRIOR.comparables) * Math.sqrt(1 + 1 / figures.length) * matchWidening;
      approach = { value, figures, count: usable.length, meanMatch, error, weightError: error, ownLuck: 0 };
      const land = landScaled ? ` × (${m2(landArea!)} ÷ its land area)^${LAND_AREA_ELASTICITY}` : '';
      if (byFloor) {
        const over = withArea.length === usable.length ? plural(usable.length, 'sale', 'sales') : `${withArea.length} of ${usable.length} sales (those with a floor area)`;
        explanation.push(
          `Comparable sales: ${over}, each price scaled to this home's size (× (${m2(floorArea!)} ÷ its floor area)^${FLOOR_AREA_ELASTICITY}${land}, as price grows more slowly than size) → median ${formatNzd(value)} weighted by match (${formatNzd(value / floorArea!)}/m²).`,
        );
      } else {
        const why = floorArea === null ? 'no floor area given to compare per m²' : 'the comparables have no floor areas';
        const scaledText = landScaled ? `; each scaled × (${m2(landArea!)} ÷ its land area)^${LAND_AREA_ELASTICITY}` : '';
        explanation.push(`Comparable sales: median price ${formatNzd(value)} weighted by match over ${plural(usable.length, 'sale', 'sales')} (${why}${scaledText}).`);
      }
    }
    const demo = usable.filter((c) => c.demo).length;
    if (demo > 0) explanation[explanation.length - 1] += demo === usable.length ? ' These are generated demo data, not real sales.' : ` ${demo} of them ${demo === 1 ? 'is' : 'are'} generated demo data, not real sales.`;
  }

  // 2. Rateable value approach.
  let rvValue: number | null = null;
  let rvError: number = SPREAD_PRIOR.faceValue;
  /** The error the RV approach is weighed by (step 3): kainga-model-6's, from the comparables' ratios. */
  let rvWeightError: number = SPREAD_PRIOR.faceValue;
  if (rateableValue !== null) {
    // RVs were all set on one date: with the town's index, each comparable's ratio is brought to today.
    const model = context.townModel ?? null;
    const toToday = (c: Comparable) => {
      const age = model ? monthsAgoOf(c, today) : null;
      return age === null ? 1 : Math.exp(townTrendEffect(model!, c.suburb, at.monthsAgo) - townTrendEffect(model!, c.suburb, age + at.monthsAgo));
    };
    const ratios = usable.filter((c) => positive(c.rateableValue)).map((c) => (c.price / c.rateableValue!) * toToday(c));
    // The suburb's own ratio where the town's suburbs have moved apart since the revaluation, else the city's.
    const suburbRatio = context.suburbSaleToRvRatios?.[normalisePlace(input.suburb)];
    const townRatio = positive(context.citySaleToRvRatio) ? context.citySaleToRvRatio : null;
    const areaRatio = positive(suburbRatio) ? suburbRatio : townRatio;
    // Named as the suburb's only where it differs from the city's in the two decimals shown.
    const ownSuburb = areaRatio !== null && townRatio !== null && Math.abs(Math.log(areaRatio / townRatio)) >= 0.005;
    const where = ownSuburb ? `${input.suburb.trim()}, ${cityName} (its own, where ${cityName}'s suburbs have moved apart since the RVs were set)` : cityName;
    let ratio = 1;
    let source = 'no sale-to-RV ratio known, so the RV is taken at face value';
    if (ratios.length > 0 && areaRatio !== null) {
      const local = median(ratios);
      ratio = (ratios.length * local + CITY_RATIO_WEIGHT * areaRatio) / (ratios.length + CITY_RATIO_WEIGHT);
      source = `median sale-to-RV ratio ${local.toFixed(2)} of ${plural(ratios.length, 'comparable', 'comparables')}${model ? " (each brought to today along its suburb's trend)" : ''}, blended with ${areaRatio.toFixed(2)} over recent sales in ${where}, which counts as ${CITY_RATIO_WEIGHT}`;
    } else if (ratios.length > 0) {
      ratio = median(ratios);
      source = `median sale-to-RV ratio of ${plural(ratios.length, 'comparable', 'comparables')}`;
    } else if (areaRatio !== null) {
      ratio = areaRatio;
      source = `median sale-to-RV ratio of recent sales in ${where}`;
    }
    const ratioCount = ratios.length + (areaRatio !== null ? CITY_RATIO_WEIGHT : 0);
    const spread = positive(context.citySaleToRvSpread) ? context.citySaleToRvSpread : null;
    if (ratioCount > 0) {
      rvWeightError = pooledSpread(ratios, SPREAD_PRIOR.ratio) * Math.sqrt(1 + 1 / ratioCount);
      rvError = spread === null ? rvWeightError : spread * Math.sqrt(1 + 1 / ratioCount);
    }
    rvValue = rateableValue * ratio;
    explanation.push(`Rateable value: ${formatNzd(rateableValue)} × ${ratio.toFixed(2)} (${source}) → ${formatNzd(rvValue)}.`);
  } else {
    explanation.push('Rateable value: not given, so it is not used.');
  }

  // 3. Base value.
  let base: number;
  let baseError: number;
  /** The share of the base the comparable sales (or the city's $/m²) priced: condition and market adjust only that share. */
  let comparablesShare = 1;
  const errorScale = positive(context.comparablesErrorScale) ? context.comparablesErrorScale : null;
  const comparablesError = approach ? approach.weightError * (errorScale ?? 1) : null;
  if (approach && rvValue !== null) {
    const w = blendWeight(comparablesError!, rvWeightError);
    base = w * approach.value + (1 - w) * rvValue;
    // 0 without the town model (the fixed rules know no suburb's spread).
    const luck = approach.ownLuck;
    rvError = Math.sqrt(Math.max(rvError ** 2 + luck, (rvError / 2) ** 2));
    baseError = blendError(w, approach.error, rvError, Math.max(0, (townIndex ? (context.townModelRvCovariance ?? 0) : 0) + luck));
    comparablesShare = (w * approach.value) / base;
    const measured = errorScale === null ? '' : ` (their spread × ${errorScale.toFixed(2)}, as ${cityName}'s recent sales valued this way showed)`;
    explanation.push(
      `Base value: ${pct(w)} comparable sales (${formatNzd(approach.value)}, expected error ±${pct(comparablesError!)}${measured}) + ${pct(1 - w)} rateable value (${formatNzd(rvValue)}, ±${pct(rvError)}) → ${formatNzd(roundToThousand(base))}; the approach with the smaller expected error gets more weight.`,
    );
  } else if (approach) {
    base = approach.value;
    baseError = approach.error;
    explanation.push(`Base value: comparable sales alone (no rateable value) → ${formatNzd(roundToThousand(base))}.`);
  } else if (rvValue !== null) {
    base = rvValue;
    baseError = rvError;
    comparablesShare = 0;
    explanation.push(`Base value: rateable value approach alone (no comparable sales) → ${formatNzd(roundToThousand(base))}.`);
  } else if (floorArea !== null && positive(context.cityMedianPricePerM2)) {
    base = context.cityMedianPricePerM2 * floorArea;
    baseError = SPREAD_PRIOR.cityMedian;
    explanation.push(
      `Base value: ${input.city.trim() || 'city'} median ${formatNzd(context.cityMedianPricePerM2)}/m² × ${m2(floorArea)} → ${formatNzd(roundToThousand(base))} (no comparable sales or rateable value).`,
    );
  } else {
    throw new Error(NOT_ENOUGH_INFORMATION);
  }
  const baseValue = roundToThousand(base);

  // 4. Condition adjustment.
  const rated = ratedScores(input.conditionScores ?? {});
  // The rateable value was assessed for this home as it stands, and the ratio brings it to today:
  // condition and market adjust only what the comparable sales priced (they would count twice on the rest).
  const adjusted = base * comparablesShare;
  const shareText = comparablesShare < 1 ? ` of the ${formatNzd(roundToThousand(adjusted))} the comparable sales priced` : '';
  let conditionAdjustment = 0;
  if (rated.length > 0 && comparablesShare === 0) {
    explanation.push(`Condition: no adjustment (${formatSignedNzd(0)}): the value rests on the rateable value alone, which was assessed for this home as it stands.`);
  } else if (rated.length > 0) {
    const average = mean(rated.map(([, s]) => s));
    const raw = CONDITION_PER_POINT * (average - 3);
    const fraction = clamp(raw, -CONDITION_CAP, CONDITION_CAP);
    conditionAdjustment = roundToThousand(adjusted * fraction);
    const capped = fraction !== raw ? `, capped at ±${pct(CONDITION_CAP)}` : '';
    explanation.push(
      `Condition: average ${average.toFixed(1)} stars over ${plural(rated.length, 'rated criterion', 'rated criteria')} (3 = Good is neutral, ${pct(CONDITION_PER_POINT)} a star${capped}) → ${formatSignedPercent(fraction)}${shareText} = ${formatSignedNzd(conditionAdjustment)}.`,
    );
  } else {
    explanation.push(`Condition: no criteria rated → no adjustment (${formatSignedNzd(0)}).`);
  }

  // 5. Market adjustment.
  const { adjustment: marketAdjustment, line: marketLine } = townIndex ? marketByIndex(townIndex, adjusted, cityName, shareText) : marketTrend(usable, adjusted, context, cityName, shareText);
  explanation.push(marketLine);

  const estimatedValue = baseValue + conditionAdjustment + marketAdjustment;
  explanation.push(
    `Estimated value: ${formatNzd(baseValue)} base ${formatSignedNzd(conditionAdjustment).replace(/^([+-])/, '$1 ')} condition ${formatSignedNzd(marketAdjustment).replace(/^([+-])/, '$1 ')} market = ${formatNzd(estimatedValue)}.`,
  );

  // 7. Range, and 8. confidence, which is read from it.
  const scale = positive(context.rangeScale) ? context.rangeScale : null;
  const z = RANGE_Z * (scale ?? 1);
  const homeError = ratedHomeError(baseError, comparablesShare, rated.length);
  const u = clamp(z * homeError, RANGE_MIN, RANGE_MIN + RANGE_SPAN);
  const conservativeValue = roundToThousand(estimatedValue * (1 - u));
  const optimisticValue = roundToThousand(estimatedValue * (1 + u));
  const within = normalWithin(CONFIDENCE_WITHIN / (u / RANGE_Z));
  const confidence = clamp(Math.round(100 * within), CONFIDENCE_MIN, CONFIDENCE_MAX);
  const n = approach?.count ?? 0;
  const evidence = [
    n === 0 ? 'no comparable sales' : plural(n, 'comparable sale', 'comparable sales'),
    rateableValue !== null ? 'the rateable value' : 'no rateable value',
    `${rated.length} of ${conditionKeys.length} criteria rated`,
  ].join(', ');
  explanation.push(
    `Confidence ${confidence} %: the chance that the home sells within ±${pct(CONFIDENCE_WITHIN)} of the estimate, if sale prices stray from estimates as the range below says (a normal spread whose 80 % interval is the range), from ${evidence}${confidence === CONFIDENCE_MAX ? `; never above ${CONFIDENCE_MAX} %` : confidence === CONFIDENCE_MIN ? `; never below ${CONFIDENCE_MIN} %` : ''}.`,
  );
  const ownError = `${formatNumber(homeError * 100, 1)} %`;
  const unratedError = `${formatNumber(baseError * 100, 1)} %`;
  const bound = u === RANGE_MIN ? ', the narrowest range given' : u === RANGE_MIN + RANGE_SPAN ? ', the widest range given' : '';
  const calibration = scale === null ? '' : `, ${scale >= 1 ? 'widened' : 'narrowed'} × ${scale.toFixed(2)} by how far ${cityName}'s recent sales, valued the same way, fell from their estimates`;
  explanation.push(
    `Range: ±${formatNumber(u * 100, 1)} % (${RANGE_Z} × the base value's expected error of ±${ownError}${ownError === unratedError ? '' : `, ±${unratedError} had the condition not been rated`}${calibration}${bound}; about 4 in 5 sales fall inside) → ${formatNzd(conservativeValue)} to ${formatNzd(optimisticValue)}.`,
  );

  const estimate: Estimate = {
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
  return { estimate, parts: { comparables: approach?.value ?? null, comparablesError: approach?.weightError ?? null, rateable: rvValue, rateableError: rvValue !== null ? rvWeightError : null, baseError } };
};

type TownIndexMove = { monthsAgo: number; change: number };

/**
 * " Sales in Ponsonby stray further …" when the suburb's own spread (`suburbSpreadOf`) differs
 * from the town's by a tenth or more, so the person sees why the range is wider or narrower
 * than a neighbour's; "" otherwise.
 */
function suburbSpreadLine(model: TownModel, suburb: string, cityName: string): string {
  const own = suburbSpreadOf(model, suburb);
  if (own === null || !(model.residualSd > 0) || Math.abs(own / model.residualSd - 1) < 0.1) return '';
  const further = own > model.residualSd;
  return ` Sales in ${suburb.trim()} stray ${further ? 'further from' : 'less far from'} this model than ${cityName}'s overall (typically ±${formatNumber(own * 100, 1)} % against ±${formatNumber(model.residualSd * 100, 1)} %), which makes the range ${further ? 'wider' : 'narrower'}.`;
}

/** Months from a comparable's sale to `today`; null when it has no real sale date. */
const monthsAgoOf = (c: Comparable, today: CalendarDate): number | null => {
  const date = parseIsoDate(c.saleDate);
  return date ? daysBetween(date, today) / DAYS_PER_MONTH : null;
};

/**
 * The expected error of a rated home's estimate (step 7): the city's error is measured on sales,
 * whose condition nobody rated, so it holds how much condition moves a price; the owner's ratings
 * take that out of the share of the base the condition adjusts. Without this a rated home got an
 * unrated home's range: bench:valuation's prices fell inside it 84 % of the time, and the
 * confidence it states (78 % on average) fell short of the 82.5 % that sold within ±10 %.
 */
export function ratedHomeError(baseError: number, comparablesShare: number, ratedCriteria: number): number {
  if (ratedCriteria === 0 || comparablesShare <= 0) return baseError;
  const known = comparablesShare * CONDITION_PER_POINT * CONDITION_RATING_SPREAD * Math.min(1, ratedCriteria / CONDITION_RATINGS_FULL);
  // Never below half: the ratings explain condition, not the rest of the error.
  return Math.sqrt(Math.max(baseError ** 2 - known ** 2, (baseError / 2) ** 2));
}

/**
 * Step 5 with the town model: the market moved as the town's monthly price index (fitted with
 * the model on its sales of the last 24 months) moved from the comparables' median sale date to
 * today. Not capped: it is measured on the town's own sales, month by month, not extrapolated.
 */
const marketByIndex = (move: TownIndexMove, base: number, cityName: string, shareText: string): { adjustment: number; line: string } => {
  const adjustment = roundToThousand(base * move.change);
  return {
    adjustment,
    line: `Market: ${cityName}'s monthly price index, read from its sales of the last 24 months, moved ${formatSignedPercent(move.change)} from the comparables' median sale date (${months(move.monthsAgo * DAYS_PER_MONTH)} ago) to today${shareText} = ${formatSignedNzd(adjustment)}.`,
  };
};

/** Step 5 of `estimateValue` without a town model: the market adjustment and its line of explanation. */
const marketTrend = (usable: readonly Comparable[], base: number, context: EstimateContext, cityName: string, shareText: string): { adjustment: number; line: string } => {
  const today = nzDateOf(context.now);
  const dated = usable.flatMap((c) => {
    const date = parseIsoDate(c.saleDate);
    return date ? [{ c, days: daysBetween(date, today) }] : [];
  });
  const none = `(${formatSignedNzd(0)})`;
  if (dated.length === 0) {
    return { adjustment: 0, line: `Market: ${usable.length === 0 ? 'no comparable sales' : 'no dated comparable sales'}, so no market trend is applied ${none}.` };
  }
  const cityTrend = cityTrendOf(context);
  const points = dated.filter((d) => positive(d.c.floorArea)).map((d) => ({ x: d.days, y: d.c.price / d.c.floorArea! }));
  const fit = points.length >= MARKET_MIN_COMPARABLES ? leastSquares(points) : null;
  const local = fit && fit.meanY > 0 ? fit : null;
  const whyNoLocal =
    points.length < MARKET_MIN_COMPARABLES ? `fewer than ${MARKET_MIN_COMPARABLES} dated comparables with a floor area` : 'the comparables all sold on the same day';

  if (!local && cityTrend === null) {
    const reason = points.length < MARKET_MIN_COMPARABLES ? `${whyNoLocal}, so no market trend is applied` : `${whyNoLocal}, so no trend can be measured`;
    return { adjustment: 0, line: `Market: ${reason} ${none}.` };
  }

  const medianDays = median(dated.map((d) => d.days));
  const prior = cityTrend ?? 0;
  const priorText = cityTrend === null ? 'a flat market (no city-wide trend known)' : `the ${cityName} trend of the last 24 months (${formatSignedPercent(cityTrend)} a month)`;
  let perMonth: number;
  let why: string;
  if (local) {
    const localPerMonth = (-local.slope / local.meanY) * DAYS_PER_MONTH;
    const spreadMonths2 = points.reduce((s, p) => s + (p.x - local.meanX) ** 2, 0) / DAYS_PER_MONTH ** 2;
    const lambda = spreadMonths2 / (spreadMonths2 + MARKET_PRIOR_MONTHS2);
    perMonth = lambda * localPerMonth + (1 - lambda) * prior;
    const xs = points.map((p) => p.x);
    const span = Math.max(...xs) - Math.min(...xs);
    const share = (f: number) => `${formatNumber(Math.round(f * 1000) / 10, 1)} %`;
    why = `the comparables' price per m² moved ${formatSignedPercent(localPerMonth)} a month, but they sold within ${months(span)} of each other, so that trend gets ${share(lambda)} of the weight and ${priorText} gets ${share(1 - lambda)} → ${formatSignedPercent(perMonth)} a month`;
  } else {
    perMonth = prior;
    why = `${whyNoLocal}, so ${priorText} is used`;
  }
  const raw = perMonth * (medianDays / DAYS_PER_MONTH);
  const fraction = clamp(raw, -MARKET_CAP, MARKET_CAP);
  const adjustment = roundToThousand(base * fraction);
  const capped = fraction !== raw ? ` (capped at ±${pct(MARKET_CAP)})` : '';
  return {
    adjustment,
    line: `Market: ${why}; from the comparables' median sale date (${months(medianDays)} ago) to today → ${formatSignedPercent(fraction)}${capped}${shareText} = ${formatSignedNzd(adjustment)}.`,
  };
};
