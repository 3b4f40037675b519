import { conditionFactor, CONDITION_MEAN, CONDITION_SD, CONDITION_VALUE_PER_STAR, CRITERION_SD, OWNER_LEAN_SD } from './condition';
import { IDIOSYNCRATIC_SD } from './home';
import { STREET_LEVEL_SD } from './suburbs';
import { suburbLevelAt, type BenchSale, type BenchTown } from './bench-market';

/**
 * A second reference beside the oracle's floor: the best-informed valuer. It knows every rule and
 * every global figure of the bench market exactly (each town's rates and index, each suburb's
 * level, what a kind of home, its size and a star of condition are worth, how far sales, owners'
 * ratings and RVs stray, which sales were family transfers), and nothing of a home that a valuer
 * could not see. Three things it must still infer, as any valuer must:
 * - the street's own level (log-sd `STREET_LEVEL_SD`), from the street's earlier market sales,
 *   each read with its RV (both see the same home);
 * - the home's true condition, from its owner's ratings;
 * - the home's own factor (log-sd `IDIOSYNCRATIC_SD`), which only its RV says anything about.
 * It combines them as a Bayesian would, under normal approximations (the ratings' rounding and
 * clamping to 1–5 are treated as noise; the RV's rounding to $5,000 is left out).
 *
 * What it shows: how much of the model's gap to the oracle is the market's, not the model's. The
 * oracle's floor is out of any valuer's reach; this one is within reach of a model that learnt
 * the market's rules perfectly from its sales, and a real model, learning them from the same
 * noisy sales, is not expected to beat it, though on one draw of held-out sales it can by luck.
 */
export function bestInformedEstimate(sale: BenchSale, earlierOnStreet: readonly BenchSale[], town: TownTrend, rvError: number): number {
  const structure = knownPart(sale);
  const street = streetLevelOf(earlierOnStreet, town, rvError);
  const condition = conditionOf(sale);
  // z = ln(street level × condition factor × own factor): prior from the street and the ratings.
  const mean = street.mean + condition.mean;
  const variance = street.variance + condition.variance + IDIOSYNCRATIC_SD ** 2;
  const rv = rvReading(sale, structure, town);
  const z = rv === null ? mean : precisionWeighted([mean, variance], [rv, rvError ** 2]);
  return structure * Math.exp(z);
}

/** What the best-informed valuer knows of how a town's and its suburbs' prices moved. */
type TownTrend = Pick<BenchTown, 'index' | 'revaluationDate' | 'suburbDrift'>;

/** A sale's street, as the best-informed valuer groups them: the same street name in another suburb or town is another street. */
export const streetOfSale = (sale: BenchSale) => `${sale.home.town}|${sale.home.suburb}|${sale.home.street}`;

/** The sale's true value without what only the home and its street's sales say: street level, condition, own factor. */
const knownPart = (sale: BenchSale) => sale.trueValue / (sale.home.hidden.streetLevel * conditionFactor(sale.home.hidden.condition) * sale.home.hidden.idiosyncratic);

/** ln(RV ÷ the known part at the revaluation date): the street, condition and own factor as the council saw them, with its error. */
function rvReading(sale: BenchSale, structure: number, town: TownTrend): number | null {
  if (sale.rateableValue === null) return null;
  const atRevaluation = (structure * suburbLevelAt(town, sale.home.suburb, town.revaluationDate)) / suburbLevelAt(town, sale.home.suburb, sale.saleDate);
  return Math.log(sale.rateableValue / atRevaluation);
}

/** The precision-weighted mean of independent normal readings [mean, variance]. */
function precisionWeighted(...readings: readonly (readonly [number, number])[]): number {
  let precision = 0;
  let sum = 0;
  for (const [m, v] of readings) {
    precision += 1 / v;
    sum += m / v;
  }
  return sum / precision;
}

/** The variance of ln(condition factor) across homes, before any rating is seen. */
const CONDITION_LOG_VARIANCE = (CONDITION_VALUE_PER_STAR * CONDITION_SD) ** 2;
/** ln(condition factor) of an average home (grade `CONDITION_MEAN`). */
const CONDITION_LOG_MEAN = CONDITION_VALUE_PER_STAR * (CONDITION_MEAN - 3);

/**
 * The street's ln level from its earlier market sales: each sale reads ln(price ÷ known part) =
 * street + its own condition and factor + its sale's noise, and its RV reads the same street,
 * condition and factor with the RV's error; the prior is N(0, STREET_LEVEL_SD²).
 */
export function streetLevelOf(earlierOnStreet: readonly BenchSale[], town: TownTrend, rvError: number): { mean: number; variance: number } {
  let precision = 1 / STREET_LEVEL_SD ** 2;
  let sum = 0;
  for (const other of earlierOnStreet) {
    if (other.nonMarket) continue;
    const structure = knownPart(other);
    const price: [number, number] = [Math.log(other.price / structure), other.noiseSd ** 2];
    const rv = rvReading(other, structure, town);
    // The sale and its RV see the same home: combine them first, then allow for its own condition and factor.
    const home = rv === null ? price : ([precisionWeighted(price, [rv, rvError ** 2]), 1 / (1 / price[1] + 1 / rvError ** 2)] as [number, number]);
    const variance = home[1] + CONDITION_LOG_VARIANCE + IDIOSYNCRATIC_SD ** 2;
    precision += 1 / variance;
    sum += (home[0] - CONDITION_LOG_MEAN) / variance;
  }
  return { mean: sum / precision, variance: 1 / precision };
}

/**
 * ln(condition factor) from the owner's ratings: their mean reads the true grade with the owner's
 * lean and each criterion's own spread (and rounding) as noise; the prior is the market's grades.
 */
export function conditionOf(sale: Pick<BenchSale, 'home'>): { mean: number; variance: number } {
  const rated = Object.values(sale.home.conditionScores).filter((score) => score > 0);
  if (rated.length === 0) return { mean: CONDITION_LOG_MEAN, variance: CONDITION_LOG_VARIANCE };
  const ratingMean = rated.reduce((a, b) => a + b, 0) / rated.length;
  const noise = OWNER_LEAN_SD ** 2 + (CRITERION_SD ** 2 + 1 / 12) / rated.length;
  const shrink = CONDITION_SD ** 2 / (CONDITION_SD ** 2 + noise);
  const grade = CONDITION_MEAN + shrink * (ratingMean - CONDITION_MEAN);
  return { mean: CONDITION_VALUE_PER_STAR * (grade - 3), variance: CONDITION_LOG_VARIANCE * (1 - shrink) };
}
