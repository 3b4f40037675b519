import type { PropertyDetails, ResearchComparablesResponse } from '@kainga/contracts';
import type { Geocoder, ReadStore } from '@kainga/platform';
import { salesInCity } from '@kainga/projections';
import { findComparables } from './model';

/** The property to find comparables for; its position is looked up when not given. */
export type ResearchSubject = PropertyDetails & { latitude?: number | null; longitude?: number | null };

/** The widest window the search may grow to (months); the model starts at 3. */
export const MAX_WINDOW_MONTHS = 24;

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

/**
 * Comparable sales for a property: its position (given, or from the geocoder), the city's
 * sales of the last 24 months from the `sales` read model, ranked by the model's match.
 */
export async function researchComparables(deps: { readStore: ReadStore; geocoder: Geocoder }, subject: ResearchSubject, now = new Date()): Promise<ResearchComparablesResponse> {
  let { latitude = null, longitude = null } = subject;
  if (latitude === null || longitude === null) {
    const point = await deps.geocoder.geocode(subject);
    latitude = point?.latitude ?? null;
    longitude = point?.longitude ?? null;
  }
  const sales = await salesInCity(deps.readStore, subject.city, monthsBefore(now, MAX_WINDOW_MONTHS));
  return findComparables({ ...subject, latitude, longitude }, sales, now);
}
