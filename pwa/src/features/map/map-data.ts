/**
 * The map's reading of GET /api/public/property-locations (consumer spec §2 "Property Map", §3; the
 * map loads it per tile of the view, see map-tiles.ts):
 * coordinates arrive as strings and are parsed; a property without a usable latitude or
 * longitude is skipped. Also the figures of the market-insights panel, derived from the same
 * public data, and the filter of the keyboard list of properties.
 */
import type { PublicPropertyLocation } from '@kainga/contracts';
import { formatNumber } from '../../format/format';

/** Initial view (consumer spec §9): centred near Wellington at zoom 6, then fitted to the extent of every located property. */
export const MAP_INITIAL_CENTER = { latitude: -41.2865, longitude: 174.7762 } as const;
export const MAP_INITIAL_ZOOM = 6;
export const MAP_FIT_PADDING_PX = 20;
export const MAP_MAX_ZOOM = 18;
/** Marker diameters: valued (blue, tick) and not valued (grey, question mark). */
export const VALUED_MARKER_PX = 24;
export const UNVALUED_MARKER_PX = 20;
/**
 * Up to this many located properties, every property is its own marker, as the spec draws them.
 * Above it, markers that would overlap (centres within {@link GROUP_DISTANCE_PX}) are drawn as one
 * numbered group, which keeps the map smooth with tens of thousands of properties.
 */
export const GROUP_MARKERS_ABOVE = 1000;
export const GROUP_DISTANCE_PX = 24;

/** Whether the map groups nearby markers for this many located properties. */
export const groupsNearbyMarkers = (count: number) => count > GROUP_MARKERS_ABOVE;

/** A group of nearby markers: its radius in pixels, growing with its size. */
export function groupRadius(count: number): number {
  return count < 10 ? 14 : count < 100 ? 16 : count < 1000 ? 19 : 22;
}

/** A group's label: the count, shortened from a thousand on ("1.2k", "20k"). */
export function groupLabel(count: number): string {
  if (count < 1000) return String(count);
  const k = Math.round(count / 100) / 10;
  return `${k >= 10 ? Math.round(k) : k}k`;
}

/** The map is (re)tried every 100 ms until its container has a size. */
export const MAP_CREATE_RETRY_MS = 100;

export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
  hasValuation: boolean;
  location: PublicPropertyLocation;
}

/** A coordinate string as a number, or null when empty or not a finite number. */
export function parseCoordinate(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The located properties, in the order given; the others are skipped. */
export function locatedPoints(locations: readonly PublicPropertyLocation[]): MapPoint[] {
  const points: MapPoint[] = [];
  for (const location of locations) {
    const latitude = parseCoordinate(location.latitude);
    const longitude = parseCoordinate(location.longitude);
    if (latitude === null || longitude === null) continue;
    if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) continue;
    points.push({ id: location.id, latitude, longitude, hasValuation: location.hasValuation, location });
  }
  return points;
}

/** A count as en-NZ writes it ("20,000"), without Intl for whole numbers (format.ts says why). */
export const formatCount = formatNumber;

/** 'N properties shown' (N written en-NZ, e.g. "20,000 properties shown"; "1 property shown"). */
export function propertiesShownText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'property' : 'properties'} shown`;
}

export interface AreaFigures {
  /** properties on the map in the area */
  properties: number;
  /** of which have a valuation */
  valued: number;
  /** lowest band low and highest band high of the valued ones (null when none) */
  low: number | null;
  high: number | null;
  /** the median of the bands' middles (null when none) */
  medianMidpoint: number | null;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Figures of an area from the public locations: how many properties, how many valued, and the
 * range and median of their public value bands. `city` null means all of New Zealand; `suburb`
 * narrows to a suburb of the city.
 */
export function areaFigures(
  locations: readonly PublicPropertyLocation[],
  area: { city: string | null; suburb?: string | null },
): AreaFigures {
  let properties = 0;
  let valued = 0;
  let low: number | null = null;
  let high: number | null = null;
  const mids: number[] = [];
  const city = area.city === null ? null : norm(area.city);
  const suburb = area.suburb ? norm(area.suburb) : null;
  for (const l of locations) {
    if (city !== null && norm(l.city) !== city) continue;
    if (suburb !== null && norm(l.suburb) !== suburb) continue;
    properties += 1;
    if (!l.hasValuation) continue;
    valued += 1;
    if (l.valuationLow !== null && l.valuationHigh !== null) {
      low = low === null ? l.valuationLow : Math.min(low, l.valuationLow);
      high = high === null ? l.valuationHigh : Math.max(high, l.valuationHigh);
      mids.push((l.valuationLow + l.valuationHigh) / 2);
    }
  }
  return { properties, valued, low, high, medianMidpoint: median(mids) };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The keyboard list's filter: case-insensitive substring of address, suburb or city. */
export function filterPoints(points: readonly MapPoint[], query: string): readonly MapPoint[] {
  const q = query.trim().toLowerCase();
  if (!q) return points;
  return points.filter((p) => {
    const l = p.location;
    return (
      l.address.toLowerCase().includes(q) ||
      l.suburb.toLowerCase().includes(q) ||
      l.city.toLowerCase().includes(q)
    );
  });
}
