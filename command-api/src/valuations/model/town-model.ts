import { propertyTypeOf, propertyTypes, type PropertyType } from '@kainga/contracts';
import { normalisePlace } from './comparables';
import { neighbourCovariance } from './neighbour-covariance';
import { median, truncatedNormalSd, tukeyFences } from './statistics';
import { streetOf } from './street';

/**
 * What a town's sales say a suburb, a street, a kind of home, a size and a month are worth: a
 * hedonic regression with time dummies, the way valuers' mass-appraisal models and hedonic price
 * indexes are built, fitted once per town and day over its last 24 months of sales:
 *
 *   ln price = a + m[month] + s[suburb] − g[suburb]·τ + t[street] + k[type] + β_0·[no land]
 *              + β_F·f + β_L·l + γ_FF·f² + γ_LL·l² + γ_FL·f·l + δ[type]·f
 *
 * with f = ln F − mean, l = ln L − mean (0 without land), over the town's sales with a floor area
 * and a known land area (0 = no land of its own, an apartment). What each part is for:
 * - m[month]: the town's own monthly price index (0 for the current month), smoothed by a local
 *   linear trend prior (`MONTHLY_MOVE_SD`, `MONTHLY_TURN_SD`), so a month with few sales follows
 *   its neighbours. Prices are compared at the same date without assuming a straight-line trend,
 *   so a market that rose and turned is read as it moved.
 * - g[suburb]·τ (τ months before today): a suburb's own trend beside the town's, as suburbs move
 *   apart between revaluations; s[suburb] is then its level today, not its average over two years.
 *   The trends average zero over the town's sales (the town's index carries what they share) and
 *   are shrunk by how far the town's suburbs really move apart (`trendPriorOf`). On
 *   `npm run bench:valuation`'s drifting market (suburbs' own trends ±0.3 % a month), a level
 *   held over two years put the model at 1.30× the floor (1.21× where suburbs move together);
 *   with the trends and each suburb's own price-to-RV ratio (`suburbSaleToRvRatiosOf`), 1.28×.
 * - the squares, the product and the type slopes: a home's value is a building plus a section,
 *   not a power of each, and an apartment's size pays differently from a house's; a straight line
 *   in ln F and ln L left ~3 % (log-sd) of structure unexplained on `npm run bench:valuation`'s
 *   market even with every suburb's and street's true level given.
 * - s, t, k and β_0 are shrunk (ridge; the curvature and the type slopes lightly,
 *   `SHAPE_PRIOR_SALES`): a suburb or a street with a handful of sales says little about its level.
 *   How much a suburb's or a street's level is shrunk is learnt from the town's own sales, by how
 *   far its suburbs and its streets really differ (`levelPriorsOf`); the kinds and β_0 keep
 *   `SUBURB_PRIOR_SALES`. A street's effect (streets with two or more sales) is its difference from
 *   its suburb.
 * - Robust (Huber weights, `HUBER_K` robust standard deviations, three reweightings): a family
 *   transfer sold at 60–85 % of its value must not pull its street's and suburb's levels down.
 *
 * It replaces fixed size rules and the city's straight-line trend with the town's own: a comparable
 * from the next suburb, a townhouse compared with a house, or a sale from eight months ago is
 * adjusted by what the town's sales say the difference is, not by a rule of thumb.
 */
export type TownModel = {
  intercept: number;
  floorElasticity: number;
  landElasticity: number;
  /** Curvature of ln price in f², l² and f·l (f, l centred ln floor and land area). */
  curvature: { floor: number; land: number; floorLand: number };
  /** Effect of owning no land (an apartment), beside the type's own. */
  noLand: number;
  /** By normalised suburb name; a suburb not listed is the town's average (0). */
  suburbs: Record<string, number>;
  /**
   * By normalised suburb name: its own trend beside the town's index, ln a month (its level τ months
   * ago is its level today − g·τ); a suburb not listed moves with the town. Absent from a model built by hand.
   */
  suburbTrends?: Record<string, number>;
  /** By `streetKey`, beside its suburb's; a street not listed is its suburb's level (0). */
  streets: Record<string, number>;
  /** How many of the sales it was fitted on lie on each street of `streets`. */
  streetSales: Record<string, number>;
  types: Record<PropertyType, number>;
  /** The floor-area slope of each type beside a house's (0 for a house). */
  typeFloorSlopes: Record<PropertyType, number>;
  /**
   * ln of the town's price level k whole months before today against today's (index 0 = this month
   * = 0), `TOWN_MODEL_MONTHS` of them: a sale k months ago × e^(−months[k]) is its price today.
   */
  months: number[];
  /** Mean ln F and ln L the elasticities are centred on. */
  centre: { lnFloor: number; lnLand: number };
  /** Robust residual standard deviation (ln, 1.4826 × median absolute residual): how far a single sale strays from the model. */
  residualSd: number;
  /**
   * `residualSd` for each kind of home, from its own sales pooled with the town's as if
   * `TYPE_SD_PRIOR_SALES` more sat at the town's spread; absent from a model built by hand.
   */
  typeResidualSd?: Record<PropertyType, number>;
  /**
   * `residualSd` for each suburb the model saw (keyed by `normalisePlace`), from its own sales
   * shrunk towards the town's by how much its suburbs really differ (`shrunkSpreads`); absent from
   * a model built by hand.
   */
  suburbResidualSd?: Record<string, number>;
  /**
   * The ridge weights its suburbs' and streets' levels were fitted under, in sales (`levelPriorsOf`);
   * absent from a model built by hand (`SUBURB_PRIOR_SALES` for both).
   */
  levelPriors?: LevelPriors;
  /** Sales it was fitted on. */
  salesCount: number;
  /** What the fit leaves unsure about its own effects (`townModelVariance`); absent from a model built by hand. */
  uncertainty?: TownModelUncertainty;
  /**
   * What neighbouring sales' residuals share (ln², `neighbourCovariance`): how far comparables
   * know something of a home that the model does not. Absent from a model built by hand or a town
   * with too few placed sales.
   */
  neighbourCovariance?: number;
};

/**
 * What the fit leaves unsure, kept to say how well the model knows a given home's price: the
 * inverse of the dense block's Schur complement (`solveWithStreets`), the dense columns' layout,
 * and each fitted street's precision dₛ and cross terms A_Ds.
 */
export type TownModelUncertainty = {
  columns: number;
  /**
   * S⁻¹, row-major, `columns`²: a home's row touches ~15 of the ~60–100 columns, so zᵀS⁻¹z over
   * them is ~15² products where forward substitution through a Cholesky factor is `columns`²/2
   * (with the suburbs' trend columns, that substitution became the largest single cost of a
   * 17,000-sale town's figures; this takes half its time).
   */
  inverse: Float64Array;
  /** Each suburb's level column; its trend's is `suburbCount` further on. */
  suburbColumns: Record<string, number>;
  suburbCount: number;
  /** By `streetKey`: the street's row in `streetCross` and `streetPrecision`. */
  streetRows: Record<string, number>;
  streetPrecision: Float64Array;
  /** `columns` values a street. */
  streetCross: Float64Array;
};

/** Fewest usable sales for a town model (fewer: null, and the fixed size rules apply). */
export const TOWN_MODEL_MIN_SALES = 40;
/** Months of the town's price index (its sales of the last 24 months). */
export const TOWN_MODEL_MONTHS = 24;
/**
 * Ridge weight of a type effect and of owning no land, in sales: an effect from n sales is shrunk by
 * n / (n + 2). Also the suburbs' and streets' weight in the fit's first round, before
 * `levelPriorsOf` has measured how far they differ, and in a model built by hand.
 */
export const SUBURB_PRIOR_SALES = 2;
/**
 * Ridge weight of the curvature terms and the types' floor slopes, in sales: light, as their
 * columns are small numbers (squares of centred logs), only enough to keep a type seen in one or
 * two sales from bending its own line.
 */
export const SHAPE_PRIOR_SALES = 0.2;
/**
 * The monthly index's prior, a local linear trend: from one month to the next the level moves by
 * about ±2.4 % (`MONTHLY_MOVE_SD`) around the trend, and the trend itself turns by about ±0.75 %
 * a month (`MONTHLY_TURN_SD`). Months with few sales then follow their neighbours and the recent
 * months follow the recent trend (a level-only prior flattens the last months towards the earlier
 * ones: a falling market read ~2 % high on `npm run bench:valuation`'s towns). In sales: one sale's
 * own spread against those moves, (σ ÷ sd)², ~10 and ~100 at a typical sale's 7.5 % spread.
 */
export const MONTHLY_MOVE_SD = 0.024;
export const MONTHLY_TURN_SD = 0.0075;
/** The residual spread the first round assumes, before the residuals are known. */
const FIRST_ROUND_SD = 0.075;
const monthPriorsFor = (residualSd: number) => ({ level: Math.max(0.5, (residualSd / MONTHLY_MOVE_SD) ** 2), trend: Math.max(0.5, (residualSd / MONTHLY_TURN_SD) ** 2) });
/** The standard deviation of a normal cut at Tukey's fences (±2.698 sd) against the whole normal's. */
const TRUNCATED_NORMAL_SD = 0.971;
/** A kind of home's own residual spread is pooled with the town's as if this many more sales sat at the town's (`typeResidualSd`). */
export const TYPE_SD_PRIOR_SALES = 30;
/** Huber's threshold, in robust standard deviations of the residuals: a sale further out counts less, in proportion. */
export const HUBER_K = 2;
const HUBER_ROUNDS = 3;

export type TownModelSale = {
  price: number;
  address?: string;
  suburb: string;
  propertyType?: PropertyType | null | undefined;
  floorArea: number | null;
  landArea: number | null;
  /** Months between the sale and the model's today (0 or absent: this month). */
  monthsAgo?: number;
  /** Where it is (`neighbourCovariance` pairs each sale with its nearest); absent or null: not paired. */
  latitude?: number | null;
  longitude?: number | null;
};

/** A street within its suburb ("kelburn|upland road"); null without an address with a street number. */
export const streetKey = (home: Pick<TownModelSale, 'address' | 'suburb'>): string | null => {
  const street = home.address === undefined ? null : streetOf(home.address);
  return street === null ? null : `${normalisePlace(home.suburb)}|${street}`;
};

const lnLandOf = (land: number) => (land > 0 ? Math.log(land) : 0);
/** The index month of a sale `monthsAgo` months before today (whole months, the last kept for anything older). */
const monthOf = (monthsAgo: number | undefined) => Math.min(TOWN_MODEL_MONTHS - 1, Math.max(0, Math.floor(monthsAgo ?? 0)));

/** ln of the town's price level `monthsAgo` months before today against today's (0 without a model). */
export const townMonthEffect = (model: TownModel, monthsAgo: number) => model.months[monthOf(monthsAgo)] ?? 0;

/** How far back a suburb's own trend runs (months; an older sale is read as at its oldest). */
const trendMonthsOf = (monthsAgo: number | undefined) => Math.min(TOWN_MODEL_MONTHS, Math.max(0, monthsAgo ?? 0));

/**
 * ln of a suburb's price level `monthsAgo` months before today against today's: the town's index
 * and the suburb's own trend beside it (`suburbTrends`).
 */
export const townTrendEffect = (model: TownModel, suburb: string, monthsAgo: number) =>
  townMonthEffect(model, monthsAgo) - (model.suburbTrends?.[normalisePlace(suburb)] ?? 0) * trendMonthsOf(monthsAgo);

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

type ModelRow = { x: [number, number][]; street: number; y: number };

/**
 * The weighted, penalised least squares of the town model, (XᵀWX + P) β = XᵀWy, solved by
 * eliminating the streets first. Each sale is on at most one street, so the street block of the
 * normal equations is diagonal (dₛ = Σ w over its sales + the ridge); the dense system left is
 * the Schur complement M = A_DD − Σₛ A_Ds A_sD / dₛ over the ~50–100 other columns, then each
 * street's effect is (bₛ − A_sD β_D) / dₛ. A big town has thousands of streets: solving them
 * with the rest by elimination would cost (streets)³ (~10¹⁰ at 3,000), this costs
 * streets × (dense columns)².
 */
function solveWithStreets(
  rows: readonly ModelRow[],
  weights: readonly number[],
  p: number,
  streetCount: number,
  prior: (a: number[][]) => void,
  streetPrior: number,
): { dense: number[]; streets: Float64Array; schur: number[][]; cross: Float64Array; precision: Float64Array } | null {
  const a = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const b = new Array<number>(p).fill(0);
  const d = new Float64Array(streetCount).fill(streetPrior);
  const bs = new Float64Array(streetCount);
  // A_Ds, one row of p per street.
  const cross = new Float64Array(streetCount * p);
  rows.forEach(({ x, street, y }, r) => {
    const w = weights[r]!;
    for (const [i, xi] of x) {
      b[i]! += w * xi * y;
      const ai = a[i]!;
      for (const [j, xj] of x) ai[j]! += w * xi * xj;
      if (street >= 0) cross[street * p + i]! += w * xi;
    }
    if (street >= 0) {
      d[street]! += w;
      bs[street]! += w * y;
    }
  });
  prior(a);
  for (let st = 0; st < streetCount; st++) {
    const base = st * p;
    const inv = 1 / d[st]!;
    for (let i = 0; i < p; i++) {
      const ci = cross[base + i]!;
      if (ci === 0) continue;
      b[i]! -= ci * bs[st]! * inv;
      const ai = a[i]!;
      for (let j = 0; j < p; j++) {
        const cj = cross[base + j]!;
        if (cj !== 0) ai[j]! -= ci * cj * inv;
      }
    }
  }
  const dense = solve(a, b);
  if (!dense || dense.some((v) => !Number.isFinite(v))) return null;
  const streets = new Float64Array(streetCount);
  for (let st = 0; st < streetCount; st++) {
    let sum = bs[st]!;
    for (let i = 0; i < p; i++) sum -= cross[st * p + i]! * dense[i]!;
    streets[st] = sum / d[st]!;
  }
  return { dense, streets, schur: a, cross, precision: d };
}

/**
 * The ridge weights, in sales, of a suburb's level and of a street's (beside its suburb's); and of
 * a suburb's own trend, in sales × months² (σ² ÷ the trends' variance, ln² a month²).
 */
export type LevelPriors = { suburb: number; street: number; trend: number };
/** The bounds of an estimated level prior, in sales: a suburb or street's level is never taken as known, nor as nothing. */
export const LEVEL_PRIOR_MIN = 0.05;
export const LEVEL_PRIOR_MAX = 100;
/**
 * How far apart a town's suburbs may be taken to move, sd of their trends (ln a month): from a
 * hair (they move together) to 2 % a month beside the town.
 */
export const TREND_SD_MIN = 0.0002;
export const TREND_SD_MAX = 0.02;
/** A suburb's trend sd before the fit has measured it (ln a month), and that of a model built by hand. */
const FIRST_ROUND_TREND_SD = 0.002;
/** The level priors before the fit has measured them, and those of a model built by hand. */
const FIXED_LEVEL_PRIORS: LevelPriors = { suburb: SUBURB_PRIOR_SALES, street: SUBURB_PRIOR_SALES, trend: (FIRST_ROUND_SD / FIRST_ROUND_TREND_SD) ** 2 };
/** The weight, in sales × months², that holds the suburbs' trends to average zero over the town's sales. */
const TREND_SUM_WEIGHT = 1e6;

/**
 * How much a town's suburbs and streets really differ, from the fit itself (empirical Bayes, by
 * moments): a level fitted on n sales (their Huber weights) under a ridge of λ sales is its raw mean
 * shrunk by n / (n + λ); unshrunk, û = β (n + λ) / n, it scatters by τ² + σ²/n around the truth, so
 * τ² = mean(û² − σ²/n) (suburbs alike; streets weighted by their sales, as most have two or three)
 * and the ridge that matches it is σ² / τ² sales, between `LEVEL_PRIOR_MIN` and `LEVEL_PRIOR_MAX`.
 * A town's suburbs differ by tens of percent, its streets within a suburb by a few: one fixed weight
 * for both (2 sales) held a thinly sold suburb far too close to the town's level and let a street
 * of two sales move a home's price by its own sales' luck: on `npm run bench:valuation`'s thin
 * market (250 sales a town) MdAPE ÷ floor 1.69× with it, 1.54× learnt.
 */
function levelPriorsOf(
  solved: { dense: readonly number[]; streets: Float64Array; precision: Float64Array },
  rows: readonly ModelRow[],
  weights: readonly number[],
  suburbCount: number,
  current: LevelPriors,
  sd: number,
): Omit<LevelPriors, 'trend'> {
  const variance = sd * sd;
  const bound = (tau2: number) => (tau2 > 0 ? Math.min(LEVEL_PRIOR_MAX, Math.max(LEVEL_PRIOR_MIN, variance / tau2)) : LEVEL_PRIOR_MAX);
  const suburbSales = suburbSalesOf(rows, suburbCount, weights);
  let suburbSum = 0;
  let suburbs = 0;
  suburbSales.forEach((n, k) => {
    if (!(n > 0)) return;
    const raw = (solved.dense[SUBURB + k]! * (n + current.suburb)) / n;
    suburbSum += raw * raw - variance / n;
    suburbs += 1;
  });
  let streetSum = 0;
  let streetSales = 0;
  solved.streets.forEach((effect, st) => {
    const n = solved.precision[st]! - current.street;
    if (!(n > 0)) return;
    const raw = (effect * (n + current.street)) / n;
    streetSum += n * (raw * raw) - variance;
    streetSales += n;
  });
  return {
    suburb: suburbs > 1 ? bound(suburbSum / suburbs) : current.suburb,
    street: streetSales > 0 ? bound(streetSum / streetSales) : current.street,
  };
}

/**
 * How far a town's suburbs really move apart, as the ridge weight of their trends (empirical
 * Bayes, by moments, as `levelPriorsOf`): a trend fitted under a ridge λ is its unshrunk estimate
 * û × I / (I + λ), I what the sales say of it (the fit's posterior precision of it, 1 ÷ its
 * diagonal of the inverse, less the prior's), and û scatters by τ² + σ²/I around the truth; the
 * ridge is σ² / τ², τ between `TREND_SD_MIN` and `TREND_SD_MAX` a month. σ² is the sales' own
 * spread: the residuals' robust spread grown by n ÷ (n − the fit's degrees of freedom), as the fit
 * leans towards the sales it was fitted on (a street of two sales takes up much of their luck).
 * With the residuals' spread as it stands, a thin town's (250 sales) unshrunk trends scattered
 * 2.3× what σ²/I says, and suburbs were read to move apart by 0.27 % a month where none did. τ²
 * is then taken one standard error low, so that a town whose sales cannot tell its suburbs' trends
 * from their noise holds them at nought: on `npm run bench:valuation`'s markets (three seeds, 250
 * and 1,000 sales a town) this costs nothing where suburbs move together and keeps most of the
 * gain where they drift apart by 0.3 % a month (error against the true value 3.5–3.8 → 3.2–3.3 %
 * at 1,000 sales a town; taken at face value 3.1 % on one seed, but 4.0–4.1 → 4.2–4.3 % on thin
 * towns whose suburbs did not drift).
 */
function trendPriorOf(
  solved: { dense: readonly number[]; precision: Float64Array; cross: Float64Array; schur: readonly number[][] },
  prior: (a: number[][]) => void,
  streetPrior: number,
  suburbCount: number,
  current: number,
  sales: number,
  sd: number,
): number {
  const p = solved.dense.length;
  const inverse = inverseOf(solved.schur, p);
  if (inverse === null || suburbCount < 2) return current;
  // Degrees of freedom: the columns less what the priors hold back, trace(F⁻¹P) over the dense
  // columns (S⁻¹ and their priors) and the streets ((F⁻¹)ₛₛ = 1/dₛ + cₛᵀS⁻¹cₛ / dₛ², each × λ_street).
  const priors = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  prior(priors);
  let held = 0;
  for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) held += inverse[i * p + j]! * priors[j]![i]!;
  const streets = solved.precision.length;
  for (let st = 0; st < streets; st++) {
    const d = solved.precision[st]!;
    const base = st * p;
    const quadratic = inverseQuadratic(inverse, solved.cross.subarray(base, base + p));
    held += streetPrior * (1 / d + quadratic / (d * d));
  }
  const freedom = p + streets - held;
  if (!(sales - freedom > 1)) return current;
  const variance = (sd * sd * sales) / (sales - freedom);
  let sum = 0;
  let squares = 0;
  let trends = 0;
  for (let k = 0; k < suburbCount; k++) {
    const column = SUBURB + suburbCount + k;
    const information = 1 / inverse[column * p + column]! - current;
    if (!(information > 0)) continue;
    const raw = (solved.dense[column]! * (information + current)) / information;
    sum += raw * raw - variance / information;
    squares += raw * raw;
    trends += 1;
  }
  if (trends < 2) return current;
  // Less one standard error of that mean (û² scatters by √2 (τ² + σ²/I), read from the û² themselves,
  // so sales that stray more than σ² says count against it too): taken at face value, nine suburbs'
  // trends read from a thin town's sales said 0.18 % a month where there was none. A town of two
  // suburbs never shows a trend of its own this way, one of three only a strong one.
  sum -= Math.sqrt(2 / trends) * squares;
  return variance / Math.min(TREND_SD_MAX ** 2, Math.max(TREND_SD_MIN ** 2, sum / trends));
}

/** Each suburb's sales among `rows`, by its level column (each sale counting its weight, else 1). */
function suburbSalesOf(rows: readonly ModelRow[], suburbCount: number, weights?: readonly number[]): Float64Array {
  const sales = new Float64Array(suburbCount);
  rows.forEach(({ x }, r) => {
    for (const [i] of x) if (i >= SUBURB && i < SUBURB + suburbCount) sales[i - SUBURB]! += weights?.[r] ?? 1;
  });
  return sales;
}

// Dense columns: intercept, f, l, no land, f², l², f·l, each type but house, each type's f slope,
// each month but this one, each suburb, each suburb's trend; each street's is apart.
const otherTypes = propertyTypes.filter((t) => t !== 'house');
const TYPE = 7;
const SLOPE = TYPE + otherTypes.length;
const MONTH = SLOPE + otherTypes.length;
const SUBURB = MONTH + TOWN_MODEL_MONTHS - 1;

/** A home's row of the dense columns, as its non-zero (column, value) pairs (~12 of them). */
function designRow(home: Omit<TownModelSale, 'price'>, centre: TownModel['centre'], suburbColumns: Record<string, number>, suburbCount: number, monthsAgo: number | undefined): [number, number][] {
  const f = Math.log(home.floorArea!) - centre.lnFloor;
  const l = home.landArea! > 0 ? lnLandOf(home.landArea!) - centre.lnLand : 0;
  const x: [number, number][] = [[0, 1], [1, f]];
  if (home.landArea! > 0) x.push([2, l], [5, l * l], [6, f * l]);
  else x.push([3, 1]);
  x.push([4, f * f]);
  const type = propertyTypeOf(home);
  if (type !== 'house') x.push([TYPE + otherTypes.indexOf(type), 1], [SLOPE + otherTypes.indexOf(type), f]);
  const month = monthOf(monthsAgo);
  if (month > 0) x.push([MONTH + month - 1, 1]);
  const suburb = suburbColumns[normalisePlace(home.suburb)];
  if (suburb !== undefined) {
    x.push([suburb, 1]);
    const tau = trendMonthsOf(monthsAgo);
    if (tau > 0) x.push([suburb + suburbCount, -tau]);
  }
  return x;
}

/** The inverse of a symmetric positive definite matrix (row-major), (L⁻¹)ᵀL⁻¹ from its Cholesky factor; null when it is not positive definite. */
function inverseOf(a: readonly number[][], n: number): Float64Array | null {
  const l = cholesky(a, n);
  if (l === null) return null;
  // L⁻¹, lower triangular, column by column by forward substitution.
  const li = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    for (let i = k; i < n; i++) {
      let v = i === k ? 1 : 0;
      for (let j = k; j < i; j++) v -= l[i * n + j]! * li[j * n + k]!;
      li[i * n + k] = v / l[i * n + i]!;
    }
  }
  const inverse = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      for (let k = i; k < n; k++) sum += li[k * n + i]! * li[k * n + j]!;
      inverse[i * n + j] = sum;
      inverse[j * n + i] = sum;
    }
  }
  return inverse;
}

/**
 * zᵀS⁻¹z for S⁻¹ row-major (`inverseOf`, z.length columns), over z's non-zero entries only: a
 * home's row or a street's cross terms touch ~15 of the ~60–100 columns.
 */
function inverseQuadratic(inverse: Float64Array, z: ArrayLike<number>): number {
  const p = z.length;
  const nonZero: number[] = [];
  for (let i = 0; i < p; i++) if (z[i] !== 0) nonZero.push(i);
  let quadratic = 0;
  for (const i of nonZero) {
    const base = i * p;
    let sum = 0;
    for (const j of nonZero) sum += inverse[base + j]! * z[j]!;
    quadratic += z[i]! * sum;
  }
  return quadratic;
}

/** The lower Cholesky factor of a symmetric positive definite matrix (row-major); null when it is not positive definite. */
function cholesky(a: readonly number[][], n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i]![j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + j] = sum / l[j * n + j]!;
    }
  }
  return l;
}

/**
 * Fits the town model on `sales` (their own prices, each with its `monthsAgo`). Null below
 * `TOWN_MODEL_MIN_SALES` usable sales or when the fit is degenerate.
 */
export function fitTownModel(sales: readonly TownModelSale[]): TownModel | null {
  const usable = sales.filter((s) => s.price > 0 && s.floorArea !== null && s.floorArea > 0 && s.landArea !== null && s.landArea >= 0);
  if (usable.length < TOWN_MODEL_MIN_SALES) return null;
  const n = usable.length;
  const suburbNames = [...new Set(usable.map((s) => normalisePlace(s.suburb)).filter((name) => name !== ''))].sort();
  const withLand = usable.filter((s) => s.landArea! > 0);
  const centre = {
    lnFloor: usable.reduce((sum, s) => sum + Math.log(s.floorArea!), 0) / n,
    lnLand: withLand.length > 0 ? withLand.reduce((sum, s) => sum + Math.log(s.landArea!), 0) / withLand.length : 0,
  };
  // Streets seen in two or more sales (a lone sale's street cannot be told from its own noise).
  const keys = usable.map((s) => streetKey(s));
  const streetCounts = new Map<string, number>();
  for (const key of keys) if (key !== null) streetCounts.set(key, (streetCounts.get(key) ?? 0) + 1);
  const streetNames = [...streetCounts].filter(([, count]) => count >= 2).map(([key]) => key).sort();
  /** The dense columns; each street's is apart (see `solveWithStreets`). */
  const suburbCount = suburbNames.length;
  const trendColumn = SUBURB + suburbCount;
  const p = trendColumn + suburbCount;
  const suburbColumns = Object.fromEntries(suburbNames.map((name, i) => [name, SUBURB + i]));
  const streetIndex = new Map(streetNames.map((name, i) => [name, i]));
  const rows = usable.map((s, i) => {
    const street = keys[i] === null ? undefined : streetIndex.get(keys[i]!);
    return { x: designRow(s, centre, suburbColumns, suburbCount, s.monthsAgo), street: street ?? -1, y: Math.log(s.price) };
  });
  const trendShares = Array.from(suburbSalesOf(rows, suburbCount), (count, k): [number, number] => [trendColumn + k, count / n]);
  // Priors, in sales: ridge on the effects and the curvature (never on the intercept or the
  // elasticities), a random walk between consecutive months (month 0 is today's level, 0).
  let monthPriors = monthPriorsFor(FIRST_ROUND_SD);
  let levelPriors = FIXED_LEVEL_PRIORS;
  const prior = (a: number[][]) => {
    for (let i = 3; i < p; i++) {
      if (i >= MONTH && i < SUBURB) continue;
      a[i]![i]! += (i >= 4 && i <= 6) || (i >= SLOPE && i < MONTH) ? SHAPE_PRIOR_SALES : i >= trendColumn ? levelPriors.trend : i >= SUBURB ? levelPriors.suburb : SUBURB_PRIOR_SALES;
    }
    // Month k's column is MONTH + k − 1; month 0 (today) has none, its level is 0.
    const column = (k: number) => (k === 0 ? -1 : MONTH + k - 1);
    const penalise = (terms: readonly [number, number][], weight: number) => {
      for (const [i, ci] of terms) {
        if (i < 0) continue;
        for (const [j, cj] of terms) if (j >= 0) a[i]![j]! += weight * ci * cj;
      }
    };
    for (let k = 1; k < TOWN_MODEL_MONTHS; k++) {
      penalise([[column(k), 1], [column(k - 1), -1]], monthPriors.level);
      if (k > 1) penalise([[column(k), 1], [column(k - 1), -2], [column(k - 2), 1]], monthPriors.trend);
    }
    // The suburbs' trends average zero over the town's sales: what they share is the town's index.
    penalise(trendShares, TREND_SUM_WEIGHT);
    // A hair of ridge on the elasticities keeps a town whose homes are all one size solvable.
    for (let i = 1; i < 3; i++) a[i]![i]! += 1e-6;
  };
  const weights = new Array<number>(n).fill(1);
  let beta: number[] | null = null;
  let residuals: number[] = [];
  let robustSd = 0;
  let streetEffects: Float64Array = new Float64Array(streetNames.length);
  let last: NonNullable<ReturnType<typeof solveWithStreets>> | null = null;
  for (let round = 0; round <= HUBER_ROUNDS; round++) {
    const solved = solveWithStreets(rows, weights, p, streetNames.length, prior, levelPriors.street);
    if (!solved) return null;
    last = solved;
    beta = solved.dense;
    streetEffects = solved.streets;
    const fitted = solved.dense;
    residuals = rows.map(({ x, street, y }) => y - x.reduce((sum, [i, xi]) => sum + xi * fitted[i]!, 0) - (street >= 0 ? streetEffects[street]! : 0));
    robustSd = 1.4826 * median(residuals.map(Math.abs));
    if (round === HUBER_ROUNDS || robustSd === 0) break;
    const k = HUBER_K * robustSd;
    monthPriors = monthPriorsFor(robustSd);
    const trend = trendPriorOf(solved, prior, levelPriors.street, suburbCount, levelPriors.trend, n, robustSd);
    levelPriors = { ...levelPriorsOf(solved, rows, weights, suburbCount, levelPriors, robustSd), trend };
    residuals.forEach((r, i) => (weights[i] = Math.abs(r) <= k ? 1 : k / Math.abs(r)));
  }
  const fitted = beta!;
  const inverse = inverseOf(last!.schur, p);
  const model: TownModel = {
    intercept: fitted[0]!,
    floorElasticity: fitted[1]!,
    landElasticity: fitted[2]!,
    noLand: fitted[3]!,
    curvature: { floor: fitted[4]!, land: fitted[5]!, floorLand: fitted[6]! },
    types: Object.fromEntries(propertyTypes.map((t) => [t, t === 'house' ? 0 : fitted[TYPE + otherTypes.indexOf(t)]!])) as Record<PropertyType, number>,
    typeFloorSlopes: Object.fromEntries(propertyTypes.map((t) => [t, t === 'house' ? 0 : fitted[SLOPE + otherTypes.indexOf(t)]!])) as Record<PropertyType, number>,
    months: [0, ...Array.from({ length: TOWN_MODEL_MONTHS - 1 }, (_, k) => fitted[MONTH + k]!)],
    suburbs: Object.fromEntries(suburbNames.map((name) => [name, fitted[suburbColumns[name]!]!])),
    suburbTrends: Object.fromEntries(suburbNames.map((name) => [name, fitted[suburbColumns[name]! + suburbCount]!])),
    streets: Object.fromEntries(streetNames.map((name, i) => [name, streetEffects[i]!])),
    streetSales: Object.fromEntries(streetNames.map((name) => [name, streetCounts.get(name)!])),
    centre,
    residualSd: robustSd,
    levelPriors,
    salesCount: n,
    ...(inverse && {
      uncertainty: {
        columns: p,
        inverse,
        suburbColumns,
        suburbCount,
        streetRows: Object.fromEntries(streetNames.map((name, i) => [name, i])),
        streetPrecision: last!.precision,
        streetCross: last!.cross,
      },
    }),
  };
  // The spread a new sale strays by: the residuals studentized, as the fit leans towards each sale
  // it was fitted on (a sale on a street of two moves its street's level a quarter of the way).
  if (model.uncertainty) {
    const studentized = usable.flatMap((s) => {
      const r = townModelStudentizedResidual(model, s);
      return r === null ? [] : [{ type: propertyTypeOf(s), suburb: normalisePlace(s.suburb), r, sale: s }];
    });
    // Market sales only: a family transfer sold at 60–85 % of the value is far outside Tukey's
    // fences; within them, the residuals' root mean square (÷ 0.971, a normal cut at the fences,
    // ±2.7 sd, keeps 97.1 % of its sd). The median absolute residual, which the 5 % of family
    // transfers on `npm run bench:valuation`'s market inflated by about a tenth, made the model
    // look worse than it is, and a blend of errors that share a sale's own luck is very sensitive
    // to that: the comparables' own error is what is left of it after the shared part.
    const fences = tukeyFences(studentized.map(({ r }) => r));
    const inside = (r: number) => r >= fences.low && r <= fences.high;
    const market = studentized.filter(({ r }) => inside(r));
    const meanSquareOf = (rs: readonly { r: number }[]) => rs.reduce((sum, { r }) => sum + r * r, 0) / rs.length;
    const spreadOf = (rs: readonly { r: number }[]) => Math.sqrt(meanSquareOf(rs)) / TRUNCATED_NORMAL_SD;
    if (market.length > 0) {
      const townSd = spreadOf(market);
      model.residualSd = townSd;
      // A kind's or a suburb's spread against the town's, each read back through the town's fences
      // as a normal cut there (`truncatedNormalSd`): the fences sit at fewer of a group's own sds the
      // further it strays, and cut more of its spread away. On bench:valuation's varied market the
      // noisiest fifth of its homes had 71 % of their prices in the range and the calmest 87 %.
      const townCut = truncatedNormalSd(meanSquareOf(market), fences.low, fences.high);
      const groupSpreadOf = (own: readonly { r: number }[]) =>
        townCut > 0 ? (truncatedNormalSd(meanSquareOf(own), fences.low, fences.high) / townCut) * townSd : spreadOf(own);
      // Apartments and units stray further from the town's model than houses do where they are
      // few and varied; each kind's own spread, pooled towards the town's when it has few sales.
      model.typeResidualSd = Object.fromEntries(
        propertyTypes.map((type) => {
          const own = market.filter((r) => r.type === type);
          const ownSd = own.length > 0 ? groupSpreadOf(own) : townSd;
          return [type, Math.sqrt((own.length * ownSd ** 2 + TYPE_SD_PRIOR_SALES * townSd ** 2) / (own.length + TYPE_SD_PRIOR_SALES))];
        }),
      ) as Record<PropertyType, number>;
      // Some suburbs' sales stray further than others' (mixed housing, a thin market): each
      // suburb's own spread, shrunk by how much the town's suburbs really differ. On
      // bench:valuation's market with suburbs' own noise it took the rank correlation of
      // confidence and error from −0.06 to −0.17; where every suburb's sales stray alike it
      // leaves the town's spread (a fixed pool of 30 sales ranked as well on the first, but gave
      // suburbs that looked calm by chance a confidence their sales did not bear out).
      const bySuburb = new Map<string, { r: number }[]>();
      for (const m of market) {
        const own = bySuburb.get(m.suburb);
        if (own) own.push(m);
        else bySuburb.set(m.suburb, [m]);
      }
      const groups = [...bySuburb];
      const shrunk = shrunkSpreads(groups.map(([, own]) => ({ count: own.length, sd: groupSpreadOf(own) })), townSd);
      model.suburbResidualSd = Object.fromEntries(groups.map(([suburb], i) => [suburb, shrunk[i]!]));
      const shared = neighbourCovariance(
        market.flatMap(({ r, suburb, sale }) => (typeof sale.latitude === 'number' && typeof sale.longitude === 'number' ? [{ suburb, latitude: sale.latitude, longitude: sale.longitude, residual: r }] : [])),
      );
      if (shared !== null) model.neighbourCovariance = shared;
    }
  }
  return model;
}

/**
 * Groups' spreads shrunk towards the town's by how much they really differ (empirical Bayes on
 * ln sd): a group's ln sᵢ is unsure by vᵢ = 1 / (2nᵢ) (a sample sd's ln, normal sales); the true
 * spread of ln σ between groups, τ² = Σ nᵢ((ln sᵢ − ln s_T)² − vᵢ) / Σ nᵢ, is what is left of the
 * groups' scatter once their sampling noise is taken out, less one standard error of that scatter
 * had the groups not differed at all (each nᵢ(ln sᵢ − ln s_T)² then scatters by √2 × nᵢvᵢ = 1/√2,
 * so their sum by √(k/2) over k groups), and at least 0; each keeps Bᵢ = τ² / (τ² + vᵢ) of its own
 * difference: ln σ̂ᵢ = ln s_T + Bᵢ (ln sᵢ − ln s_T). Groups that differ only by chance all get the
 * town's spread; groups that really differ keep most of theirs. Taken at face value, τ² is above
 * nought half the time where the groups do not differ: on bench:valuation's thin market (250 sales
 * a town, every suburb's sales straying alike) half the towns read their suburbs' spreads from
 * 0.059 to 0.085 around a town's 0.072, a confidence that ranked nothing. The standard error is
 * the null's rather than one read from the groups' own scatter (as the suburbs' trends take it,
 * `trendPriorOf`, whose σ² can under-read): vᵢ is what it is for normal sales, and with two
 * suburbs, one whose sales stray three times as far as the other's, that scatter's own standard
 * error is as large as itself and would hold both at the town's spread.
 */
export function shrunkSpreads(groups: readonly { count: number; sd: number }[], townSd: number): number[] {
  const centre = Math.log(townSd);
  // A group of one sale, or with no spread, says nothing of its own.
  const informative = (g: { count: number; sd: number }) => g.count >= 2 && g.sd > 0;
  const usable = groups.filter(informative);
  const weight = usable.reduce((sum, g) => sum + g.count, 0);
  const squares = usable.reduce((sum, g) => sum + g.count * (Math.log(g.sd) - centre) ** 2, 0);
  const excess = squares - usable.length / 2;
  const tau2 = weight === 0 ? 0 : Math.max(0, (excess - Math.sqrt(usable.length / 2)) / weight);
  return groups.map((g) => {
    if (!informative(g) || tau2 === 0) return townSd;
    const v = 1 / (2 * g.count);
    return Math.exp(centre + (tau2 / (tau2 + v)) * (Math.log(g.sd) - centre));
  });
}

/** A suburb's own spread (`suburbResidualSd`); null for a suburb the model has none for. */
export const suburbSpreadOf = (model: TownModel, suburb: string): number | null => model.suburbResidualSd?.[normalisePlace(suburb)] ?? null;

/**
 * How far a sale of this home's kind in its suburb strays from the model (ln sd): the town's
 * spread × its kind's ratio to it × its suburb's, σ_T × (σ_type / σ_T) × (σ_suburb / σ_T). A suburb
 * or kind the model has no spread for counts as the town's.
 */
export function townModelSpread(model: TownModel, home: Pick<TownModelSale, 'suburb' | 'propertyType'>): number {
  const town = model.residualSd;
  const type = model.typeResidualSd?.[propertyTypeOf(home)] ?? town;
  const suburb = suburbSpreadOf(model, home.suburb) ?? town;
  return town > 0 ? (type * suburb) / town : town;
}

/**
 * ln of the model's price for a home (its suburb, street, type, floor and land area) `monthsAgo`
 * months before today (0: today); null without a floor area or a known land area. A suburb or a
 * street the model has not seen is the town's or the suburb's level.
 */
export function townModelLogPrice(model: TownModel, home: Omit<TownModelSale, 'price'>, monthsAgo = 0): number | null {
  if (home.floorArea === null || !(home.floorArea > 0) || home.landArea === null || !(home.landArea >= 0)) return null;
  const hasLand = home.landArea > 0;
  const f = Math.log(home.floorArea) - model.centre.lnFloor;
  const l = hasLand ? lnLandOf(home.landArea) - model.centre.lnLand : 0;
  const type = propertyTypeOf(home);
  return (
    model.intercept +
    model.floorElasticity * f +
    model.curvature.floor * f * f +
    (hasLand ? model.landElasticity * l + model.curvature.land * l * l + model.curvature.floorLand * f * l : model.noLand) +
    model.types[type] +
    model.typeFloorSlopes[type] * f +
    (model.suburbs[normalisePlace(home.suburb)] ?? 0) +
    (model.streets[streetKey(home) ?? ''] ?? 0) +
    townTrendEffect(model, home.suburb, monthsAgo)
  );
}

/**
 * How well the model knows its own price for a home, as a multiple of its residual variance: the
 * home's row of the fit's posterior covariance, v = (x − cₛ/dₛ)ᵀ S⁻¹ (x − cₛ/dₛ) + 1/dₛ, x its dense
 * row, S the Schur complement, and for a street the model fitted cₛ its cross terms and dₛ its
 * precision (sales and prior); a street it has not seen contributes its prior alone, 1 / λ_street
 * (so v is what (XᵀWX + P)⁻¹ gives for the home's full row, without forming it; a suburb it has not
 * seen likewise adds its prior, 1 / λ_suburb: `levelPriors`). A home like many the
 * town sold, on a street with many sales, gets v ≈ 1/(street sales + λ_street); an unusual size or kind,
 * a suburb with few sales or a street with none get more. Var(ln price − model) ≈ σ²(1 + v).
 * `monthsAgo`: the row of a sale that many months ago (0: today's). Null without the uncertainty,
 * a floor area or a known land area.
 */
export function townModelVariance(model: TownModel, home: Omit<TownModelSale, 'price'>, monthsAgo = 0): number | null {
  const parts = varianceParts(model, home, monthsAgo);
  return parts && parts.dense + (parts.street ?? 1 / levelPriorsOfModel(model).street);
}

/** The model's level priors (`SUBURB_PRIOR_SALES` for both in a model built by hand). */
export const levelPriorsOfModel = (model: TownModel): LevelPriors => model.levelPriors ?? FIXED_LEVEL_PRIORS;

/** `townModelVariance` in two: the dense columns' share, and the street's (null: a street the model did not fit). */
function varianceParts(model: TownModel, home: Omit<TownModelSale, 'price'>, monthsAgo: number): { dense: number; street: number | null } | null {
  const u = model.uncertainty;
  if (!u || home.floorArea === null || !(home.floorArea > 0) || home.landArea === null || !(home.landArea >= 0)) return null;
  const p = u.columns;
  const z = new Float64Array(p);
  for (const [i, xi] of designRow(home, model.centre, u.suburbColumns, u.suburbCount, monthsAgo)) z[i]! += xi;
  const row = u.streetRows[streetKey(home) ?? ''];
  let street: number | null = null;
  if (row !== undefined) {
    const d = u.streetPrecision[row]!;
    for (let i = 0; i < p; i++) z[i]! -= u.streetCross[row * p + i]! / d;
    street = 1 / d;
  }
  // zᵀ S⁻¹ z over z's non-zero entries. A suburb the model never saw has no column: its level is
  // unknown by as much as the prior lets a suburb's vary.
  let dense = u.suburbColumns[normalisePlace(home.suburb)] === undefined ? 1 / levelPriorsOfModel(model).suburb : 0;
  dense += inverseQuadratic(u.inverse, z);
  return { dense, street };
}

/** A sale's residual and leverage h = w·v (w its Huber weight; only what the model fitted counts: a street it did not fit has no effect to lean). */
function residualAndLeverage(model: TownModel, sale: TownModelSale): { r: number; h: number } | null {
  const fitted = townModelLogPrice(model, sale, sale.monthsAgo ?? 0);
  if (fitted === null || !(sale.price > 0)) return null;
  const r = Math.log(sale.price) - fitted;
  const parts = varianceParts(model, sale, sale.monthsAgo ?? 0);
  if (parts === null) return { r, h: 0 };
  const k = HUBER_K * model.residualSd;
  const w = Math.abs(r) <= k || model.residualSd === 0 ? 1 : k / Math.abs(r);
  return { r, h: Math.min(0.95, w * (parts.dense + (parts.street ?? 0))) };
}

/**
 * How the model's ln price for a sale it was fitted on would move were that sale left out: the
 * exact leave-one-out change of a weighted linear fit, −h·r / (1 − h), r the sale's residual and
 * h its leverage. Calibration values the city's recent sales with it: a model that has seen a
 * sale's price values it too well, which made the range too narrow and the comparables too
 * trusted. Null without a price, a floor area or a known land area.
 */
export function townModelLeaveOneOut(model: TownModel, sale: TownModelSale): number | null {
  const at = residualAndLeverage(model, sale);
  return at && (-at.h * at.r) / (1 - at.h);
}

/**
 * A sale's residual against the model studentized, r / √(1 − h) (h its leverage): how far a sale
 * like it strays from a model that has not seen it. Null without a price, floor area or land area.
 */
export function townModelStudentizedResidual(model: TownModel, sale: TownModelSale): number | null {
  const at = residualAndLeverage(model, sale);
  return at && at.r / Math.sqrt(1 - at.h);
}
