import { nzLocations, type Location, type PropertyType, type SaleData } from '@kainga/contracts';
import { seededRandom } from '@kainga/platform';
import { marketOf, suburbsOf, type CityMarket, type DemoSuburb, type TownKind } from './city-markets';

/**
 * Deterministic demo sales: the same seed and `now` always give the same sales, so demo data,
 * tests and the accuracy benchmark agree. Every sale says `demo: true` and
 * `source: 'demo-generator'`; the figures come from ./city-markets.ts (approximate, not official).
 *
 * How a price is made (all multiplicative, around the city's median):
 *   price = median × suburb level × [(1 − landShare) × floor / refFloor + landShare × (land / refLand)^0.35]
 *           × bedrooms × hidden condition (σ ≈ 7 %) × trend back to the sale date × noise (σ ≈ 8 %)
 * where refFloor = median / pricePerSqm is the floor area of the city's median home.
 */
export type DemoSale = Omit<SaleData, 'saleId'>;

export interface DemoSalesOptions {
  seed: number;
  /** "Today": sales fall in the 24 months up to this day (UTC dates). */
  now: Date;
  /** Sales per city, or a function of the city (e.g. more for Auckland). */
  perCity: number | ((location: Location, market: CityMarket) => number);
  /** Only these locations (ids); every location when absent. */
  locationIds?: readonly string[];
}

/** A 32-bit hash of a string (FNV-1a), to give every city its own stream of random numbers. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

interface Random {
  next(): number;
  int(min: number, max: number): number;
  normal(): number;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

function random(seed: number): Random {
  const next = seededRandom(seed);
  const r: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      let x = next() * items.reduce((s, [, w]) => s + w, 0);
      for (const [item, w] of items) if ((x -= w) < 0) return item;
      return items.at(-1)![0];
    },
  };
  return r;
}

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** The first day of the window: the same day 24 months before `now`. */
function windowStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear() - 2, now.getUTCMonth(), now.getUTCDate());
}

const bedroomMix: readonly (readonly [number, number])[] = [
  [1, 6],
  [2, 18],
  [3, 40],
  [4, 26],
  [5, 8],
  [6, 2],
];
/** Floor area of a typical home by bedrooms, m², for a city whose median home has 140 m². */
const floorByBedrooms: Record<number, number> = { 1: 60, 2: 95, 3: 140, 4: 190, 5: 240, 6: 290 };

/** Typical section (m²) and its spread by kind of town. */
const landByKind: Record<TownKind, { median: number; sigma: number; lifestyleShare: number }> = {
  metro: { median: 480, sigma: 0.4, lifestyleShare: 0 },
  city: { median: 620, sigma: 0.35, lifestyleShare: 0.02 },
  town: { median: 750, sigma: 0.35, lifestyleShare: 0.05 },
  rural: { median: 900, sigma: 0.4, lifestyleShare: 0.1 },
  resort: { median: 700, sigma: 0.4, lifestyleShare: 0.04 },
};

const streetNames = [
  'Kowhai', 'Rimu', 'Totara', 'Matai', 'Karaka', 'Puriri', 'Pohutukawa', 'Manuka', 'Kauri', 'Tui', 'Kereru', 'Ruru',
  'Miro', 'Titoki', 'Nikau', 'Harakeke', 'Kahikatea', 'Ngaio', 'Koromiko', 'Hinau', 'Tawa', 'Karamu', 'Piwakawaka', 'Korimako',
  'Victoria', 'Albert', 'Queen', 'King', 'George', 'Church', 'Station', 'Park', 'Beach', 'Hill', 'Valley', 'Bridge',
  'Cook', 'Hobson', 'Seddon', 'Ballance', 'Vogel', 'Rutherford', 'Sheppard', 'Hillary', 'Batten', 'Fraser', 'Grey', 'Domett',
];
const streetTypes: readonly (readonly [string, number])[] = [
  ['Street', 40],
  ['Road', 25],
  ['Avenue', 10],
  ['Crescent', 8],
  ['Place', 6],
  ['Terrace', 4],
  ['Drive', 5],
  ['Lane', 2],
];
const bathroomsFor = (bedrooms: number, r: Random): number =>
  clamp(
    bedrooms <= 1 ? 1 : bedrooms === 2 ? r.weighted([[1, 85], [2, 15]]) : bedrooms === 3 ? r.weighted([[1, 45], [2, 55]]) : bedrooms === 4 ? r.weighted([[2, 70], [3, 30]]) : r.weighted([[2, 30], [3, 50], [4, 20]]),
    1,
    4,
  );

/**
 * The price formula's parts are each centred on 1, but their product's median sits about 5 % above
 * (unequal floor steps between bedroom counts, the land term's curve): this brings it back.
 */
const CALIBRATION = 0.95;

/** Round to a price a person would pay: to $1,000 below $1m, to $5,000 above. */
const roundPrice = (p: number) => (p < 1_000_000 ? Math.round(p / 1000) * 1000 : Math.round(p / 5000) * 5000);

/** Of the metro homes with no land of their own in the title, the share in apartment buildings (the rest are units). */
const APARTMENT_SHARE_OF_UNTITLED = 0.45;
/** The share of two- and three-bedroom homes that are townhouses, by kind of town. */
const TOWNHOUSE_SHARE: Partial<Record<TownKind, number>> = { metro: 0.25, city: 0.12, resort: 0.08 };
/** A townhouse's typical lot (m²). */
const TOWNHOUSE_LOT_M2 = 150;

/** The sales of one city; its stream of random numbers depends only on the seed and the city. */
function citySales(location: Location, market: CityMarket, count: number, seed: number, now: Date): DemoSale[] {
  const r = random((seed ^ hash32(location.id)) >>> 0);
  // Property types draw from a stream of their own, so the rest of each sale (and the demo data
  // made before types existed) stays as it was.
  const types = random((seed ^ hash32(`${location.id}:types`)) >>> 0);
  const suburbs = suburbsOf(location);
  // Suburb levels are normalised to a geometric mean of 1, so the city's median stays the median.
  const logMean = suburbs.reduce((s, x) => s + Math.log(x.priceFactor), 0) / suburbs.length;
  const level = (s: DemoSuburb) => s.priceFactor / Math.exp(logMean);
  const refFloor = market.medianPrice / market.pricePerSqm;
  const land = landByKind[market.kind];
  const start = windowStart(now);
  const end = startOfUtcDay(now);
  const span = (end - start) / DAY;
  const seen = new Set<string>();
  const out: DemoSale[] = [];

  for (let i = 0; i < count; i++) {
    const suburb = r.pick(suburbs);
    const bedrooms = r.weighted(bedroomMix);
    const bathrooms = bathroomsFor(bedrooms, r);
    const floorArea = Math.round(floorByBedrooms[bedrooms]! * (refFloor / 140) * Math.exp(0.15 * r.normal()));
    // Big cities: some one- and two-bedroom homes have no land of their own in the title: units,
    // and apartments in the larger buildings. Cities also have townhouses on small lots.
    const isUnit = market.kind === 'metro' && bedrooms <= 2 && r.next() < 0.4;
    const isLifestyleDraw = !isUnit && r.next() < land.lifestyleShare;
    const drawnLand = isUnit ? null : isLifestyleDraw ? Math.round(r.int(4000, 20000) / 100) * 100 : Math.round(clamp(land.median * Math.exp(land.sigma * r.normal()), 150, 3000));
    const propertyType: PropertyType = isUnit
      ? types.next() < APARTMENT_SHARE_OF_UNTITLED
        ? 'apartment'
        : 'unit'
      : bedrooms >= 2 && bedrooms <= 3 && types.next() < (TOWNHOUSE_SHARE[market.kind] ?? 0)
        ? 'townhouse'
        : 'house';
    const landArea = propertyType === 'townhouse' ? Math.round(clamp(TOWNHOUSE_LOT_M2 * Math.exp(0.3 * types.normal()), 80, 300)) : drawnLand;
    const landForPrice = landArea ?? land.median * 0.25;

    // Denser recently: the age in days is span × u^1.6.
    const ageDays = Math.floor(span * Math.pow(r.next(), 1.6));
    const saleTime = end - ageDays * DAY;
    const ageYears = ageDays / 365.25;

    const condition = clamp(1 + 0.07 * r.normal(), 0.8, 1.2);
    const noise = Math.exp(0.08 * r.normal());
    const size = (1 - market.landShare) * (floorArea / refFloor) + market.landShare * Math.pow(landForPrice / land.median, 0.35);
    const bedroomFactor = 1 + 0.02 * (bedrooms - 3);
    const trend = Math.pow(1 + market.yearlyTrend, -ageYears);
    const price = roundPrice(Math.max(50_000, CALIBRATION * market.medianPrice * level(suburb) * size * bedroomFactor * condition * trend * noise));

    const hasRv = r.next() >= 0.08;
    const rateableValue = hasRv ? Math.round((price / market.saleToRv) * Math.exp(0.06 * r.normal()) / 5000) * 5000 : null;

    // Within about a kilometre of the suburb's centre.
    const distanceKm = 1.1 * Math.sqrt(r.next());
    const bearing = 2 * Math.PI * r.next();
    const latitude = +(suburb.latitude + (distanceKm * Math.cos(bearing)) / 111.32).toFixed(6);
    const longitude = +(suburb.longitude + (distanceKm * Math.sin(bearing)) / (111.32 * Math.cos((suburb.latitude * Math.PI) / 180))).toFixed(6);

    let address: string;
    do {
      const street = `${r.pick(streetNames)} ${r.weighted(streetTypes)}`;
      const number = r.int(1, 220);
      address = isUnit ? `${r.int(1, 12)}/${number} ${street}` : `${number} ${street}`;
    } while (seen.has(address));
    seen.add(address);

    out.push({
      address,
      suburb: suburb.name,
      city: location.cityName,
      saleDate: isoDay(saleTime),
      price,
      bedrooms,
      bathrooms,
      floorArea,
      landArea,
      propertyType,
      rateableValue,
      latitude,
      longitude,
      demo: true,
      source: 'demo-generator',
    });
  }
  return out.sort((a, b) => a.saleDate.localeCompare(b.saleDate) || a.address.localeCompare(b.address));
}

/** Demo sales for every location (or those asked for), in the order of `nzLocations`, each city by date. */
export function generateDemoSales(options: DemoSalesOptions): DemoSale[] {
  const wanted = options.locationIds ? new Set(options.locationIds) : null;
  return nzLocations
    .filter((l) => !wanted || wanted.has(l.id))
    .flatMap((location) => {
      const market = marketOf(location);
      const count = typeof options.perCity === 'function' ? options.perCity(location, market) : options.perCity;
      return citySales(location, market, Math.max(0, Math.round(count)), options.seed, options.now);
    });
}

/**
 * Splits sales into a training part and a held-out part for an accuracy benchmark: in every city
 * `fraction` of its sales (rounded, at least one when the city has two or more) are held out,
 * chosen by the seed. Both parts keep the input order. Deterministic for the same input and seed.
 */
export function splitHeldOut<T extends { city: string }>(sales: readonly T[], fraction: number, seed: number): { training: T[]; heldOut: T[] } {
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError(`fraction must be between 0 and 1, got ${fraction}`);
  const byCity = new Map<string, number[]>();
  sales.forEach((s, i) => byCity.set(s.city, [...(byCity.get(s.city) ?? []), i]));
  const held = new Set<number>();
  for (const [city, indexes] of byCity) {
    const next = seededRandom((seed ^ hash32(city)) >>> 0);
    const shuffled = [...indexes];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    let take = Math.round(indexes.length * fraction);
    if (take === 0 && fraction > 0 && indexes.length >= 2) take = 1;
    if (take === indexes.length && fraction < 1) take = indexes.length - 1;
    for (const i of shuffled.slice(0, take)) held.add(i);
  }
  return { training: sales.filter((_, i) => !held.has(i)), heldOut: sales.filter((_, i) => held.has(i)) };
}

/**
 * A demo market with a held-out part, in one call: the sales of `generateDemoSales`, split by
 * `splitHeldOut` (same seed), for benchmarks that value the held-out homes from the rest.
 */
export function generateHeldOutMarket(options: DemoSalesOptions & { heldOutFraction: number }): { training: DemoSale[]; heldOut: DemoSale[] } {
  return splitHeldOut(generateDemoSales(options), options.heldOutFraction, options.seed);
}
