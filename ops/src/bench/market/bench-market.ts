import { DAY_MS, isoDay, monthsBefore, monthsBetween } from './calendar';
import { drawHome, type BenchHome } from './home';
import { drawMarketIndex, indexAt, type MarketIndex } from './market-index';
import { streamOf } from './random';
import type { PropertyType } from './property-types';
import { drawSuburbs, type BenchSuburb } from './suburbs';
import { townPlaces, type TownPlace } from './towns';

/**
 * The bench's own market, independent of the demo generator (ops/src/demo/): realistic about
 * what a valuer does not know. Seeded and deterministic: the same options give the same market.
 *
 *   true value(home, date) = home's peak value (suburb and street level, property type, floor and
 *                            land area, true condition, its own hidden factor) × town index(date)
 *   sale price             = true value × e^(0.06·Z)          (market sales; rounded to $1,000)
 *                          = true value × U(0.60, 0.85)       (family transfers: training only)
 *   council RV             = true value(revaluation date) × e^(0.10·Z')   (rounded to $5,000)
 *
 * with Z, Z' independent: the RV was assessed 25–36 months before `now`, before any sale, with
 * its own error, and ~4 % of homes (built since) have none. Each town's index rises, then turns
 * and falls within the last 13 months.
 *
 * With `noiseVariation`, a sale's 0.06 is its suburb's and its kind's instead: 0.06 × e^(s·Z″) per
 * suburb × a factor per kind of home, as real markets' sales stray further in some places than in
 * others (a valuer's forecast error differs from suburb to suburb and is larger for apartments).
 *
 * With `suburbDrift`, each suburb also has its own trend beside its town's since the revaluation,
 * e^(g·months since it) with g ~ N(0, suburbDrift) a month: suburbs move apart, as real ones do
 * (a price-to-RV ratio then differs from suburb to suburb, and a suburb's level two years ago is
 * not its level today).
 */
export interface BenchMarketOptions {
  seed: number;
  /** "Today": sales fall in the 24 months before it. */
  now: Date;
  /** Sales per town (each a different home). */
  salesPerTown: number;
  /** How many of the bench towns (up to 8). */
  towns?: number;
  suburbsPerTown?: number;
  /** Share of the last 12 months' market sales held out to be valued. */
  heldOutFraction?: number;
  /** Share of training sales that are family transfers. */
  nonMarketShare?: number;
  /** Share of homes with no RV. */
  noRvShare?: number;
  /** Log-sd of a sale price around the true value. */
  saleNoise?: number;
  /** Log-sd of a council RV around the true value at the revaluation date. */
  rvError?: number;
  /** Sales that stray by their suburb's and their kind's own amount (absent: every sale by `saleNoise`). */
  noiseVariation?: NoiseVariation;
  /** Log-sd a month of each suburb's own trend beside its town's, from the revaluation on (absent: 0). */
  suburbDrift?: number;
}

/** How a sale's noise differs from `saleNoise`: × e^(suburbLogSd·Z) per suburb, × `byType` per kind of home. */
export interface NoiseVariation {
  suburbLogSd: number;
  byType: Record<PropertyType, number>;
}

/**
 * The varied market of `npm run bench:valuation`: suburbs' noise spread over about half to twice
 * the town's (log-sd 0.35), units' 15 % and apartments' 30 % above a house's.
 */
export const VARIED_NOISE: NoiseVariation = { suburbLogSd: 0.35, byType: { house: 1, townhouse: 1, unit: 1.15, apartment: 1.3 } };

/**
 * The drifting market of `npm run bench:valuation`: each suburb's own trend beside its town's is
 * N(0, 0.3 %) a month since the revaluation, so after two to three years a suburb stands about
 * ±8–10 % (sd) from where its town's index alone would put it.
 */
export const SUBURB_DRIFT = 0.003;

export const BENCH_MARKET_DEFAULTS = { towns: 8, suburbsPerTown: 9, heldOutFraction: 0.3, nonMarketShare: 0.05, noRvShare: 0.04, saleNoise: 0.06, rvError: 0.1 } as const;

export interface BenchTown extends TownPlace {
  index: MarketIndex;
  /** yyyy-mm-dd the council's RVs were assessed at. */
  revaluationDate: string;
  suburbs: BenchSuburb[];
  /** Each suburb's own trend beside the town's index, ln a month from the revaluation date (all 0 without `suburbDrift`). */
  suburbDrift: Record<string, number>;
}

export interface BenchSale {
  saleId: string;
  home: BenchHome;
  saleDate: string;
  price: number;
  /** The home's true value on the sale date (hidden from everyone but the oracle). */
  trueValue: number;
  /** price ÷ trueValue. */
  noise: number;
  /** The log-sd a market sale's price was drawn with around its true value (`saleNoise`, or its suburb's and kind's). */
  noiseSd: number;
  /** A family transfer, not a market sale (training only). */
  nonMarket: boolean;
  rateableValue: number | null;
  /** rateableValue ÷ true value at the revaluation date; null without an RV. */
  rvError: number | null;
}

export interface BenchMarket {
  now: Date;
  towns: BenchTown[];
  /** The comparables pool: every sale not held out, family transfers included. */
  training: BenchSale[];
  /** Market sales of the last 12 months, valued as at their sale date. */
  heldOut: BenchSale[];
}

/** A suburb's price level on a date against its peak value: its town's index then × its own trend since the revaluation. */
export const suburbLevelAt = (town: Pick<BenchTown, 'index' | 'revaluationDate' | 'suburbDrift'>, suburb: string, date: string) =>
  indexAt(town.index, date) * Math.exp((town.suburbDrift[suburb] ?? 0) * monthsBetween(town.revaluationDate, date));

/** A home's true value on a date: its peak value × its suburb's level then. */
export const trueValueAt = (town: Pick<BenchTown, 'index' | 'revaluationDate' | 'suburbDrift'>, home: BenchHome, date: string) => home.hidden.peakValue * suburbLevelAt(town, home.suburb, date);

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

export function generateBenchMarket(options: BenchMarketOptions): BenchMarket {
  const o = { ...BENCH_MARKET_DEFAULTS, ...options };
  const { seed, now } = o;
  const start = monthsBefore(now, 24).getTime();
  const days = Math.round((now.getTime() - start) / DAY_MS);
  const heldOutFrom = isoDay(monthsBefore(now, 12).getTime());
  const towns: BenchTown[] = [];
  const training: BenchSale[] = [];
  const heldOut: BenchSale[] = [];

  for (const place of townPlaces(o.towns)) {
    const townRandom = streamOf(seed, 'town', place.id);
    const index = drawMarketIndex(townRandom, now);
    const revaluation = monthsBefore(now, townRandom.int(25, 36));
    const revaluationDate = isoDay(Date.UTC(revaluation.getUTCFullYear(), revaluation.getUTCMonth(), 1));
    const suburbs = drawSuburbs(streamOf(seed, 'suburbs', place.id), place, o.suburbsPerTown);
    // Its own stream, so a market without drift is the same market as before it existed.
    const driftRandom = streamOf(seed, 'drift', place.id);
    const suburbDrift = Object.fromEntries(suburbs.map((s) => [s.name, o.suburbDrift ? o.suburbDrift * driftRandom.normal() : 0]));
    const town: BenchTown = { ...place, index, revaluationDate, suburbs, suburbDrift };
    towns.push(town);

    const sizes = suburbs.map((s) => [s, townRandom.between(0.6, 1.4)] as const);
    // Its own stream, so a market without variation is the same market as before it existed.
    const variation = o.noiseVariation;
    const noiseRandom = streamOf(seed, 'noise', place.id);
    const suburbNoise = new Map(suburbs.map((s) => [s.name, variation ? o.saleNoise * noiseRandom.lognormal(variation.suburbLogSd) : o.saleNoise]));
    const numbers = new Map<string, number>();
    const homes = streamOf(seed, 'homes', place.id);
    const sales = streamOf(seed, 'sales', place.id);
    const rvs = streamOf(seed, 'rateable-values', place.id);
    const split = streamOf(seed, 'split', place.id);
    for (let k = 0; k < o.salesPerTown; k++) {
      const suburb = homes.weighted(sizes);
      const street = homes.pick(suburb.streets);
      const key = `${suburb.name}/${street.name}`;
      const number = (numbers.get(key) ?? homes.int(1, 15)) + homes.int(2, 6);
      numbers.set(key, number);
      const home = drawHome(homes, town, suburb, street, number, `${place.id}-${k}`);

      const saleDate = isoDay(start + Math.floor(sales.next() * days) * DAY_MS);
      const trueValue = trueValueAt(town, home, saleDate);
      const noiseSd = suburbNoise.get(suburb.name)! * (variation?.byType[home.type] ?? 1);
      const marketPrice = roundTo(trueValue * sales.lognormal(noiseSd), 1000);

      const hasRv = rvs.next() >= o.noRvShare;
      const rvTrue = trueValueAt(town, home, revaluationDate);
      const rateableValue = roundTo(rvTrue * rvs.lognormal(o.rvError), 5000);

      const isHeldOut = saleDate >= heldOutFrom && split.next() < o.heldOutFraction;
      const nonMarket = !isHeldOut && split.next() < o.nonMarketShare;
      const price = nonMarket ? roundTo(trueValue * split.between(0.6, 0.85), 1000) : marketPrice;
      const sale: BenchSale = {
        saleId: `bench-${home.homeId}`,
        home,
        saleDate,
        price,
        trueValue,
        noise: price / trueValue,
        noiseSd,
        nonMarket,
        rateableValue: hasRv ? rateableValue : null,
        rvError: hasRv ? rateableValue / rvTrue : null,
      };
      (isHeldOut ? heldOut : training).push(sale);
    }
  }
  const byDate = (a: BenchSale, b: BenchSale) => (a.saleDate < b.saleDate ? -1 : a.saleDate > b.saleDate ? 1 : a.saleId < b.saleId ? -1 : 1);
  return { now, towns, training: training.sort(byDate), heldOut: heldOut.sort(byDate) };
}
