import { normalizePlaceName, propertyTypeOf, type Comparable, type PropertyDetails, type PropertyType, type ResearchComparablesResponse, type SaleData } from '@kainga/contracts';
import { oncePerFrozen } from '@kainga/platform';
import { formatIsoDate, monthsBefore, nzDateOf, parseIsoDate, type CalendarDate } from './calendar';
import { haversineKm } from './distance';

/** The property being valued, as the comparables search sees it (coordinates from the geocoder). */
export type ValuationSubject = PropertyDetails & { latitude: number | null; longitude: number | null };

export type ComparablesResult = ResearchComparablesResponse;

/** At most this many comparables (consumer spec §9: "up to 5 sold properties"). */
export const MAX_COMPARABLES = 5;
/** Fewer than this in a window widens the search to the next window. */
export const MIN_COMPARABLES = 3;
/** The search windows in months, tried in order (spec: "within the last 3 months"). */
export const SEARCH_WINDOWS_MONTHS = [3, 6, 12, 24] as const;
/** A sale that matches less than this is not a comparable at all. */
export const MIN_MATCH_PERCENTAGE = 20;

/** Weights of the match percentage (they add up to 100). */
export const MATCH_WEIGHTS = { distance: 35, floorArea: 25, landArea: 15, bedrooms: 15, bathrooms: 10 } as const;
/** Distance at which the distance similarity reaches 0. */
export const DISTANCE_ZERO_KM = 10;
/** Share of the match percentage that is "same suburb" (the attributes have the other 90 %). */
export const SAME_SUBURB_SHARE = 0.1;
/**
 * A sale of another kind of home is a weaker comparable however alike the sizes: an apartment's
 * square metre is not a house's, and a townhouse shares walls and land. The match is multiplied by
 * this factor: 1 for the same type, 0.6 for a neighbouring kind (house–townhouse, townhouse–unit,
 * unit–apartment), 0.3 for the rest. So a same-type sale ranks above another type's unless it
 * matches far worse, and sales of a type further off fall below the 20 % floor sooner.
 */
export const PROPERTY_TYPE_FACTOR = { same: 1, neighbouring: 0.6, other: 0.3 } as const;
const typeOrder: Record<PropertyType, number> = { house: 0, townhouse: 1, unit: 2, apartment: 3 };
export const propertyTypeFactor = (a: PropertyType, b: PropertyType): number => {
  const steps = Math.abs(typeOrder[a] - typeOrder[b]);
  return steps === 0 ? PROPERTY_TYPE_FACTOR.same : steps === 1 ? PROPERTY_TYPE_FACTOR.neighbouring : PROPERTY_TYPE_FACTOR.other;
};

/** Similarity used when no attribute can be compared at all (neither close nor far). */
export const NEUTRAL_SIMILARITY = 0.5;

/**
 * Place names normalised so far. A valuation compares its suburb and city with every sale of the
 * town's window (three normalisations a sale, ~1,500 sales a big town at bench:scale's 100×), and
 * the names repeat: remembering them took findComparables on 1,500 sales from ~3.5 to ~2.1 ms.
 * Bounded, since the names come from imported data.
 */
const normalised = new Map<string, string>();
const MAX_NORMALISED = 50_000;

/**
 * Matching text (`normalizePlaceName`, remembered per text), so
 * "Taupō" and "taupo " are the same city.
 */
export const normalisePlace = (text: string): string => {
  let place = normalised.get(text);
  if (place === undefined) {
    place = normalizePlaceName(text);
    if (normalised.size >= MAX_NORMALISED) normalised.clear();
    normalised.set(text, place);
  }
  return place;
};

const positive = (v: number | null): v is number => v !== null && Number.isFinite(v) && v > 0;
const known = (v: number | null): v is number => v !== null && Number.isFinite(v) && v >= 0;
export const hasCoordinates = (p: { latitude: number | null; longitude: number | null }): p is { latitude: number; longitude: number } =>
  p.latitude !== null && p.longitude !== null && Number.isFinite(p.latitude) && Number.isFinite(p.longitude);

/** 1 − |a − b| / max(a, b): 1 when equal, 0.5 when one is half the other; 1 when both are 0. */
const ratioSimilarity = (a: number, b: number) => {
  const max = Math.max(a, b);
  return max === 0 ? 1 : 1 - Math.abs(a - b) / max;
};

export type MatchBreakdown = {
  matchPercentage: number;
  /** Kilometres (unrounded), null when either side has no coordinates. */
  distanceKm: number | null;
  /** Each compared factor's similarity 0–1; absent factors could not be compared. */
  similarities: Partial<Record<keyof typeof MATCH_WEIGHTS, number>>;
  sameSuburb: boolean;
  /** `propertyTypeFactor` of the two types (absent type: a house). */
  typeFactor: number;
};

/**
 * How well a sale matches the subject, 0–100 (integer).
 *
 * Each factor gives a similarity s in [0, 1]:
 *   - distance (weight 35): s = max(0, 1 − d / 10 km), d the haversine distance; only when both
 *     have coordinates;
 *   - floor area (weight 25): s = 1 − |Δ| / max(subject, sale); only when both are > 0;
 *   - land area (weight 15): s = 1 − |Δ| / max(subject, sale) (1 when both are 0, e.g. two
 *     apartments); only when both are known;
 *   - bedrooms (weight 15): s = max(0, 1 − |Δ| / 3);
 *   - bathrooms (weight 10): s = max(0, 1 − |Δ| / 2).
 * A factor missing on either side drops out and the others are renormalised:
 *   similarity = Σ wᵢ·sᵢ / Σ wᵢ over the compared factors (0.5 when none can be compared).
 * Then matchPercentage = round(100 × (0.9 × similarity + 0.1 × sameSuburb) × type), sameSuburb
 * being 1 when both suburbs are given and equal (see `normalisePlace`), else 0, and type the
 * `propertyTypeFactor` of the two property types (a type not given is a house). So an identical
 * house in the same suburb scores 100, the same house in the next suburb 90, a townhouse of the
 * same size next door 60: the same suburb is preferred without outranking a clearly better match
 * elsewhere, and the same kind of home comes first.
 */
export const matchSale = (subject: ValuationSubject, sale: SaleData): MatchBreakdown => {
  const similarities: MatchBreakdown['similarities'] = {};
  const similarity = similarityOf(subject, sale, similarities);
  const distanceKm = hasCoordinates(subject) && hasCoordinates(sale) ? haversineKm(subject, sale) : null;
  const subjectSuburb = normalisePlace(subject.suburb);
  const sameSuburb = subjectSuburb !== '' && subjectSuburb === normalisePlace(sale.suburb);
  const typeFactor = propertyTypeFactor(propertyTypeOf(subject), propertyTypeOf(sale));
  return { matchPercentage: matchPercentageOf(similarity, sameSuburb, typeFactor), distanceKm, similarities, sameSuburb, typeFactor };
};

/** `matchSale`'s match percentage from its parts. */
export const matchPercentageOf = (similarity: number, sameSuburb: boolean, typeFactor: number) =>
  Math.round(100 * ((1 - SAME_SUBURB_SHARE) * similarity + (sameSuburb ? SAME_SUBURB_SHARE : 0)) * typeFactor);

/**
 * `matchSale`'s similarity: Σ wᵢ·sᵢ / Σ wᵢ over the factors both sides have, each sᵢ also written
 * to `into` when given. Written out factor by factor, without a breakdown object, because
 * `findComparables` rates every sale of the town for each valuation.
 */
export const similarityOf = (subject: ValuationSubject, sale: SaleData, into?: MatchBreakdown['similarities']): number => {
  let weighted = 0;
  let weights = 0;
  if (hasCoordinates(subject) && hasCoordinates(sale)) {
    const s = Math.max(0, 1 - haversineKm(subject, sale) / DISTANCE_ZERO_KM);
    weighted += MATCH_WEIGHTS.distance * s;
    weights += MATCH_WEIGHTS.distance;
    if (into) into.distance = s;
  }
  if (positive(subject.floorArea) && positive(sale.floorArea)) {
    const s = ratioSimilarity(subject.floorArea, sale.floorArea);
    weighted += MATCH_WEIGHTS.floorArea * s;
    weights += MATCH_WEIGHTS.floorArea;
    if (into) into.floorArea = s;
  }
  if (known(subject.landArea) && known(sale.landArea)) {
    const s = ratioSimilarity(subject.landArea, sale.landArea);
    weighted += MATCH_WEIGHTS.landArea * s;
    weights += MATCH_WEIGHTS.landArea;
    if (into) into.landArea = s;
  }
  if (known(subject.bedrooms) && known(sale.bedrooms)) {
    const s = Math.max(0, 1 - Math.abs(subject.bedrooms - sale.bedrooms) / 3);
    weighted += MATCH_WEIGHTS.bedrooms * s;
    weights += MATCH_WEIGHTS.bedrooms;
    if (into) into.bedrooms = s;
  }
  if (known(subject.bathrooms) && known(sale.bathrooms)) {
    const s = Math.max(0, 1 - Math.abs(subject.bathrooms - sale.bathrooms) / 2);
    weighted += MATCH_WEIGHTS.bathrooms * s;
    weights += MATCH_WEIGHTS.bathrooms;
    if (into) into.bathrooms = s;
  }
  return weights > 0 ? weighted / weights : NEUTRAL_SIMILARITY;
};

/**
 * A sale as `findComparables` reads it: its city and suburb normalised, its sale date checked
 * (null: not a real date) and its kind of home, worked out once (`prepareSales`) however many
 * homes are compared with it.
 */
export type PreparedSale = { sale: SaleData; city: string; suburb: string; saleDay: string | null; type: PropertyType };

/**
 * A sale prepared once per frozen sale (`oncePerFrozen`): the embedded read store hands out the
 * same frozen documents until a sale changes, so a town's sales are prepared once rather than for
 * every valuation (preparing was about half of a search: ~1.5 of ~2.5 ms over ~800 sales). An
 * entry (~100 bytes) lives as long as its sale.
 */
const prepareSale = oncePerFrozen((sale: SaleData): PreparedSale => {
  const date = parseIsoDate(sale.saleDate);
  return { sale, city: normalisePlace(sale.city), suburb: normalisePlace(sale.suburb), saleDay: date ? formatIsoDate(date) : null, type: propertyTypeOf(sale) };
});

/** `PreparedSale`s of `sales`, in order: a city's calibration compares each of its recent sales with the same ones. */
export const prepareSales = (sales: readonly SaleData[]): PreparedSale[] => sales.map(prepareSale);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Up to 5 comparable sales for the subject (consumer spec §1 and §9: "up to 5 sold comparables
 * from the last 3 months").
 *
 * Rules, in order:
 *   1. Candidates are sales in the same city (see `normalisePlace`) with a positive price and a
 *      real `yyyy-mm-dd` sale date that is not after today's New Zealand date at `now` (a sale
 *      dated in the future of `now` is never used).
 *   2. Each candidate gets a match percentage (`matchSale`); below 20 % it is dropped. The
 *      same-suburb share of the match is how same-suburb sales are preferred.
 *   3. The window starts at the last 3 calendar months (sale date ≥ today − 3 months, inclusive).
 *      While it holds fewer than 3 comparables it widens to 6, then 12, then 24 months; at
 *      24 months whatever was found is used (possibly none).
 *   4. The window's comparables are ranked by match percentage (highest first), ties by sale date
 *      (newest first) then sale id, and the first 5 are kept. Ranking ignores age inside the
 *      window: the market adjustment of the estimate accounts for when each sale happened.
 *   5. Distance is rounded to 0.1 km (null without coordinates on both sides).
 *
 * `note` says when the window was widened (e.g. "Only 2 comparable sales in the last 3 months;
 * widened the search to 12 months."), when nothing was found, and when any comparable is generated
 * demo data rather than a real sale. It is null when there is nothing to say.
 */
export const findComparables = (subject: ValuationSubject, sales: readonly SaleData[], now: Date): ComparablesResult => findComparablesAmong(subject, prepareSales(sales), now);

/** A candidate of `findComparablesAmong`: made a `Comparable` only if it is among the first five. */
export type Candidate = { p: PreparedSale; saleDay: string; match: number };

/** Rule 4's order: match percentage (highest first), then sale date (newest first), then sale id. */
export const candidateRank = (a: Candidate, b: Candidate) =>
  b.match - a.match || (a.saleDay < b.saleDay ? 1 : a.saleDay > b.saleDay ? -1 : 0) || (a.p.sale.saleId < b.p.sale.saleId ? -1 : a.p.sale.saleId > b.p.sale.saleId ? 1 : 0);

/** What a search for one subject at one moment compares each sale with: rule 1's today, rule 3's first window, the subject's place and type. */
export type Search = { todayDate: CalendarDate; today: string; firstFrom: string; city: string; suburb: string; type: PropertyType };

export function searchOf(subject: ValuationSubject, now: Date): Search {
  const todayDate = nzDateOf(now);
  return {
    todayDate,
    today: formatIsoDate(todayDate),
    firstFrom: formatIsoDate(monthsBefore(todayDate, SEARCH_WINDOWS_MONTHS[0])),
    city: normalisePlace(subject.city),
    suburb: normalisePlace(subject.suburb),
    type: propertyTypeOf(subject),
  };
}

/** Rule 1 but the city: a positive price and a real sale date not after today. */
export const isDatedSale = (p: PreparedSale, search: Search): p is PreparedSale & { saleDay: string } => positive(p.sale.price) && p.saleDay !== null && p.saleDay <= search.today;

/** The same suburb, for the match's share of it: both given and equal. */
export const inSameSuburb = (search: Search, suburb: string) => search.suburb !== '' && search.suburb === suburb;

/**
 * `findComparables` over sales prepared once (`prepareSales`). A sale is rated without building its
 * breakdown, and only the five kept become `Comparable`s: on `npm run bench:valuation`'s towns
 * (~800 sales) a search cost 3.6–5.5 ms of CPU, most of it objects made for every sale and thrown
 * away; now ~2.5 ms, ~1 ms with the sales already prepared (a city's calibration: its figures
 * took ~300 ms, now ~150).
 */
export const findComparablesAmong = (subject: ValuationSubject, sales: readonly PreparedSale[], now: Date): ComparablesResult => {
  const search = searchOf(subject, now);
  const { todayDate, firstFrom } = search;

  // Sales are rated only as far back as the search goes: the first window's first, and older ones
  // only when it holds fewer than MIN_COMPARABLES (a town's calibration searches for 60 of its
  // sales, and rating all two years of a 2,200-sale town for each was most of its figures' time).
  const candidates: Candidate[] = [];
  const rate = (recent: boolean) => {
    for (const p of sales) {
      if (p.city !== search.city || !isDatedSale(p, search) || (p.saleDay >= firstFrom) !== recent) continue;
      const match = matchPercentageOf(similarityOf(subject, p.sale), inSameSuburb(search, p.suburb), propertyTypeFactor(search.type, p.type));
      if (match >= MIN_MATCH_PERCENTAGE) candidates.push({ p, saleDay: p.saleDay, match });
    }
  };
  rate(true);
  // The recent pass rated exactly the first window's sales, so its candidates are that window's.
  const firstCount = candidates.length;
  if (firstCount < MIN_COMPARABLES) rate(false);

  const firstWindow = SEARCH_WINDOWS_MONTHS[0];
  const inWindow = (months: number) => {
    if (months === firstWindow) return firstCount === candidates.length ? candidates : candidates.slice(0, firstCount);
    const from = formatIsoDate(monthsBefore(todayDate, months));
    return candidates.filter((c) => c.saleDay >= from);
  };
  let windowMonths: number = firstWindow;
  let found: Candidate[] = [];
  for (const months of SEARCH_WINDOWS_MONTHS) {
    windowMonths = months;
    found = inWindow(months);
    if (found.length >= MIN_COMPARABLES) break;
  }
  return comparablesResult(subject, firstInRank(found, MAX_COMPARABLES), windowMonths, firstCount);
};

/**
 * The answer of a search: the kept candidates as `Comparable`s and `findComparables`'s note, from
 * the window it settled on and how many comparables the first window held.
 */
export function comparablesResult(subject: ValuationSubject, kept: readonly Candidate[], windowMonths: number, firstCount: number): ComparablesResult {
  const comparables = kept.map(comparableOf(subject));
  const firstWindow = SEARCH_WINDOWS_MONTHS[0];
  const notes: string[] = [];
  if (windowMonths !== firstWindow) {
    const before = firstCount === 0 ? 'No comparable sales' : `Only ${plural(firstCount, 'comparable sale', 'comparable sales')}`;
    if (comparables.length === 0) notes.push(`No comparable sales in ${subject.city.trim()} in the last ${windowMonths} months.`);
    else if (comparables.length < MIN_COMPARABLES)
      notes.push(`${before} in the last ${firstWindow} months; widened the search to ${windowMonths} months and found ${comparables.length}.`);
    else notes.push(`${before} in the last ${firstWindow} months; widened the search to ${windowMonths} months.`);
  }
  const demoCount = comparables.filter((c) => c.demo).length;
  if (demoCount === comparables.length && demoCount > 0) notes.push('These comparables are generated demo data, not real sales.');
  else if (demoCount > 0) notes.push(`${demoCount} of these comparables ${demoCount === 1 ? 'is' : 'are'} generated demo data, not real sales.`);

  return { comparables, windowMonths, note: notes.length > 0 ? notes.join(' ') : null };
}

/**
 * The first `k` candidates in rule 4's order, as `candidates.sort(candidateRank).slice(0, k)`
 * gives them (equal ones in their given order, as the stable sort keeps them), without sorting
 * the rest: a big town's window holds over a thousand candidates (bench:scale's 100×), and
 * sorting them all (and picking the first window out twice) was near half of a search: 0.37 → 0.20 ms
 * of CPU on 1,297 sales, with the same answers.
 */
export function firstInRank(candidates: readonly Candidate[], k: number): Candidate[] {
  const leaders = new Leaders(k);
  for (const c of candidates) leaders.offer(c);
  return leaders.kept;
}

/**
 * The first `k` of the candidates offered so far, in rule 4's order (equal ones in the order
 * offered). `admits(match)` says whether a candidate of that match could still get in, so a caller
 * can skip making one that could not.
 */
export class Leaders {
  readonly kept: Candidate[] = [];
  constructor(private readonly k: number) {}

  /** False once `k` are kept and the last of them matches better than `match`. */
  admits(match: number): boolean {
    return this.k > 0 && (this.kept.length < this.k || match >= this.kept[this.k - 1]!.match);
  }

  offer(c: Candidate): void {
    const { kept, k } = this;
    if (k <= 0 || (kept.length === k && candidateRank(c, kept[k - 1]!) >= 0)) return;
    // After every kept one that ranks before it or equal to it.
    let i = kept.length;
    while (i > 0 && candidateRank(c, kept[i - 1]!) < 0) i--;
    kept.splice(i, 0, c);
    if (kept.length > k) kept.pop();
  }
}

/** A kept candidate as the API shows it: its sale's facts, match and distance (0.1 km; null without coordinates on both sides). */
const comparableOf =
  (subject: ValuationSubject) =>
  ({ p: { sale }, saleDay, match }: Candidate): Comparable => ({
    saleId: sale.saleId,
    address: sale.address,
    suburb: sale.suburb,
    city: sale.city,
    saleDate: saleDay,
    price: sale.price,
    matchPercentage: match,
    bedrooms: sale.bedrooms,
    bathrooms: sale.bathrooms,
    floorArea: sale.floorArea,
    landArea: sale.landArea,
    ...(sale.propertyType ? { propertyType: sale.propertyType } : {}),
    rateableValue: sale.rateableValue,
    distance: hasCoordinates(subject) && hasCoordinates(sale) ? Math.round(haversineKm(subject, sale) * 10) / 10 : null,
    demo: sale.demo,
  });
