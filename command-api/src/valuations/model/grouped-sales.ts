import type { PropertyType } from '@kainga/contracts';
import {
  comparablesResult,
  DISTANCE_ZERO_KM,
  hasCoordinates,
  inSameSuburb,
  isDatedSale,
  Leaders,
  MATCH_WEIGHTS,
  matchPercentageOf,
  MAX_COMPARABLES,
  MIN_COMPARABLES,
  MIN_MATCH_PERCENTAGE,
  propertyTypeFactor,
  searchOf,
  SEARCH_WINDOWS_MONTHS,
  similarityOf,
  type ComparablesResult,
  type Search,
  type PreparedSale,
  type ValuationSubject,
} from './comparables';
import { haversineKm } from './distance';

/** The box a group's sales lie in (degrees), or null when one of them has no coordinates. */
type Box = { south: number; north: number; west: number; east: number } | null;

/** Sales of one suburb of one town, of one kind of home. */
export type SalesGroup = { city: string; suburb: string; type: PropertyType; box: Box; sales: PreparedSale[] };

/** A town's sales grouped by suburb and kind of home (`groupSales`), for `findComparablesInGroups`. */
export type GroupedSales = { readonly groups: readonly SalesGroup[] };

/** Sales grouped by (city, suburb, kind of home), each group with the box its sales lie in. */
export function groupSales(sales: readonly PreparedSale[]): GroupedSales {
  const groups = new Map<string, SalesGroup>();
  for (const p of sales) {
    const key = `${p.city}\u0000${p.suburb}\u0000${p.type}`;
    let group = groups.get(key);
    if (!group) {
      const box = hasCoordinates(p.sale) ? { south: p.sale.latitude, north: p.sale.latitude, west: p.sale.longitude, east: p.sale.longitude } : null;
      groups.set(key, (group = { city: p.city, suburb: p.suburb, type: p.type, box, sales: [] }));
    } else if (group.box) {
      const { sale } = p;
      if (!hasCoordinates(sale)) group.box = null;
      else {
        group.box.south = Math.min(group.box.south, sale.latitude);
        group.box.north = Math.max(group.box.north, sale.latitude);
        group.box.west = Math.min(group.box.west, sale.longitude);
        group.box.east = Math.max(group.box.east, sale.longitude);
      }
    }
    group.sales.push(p);
  }
  return { groups: [...groups.values()] };
}

/**
 * The nearest a point of the box can be, in km, or 0 when that cannot be bounded this simply.
 * The distance to the box's nearest corner or edge point (coordinates clamped into the box) is the
 * least on a flat map; on the sphere a point of an east or west edge a little towards the pole
 * can be nearer, by far less than 1 % over a town (its test checks boxes up to a degree), so 1 % is
 * taken off. A box wider than a degree or a degree away in longitude is not a suburb's: no bound.
 */
export function nearestKmOf(point: { latitude: number; longitude: number }, box: NonNullable<Box>): number {
  if (box.east - box.west > 1 || box.north - box.south > 1) return 0;
  const longitude = Math.min(box.east, Math.max(box.west, point.longitude));
  if (Math.abs(longitude - point.longitude) > 1) return 0;
  const latitude = Math.min(box.north, Math.max(box.south, point.latitude));
  return 0.99 * haversineKm(point, { latitude, longitude });
}

/** No weight of the match is distance's but distance's own: what the others add at most. */
const OTHER_WEIGHTS = MATCH_WEIGHTS.floorArea + MATCH_WEIGHTS.landArea + MATCH_WEIGHTS.bedrooms + MATCH_WEIGHTS.bathrooms;

/**
 * The most any sale of the group can match the subject. Its similarity is Σ wᵢ·sᵢ / Σ wᵢ over the
 * factors compared; with the distance's s at most `sMax` and every other s at most 1 it is at most
 * (35·sMax + W) / (35 + W) for the others' weights W present, which grows with W: so at most
 * (35·sMax + 65) / 100. Without a distance bound, 1. The same suburb and the type factor are the
 * group's own. The tiny margin keeps the bound above a rated match that floating point rounds up.
 */
function matchBoundOf(subject: ValuationSubject, group: SalesGroup, search: Search): number {
  let similarity = 1;
  if (group.box && hasCoordinates(subject)) {
    const sMax = Math.max(0, 1 - nearestKmOf(subject, group.box) / DISTANCE_ZERO_KM);
    similarity = Math.min(1, (MATCH_WEIGHTS.distance * sMax + OTHER_WEIGHTS) / (MATCH_WEIGHTS.distance + OTHER_WEIGHTS) + 1e-9);
  }
  return matchPercentageOf(similarity, inSameSuburb(search, group.suburb), propertyTypeFactor(search.type, group.type));
}

/**
 * `findComparables` for a subject whose first window (the last 3 months) holds enough comparables,
 * over grouped sales that include all of that window's; null when it holds fewer than
 * MIN_COMPARABLES (the search must widen, over older sales). The same answer as rating every sale
 * (rules 1–5), without rating them all: groups are taken from the best match they could give, and
 * once five comparables are kept, a group that cannot match as well as the fifth is not rated.
 * Five kept is more than MIN_COMPARABLES, so the window cannot widen after a group is skipped.
 * A town's recent read at bench:scale's 100× holds ~700–800 sales; rating every one was ~0.3 ms
 * of a warm valuation's ~5 ms, and grew with the data.
 */
export function findComparablesInGroups(subject: ValuationSubject, grouped: GroupedSales, now: Date): ComparablesResult | null {
  const search = searchOf(subject, now);
  const ranked = grouped.groups
    .filter((g) => g.city === search.city)
    .map((group) => ({ group, bound: matchBoundOf(subject, group, search) }))
    .filter((g) => g.bound >= MIN_MATCH_PERCENTAGE)
    .sort((a, b) => b.bound - a.bound);
  const leaders = new Leaders(MAX_COMPARABLES);
  let firstCount = 0;
  for (const { group, bound } of ranked) {
    if (!leaders.admits(bound)) break;
    const sameSuburb = inSameSuburb(search, group.suburb);
    const typeFactor = propertyTypeFactor(search.type, group.type);
    for (const p of group.sales) {
      if (!isDatedSale(p, search) || p.saleDay < search.firstFrom) continue;
      const match = matchPercentageOf(similarityOf(subject, p.sale), sameSuburb, typeFactor);
      if (match < MIN_MATCH_PERCENTAGE) continue;
      firstCount++;
      if (leaders.admits(match)) leaders.offer({ p, saleDay: p.saleDay, match });
    }
  }
  if (firstCount < MIN_COMPARABLES) return null;
  return comparablesResult(subject, leaders.kept, SEARCH_WINDOWS_MONTHS[0], firstCount);
}
