/**
 * The property directory's reads of the `properties` read model (consumer spec §2 "Property
 * Directory"): a page of properties matching a search and a city, how many match, how many there
 * are, and the distinct cities. Each read walks one of the read model's declared indexes
 * (propertiesProjector.indexes) in the order the page is shown, so no read sorts documents:
 *
 * - no search: newest first, from `{createdAt, _id}` or, for one city, `{city, createdAt, _id}`;
 * - a search: the spec's case-insensitive substring of address, suburb or city (accents ignored
 *   too: "onsonby" finds Ponsonby, "road" every Road), the same test whatever the city filter
 *   (issue 49), so a city's answer is exactly its share of the all-cities answer. The normalised
 *   text (`search.text`) of each property is tested along the same index as with no search, newest
 *   first, so a page stops at its last match; the count tests every property of the city (or of
 *   the country): measured on the embedded store, 22–31 ms for 20,000 properties across all
 *   cities and 6 ms for one city's 3,300, the first time a search is asked: each answer is then
 *   kept per version of the read model (command-api/src/public/property-directory.ts). A prefix index
 *   cannot answer a substring, and a substring index (every suffix of every property) would cost
 *   about forty index entries a property.
 * Pages are offset and limit: a page deep in a long result walks the entries before it.
 *
 * None of them lists a property its owner hid (issue 11): each filter asks for `hidden: false`,
 * a point of the `{hidden, city, createdAt, _id}` index (one city's, and the list of cities) or a
 * test on each entry of the range walked (the others), so hidden properties cost only themselves.
 * The total, all the properties less the hidden ones, counts only the hidden.
 */
import type { Filter, ReadStore, Sort } from '@kainga/platform';
import { literalPattern } from './directory-keys';
import { searchKey } from './search-key';
import { countPublicProperties, PROPERTIES, PUBLIC_ONLY, type PropertyDoc } from './properties';

/** The fields of a property the directory shows. */
export type DirectoryRow = Pick<PropertyDoc, '_id' | 'address' | 'suburb' | 'city' | 'bedrooms' | 'bathrooms' | 'floorArea' | 'demo'> & {
  latestValuation?: { band?: { low: number; high: number } } | null;
};

export interface DirectoryRequest {
  /** What the person typed (normalised here); blank means no search. */
  search?: string;
  /** One city, by its exact name. */
  city?: string;
  offset: number;
  limit: number;
}

export interface DirectoryResult {
  rows: DirectoryRow[];
  /** How many properties match the search and city. */
  matching: number;
  /** How many properties the directory holds (those their owners hid left out). */
  total: number;
}

/** One index range of a result: its filter and the index order it is read in; `everything`: every public property. */
interface Part {
  filter: Filter;
  sort: Sort;
  everything?: true;
}

const NEWEST: Sort = { createdAt: -1, _id: 1 };
const PROJECTION = { address: 1, suburb: 1, city: 1, bedrooms: 1, bathrooms: 1, floorArea: 1, demo: 1, 'latestValuation.band': 1 } as const;

/**
 * The index ranges that together hold a directory query's matches, in the order they are listed:
 * one range, with or without a city, since the search means the same in both.
 */
export function directoryParts(request: Pick<DirectoryRequest, 'search' | 'city'>): Part[] {
  const search = searchKey(request.search ?? '');
  const where: Filter = request.city === undefined ? { ...PUBLIC_ONLY } : { ...PUBLIC_ONLY, city: request.city };
  // Both sides are lower case and accent-free (searchKey), and the typed text is escaped: a
  // plain substring test that MongoDB and the embedded store answer alike.
  if (search) return [{ filter: { ...where, 'search.text': { $regex: literalPattern(search) } }, sort: NEWEST }];
  return [request.city === undefined ? { filter: where, sort: NEWEST, everything: true } : { filter: where, sort: NEWEST }];
}

/** A page of the directory, how many match and how many there are. */
export async function directoryPage(store: ReadStore, request: DirectoryRequest): Promise<DirectoryResult> {
  const properties = store.collection<PropertyDoc>(PROPERTIES);
  const total = await countPublicProperties(store);
  const parts = directoryParts(request);
  const rows: DirectoryRow[] = [];
  let matching = 0;
  let skip = request.offset;
  for (const part of parts) {
    const count = part.everything ? total : await properties.count(part.filter);
    matching += count;
    const room = request.limit - rows.length;
    if (room > 0 && skip < count) {
      rows.push(...((await properties.find(part.filter, { sort: part.sort, skip, limit: room, projection: PROJECTION })) as DirectoryRow[]));
    }
    skip = Math.max(0, skip - count);
  }
  return { rows, matching, total };
}

/**
 * The distinct cities of the public properties, sorted (en-NZ collation, so Whangārei sorts among
 * the W's), blank ones left out: one index seek per city along `{hidden, city, createdAt, _id}`
 * (each asks for the first city after the last one found), so it costs the number of cities, not
 * properties.
 */
export async function directoryCities(store: ReadStore): Promise<string[]> {
  const properties = store.collection<PropertyDoc>(PROPERTIES);
  const cities: string[] = [];
  let last: string | null = null;
  for (;;) {
    const filter: Filter = { ...PUBLIC_ONLY, city: last === null ? { $gte: '' } : { $gt: last } };
    const [next] = await properties.find(filter, { sort: { city: 1 }, limit: 1, projection: { city: 1 } });
    if (!next) break;
    last = next.city;
    if (last.trim()) cities.push(last);
  }
  return cities.sort((a, b) => a.localeCompare(b, 'en-NZ'));
}
