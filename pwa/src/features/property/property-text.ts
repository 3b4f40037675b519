/**
 * Small, pure readings shared by the map, the property page and the directory (consumer spec §2):
 * how a location line, a value range and a property's facts are written.
 */
import type { PropertyMapDetails } from '@kainga/contracts';
import { formatArea, formatKm, formatNumber, formatNZD } from '../../format/format';

/** 'suburb, city' when there is a suburb, else the city alone ('' when neither). */
export function locationLine(suburb: string | null | undefined, city: string | null | undefined): string {
  const s = suburb?.trim() ?? '';
  const c = city?.trim() ?? '';
  if (s && c) return `${s}, ${c}`;
  return s || c;
}

/** How a property was placed on the map. */
export type Placement = NonNullable<PropertyMapDetails['placement']>;

/**
 * What the owner's map panel says of how near the marker is to the home (issue 11): nothing for an
 * address geocoder's point; the street's or suburb's known sales it stands among and how far off it
 * may be; or that it only marks the town.
 */
export function placementLine(placement: Placement | null | undefined, suburb: string, city: string): string | null {
  if (!placement || placement.precision === 'address') return null;
  if (placement.precision === 'city') {
    const why = suburb.trim() ? `no known sale of ${suburb.trim()} has a location` : 'no suburb was given';
    return `The marker only shows the home is in ${city.trim()} (${why}): it is not where the home is.`;
  }
  const place = placement.precision === 'street' ? 'its street' : suburb.trim() || 'its suburb';
  const among = placement.by === 'sales' ? `the middle of the known sales of ${place}` : `the middle of ${place}, as the address geocoder found it`;
  const off = placement.accuracyKm ? `, so the home may be about ${formatKm(placement.accuracyKm)} from it` : '';
  return `The marker is at ${among}${off}.`;
}

/** The recent-valuation cards: suburb and city, or 'Location not specified'. */
export function summaryLocation(suburb: string | null | undefined, city: string | null | undefined): string {
  return locationLine(suburb, city) || 'Location not specified';
}

/** A value band written low to high, e.g. "$800,000 – $1,050,000". */
export function formatValueRange(low: number, high: number): string {
  return `${formatNZD(low)} – ${formatNZD(high)}`;
}

/** A count with its noun, e.g. "1 bathroom", "3 bedrooms". */
export function countOf(n: number, noun: string): string {
  return `${formatNumber(n)} ${n === 1 ? noun : `${noun}s`}`;
}

/** Confidence as a percentage, e.g. "82%". */
export function formatConfidencePercent(confidence: number): string {
  return `${Math.round(confidence)}%`;
}

export interface PropertyFactsInput {
  bedrooms?: number | null;
  bathrooms?: number | null;
  floorArea?: number | null;
  landArea?: number | null;
}

/** One fact of a property, e.g. { key: 'bedrooms', label: 'Bedrooms', text: '3 bed' }. */
export interface PropertyFact {
  key: 'bedrooms' | 'bathrooms' | 'floorArea' | 'landArea';
  label: string;
  text: string;
}

const present = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** Beds, baths, m² floor and m² land — each only when present. */
export function propertyFacts(p: PropertyFactsInput): PropertyFact[] {
  const facts: PropertyFact[] = [];
  if (present(p.bedrooms)) facts.push({ key: 'bedrooms', label: 'Bedrooms', text: `${p.bedrooms} bed` });
  if (present(p.bathrooms)) facts.push({ key: 'bathrooms', label: 'Bathrooms', text: `${p.bathrooms} bath` });
  if (present(p.floorArea)) facts.push({ key: 'floorArea', label: 'Floor area', text: `${formatArea(p.floorArea)} floor` });
  if (present(p.landArea)) facts.push({ key: 'landArea', label: 'Land area', text: `${formatArea(p.landArea)} land` });
  return facts;
}
