import { placedPrecision, type LocationPrecision } from '@kainga/contracts';
import type { Geocoder, ReadStore } from '@kainga/platform';
import { locateFromSales, streetOf } from './locate-among-sales';

/** Where a home was placed, and how exactly (`PropertyLocated`'s fields). */
export type HomeLocation = { latitude: number; longitude: number; precision: LocationPrecision; accuracyKm?: number | null; geocoder: string };

/** What `researchComparables` measures distances from: the home's point, or none. */
export type DistancePoint = { latitude: number | null; longitude: number | null };

/**
 * Whether a point says where the home is closely enough to measure comparables' distances from.
 * A town-level point does not (`placedPrecision`): the embedded geocoder only knows where towns are
 * (its points within one are scattered to keep the map's markers apart), and a geocoder's
 * town-level hit is the town's middle. Distances from either are made up, yet distance weighs 35 %
 * of a comparable's match (issue 11).
 */
export const measuresDistance = (location: HomeLocation | null | undefined): location is HomeLocation => !!location && placedPrecision(location) !== 'city';

/** The point distances are measured from, or none (`measuresDistance`). */
export const distancePointOf = (location: HomeLocation | null | undefined): DistancePoint =>
  measuresDistance(location) ? { latitude: location.latitude, longitude: location.longitude } : { latitude: null, longitude: null };

/**
 * Places a home as truly as what is known allows: an address geocoder's own point; else the known
 * sales of its street or suburb (`locateFromSales`); else whatever the geocoder gives (a town-level
 * point, for the map only). The valuation's locate step and the wizard's comparables search both
 * place a home so: before, the search measured distances from the embedded geocoder's point, so
 * the comparables the person was shown were not those the valuation used, and a sale at the very
 * address read 3 km away.
 */
export async function locateHome(deps: { readStore: ReadStore; geocoder: Geocoder }, property: { address: string; suburb: string; city: string }): Promise<HomeLocation | null> {
  const geocoded = await deps.geocoder.geocode(property);
  if (geocoded?.precision === 'address') return geocoded;
  return (await locateFromSales(deps.readStore, property)) ?? geocoded;
}

const km = (x: number) => `${x.toLocaleString('en-NZ', { maximumFractionDigits: 1 })} km`;

/**
 * What the person is told about the distances shown beside the comparables: measured from the
 * middle of the street's or suburb's known sales, and how far the home may be from that point; or
 * left out, when the home could be placed no closer than its town. Nothing for an address point.
 */
export function locationNote(property: { address: string; suburb: string; city: string }, location: HomeLocation | null | undefined): string | null {
  const suburb = property.suburb.trim();
  const city = property.city.trim();
  if (!measuresDistance(location)) {
    const instead = `this home could not be placed closer than ${city}: comparables are matched on their size and rooms instead.`;
    if (!suburb) return `No distances: without a suburb ${instead} Enter the suburb to have it placed.`;
    return `No distances: none of the sales we know in ${suburb}, ${city} has a location, so ${instead} If the suburb is misspelt, correct it and search again.`;
  }
  if (location.precision === 'address') return null;
  const within = location.accuracyKm ? ` (the home may be about ${km(location.accuracyKm)} from it)` : '';
  const street = location.precision === 'street' ? streetOf(property.address) : null;
  const place = street ? `${titleCase(street)}, ${suburb || city}` : suburb || city;
  const from = location.geocoder === 'sales' ? `the known sales of ${place}` : `${place}, as the address geocoder placed it`;
  return `Distances are approximate: measured from the middle of ${from}${within}.`;
}

const titleCase = (text: string) => text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
