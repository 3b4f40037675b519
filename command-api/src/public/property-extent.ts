import type { LonLatBbox, PublicPropertyExtent } from '@kainga/contracts';
import type { LocatedProperty } from '@kainga/projections';

/**
 * The smallest longitude range holding every longitude, as [min, max]; min above max when the
 * range crosses the antimeridian. Two ranges are weighed: the plain one (the gap is around ±180°)
 * and, when there are longitudes on both sides of 0°, the one across the antimeridian (the gap is
 * around 0°) — for New Zealand, with the Chatham Islands at -176.5°, that is the one a map wants
 * (172°…-176°, 11° wide) rather than one around the world.
 */
export function longitudeRange(longitudes: Iterable<number>): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  let minEast = Infinity; // smallest longitude ≥ 0
  let maxWest = -Infinity; // largest longitude < 0
  for (const lon of longitudes) {
    min = Math.min(min, lon);
    max = Math.max(max, lon);
    if (lon >= 0) minEast = Math.min(minEast, lon);
    else maxWest = Math.max(maxWest, lon);
  }
  if (min === Infinity) return null;
  const plain = max - min;
  const bothSides = minEast !== Infinity && maxWest !== -Infinity;
  if (bothSides && maxWest + 360 - minEast < plain) return [minEast, maxWest];
  return [min, max];
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The extent and New Zealand-wide figures of the located properties (see PublicPropertyExtent). */
export function propertyExtent(rows: readonly LocatedProperty[]): PublicPropertyExtent {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let valued = 0;
  let low: number | null = null;
  let high: number | null = null;
  const mids: number[] = [];
  for (const p of rows) {
    minLat = Math.min(minLat, p.latitude);
    maxLat = Math.max(maxLat, p.latitude);
    const band = p.latestValuation?.band;
    if (!band) continue;
    valued += 1;
    low = low === null ? band.low : Math.min(low, band.low);
    high = high === null ? band.high : Math.max(high, band.high);
    mids.push((band.low + band.high) / 2);
  }
  const lon = longitudeRange(rows.map((p) => p.longitude));
  const bbox: LonLatBbox | null = lon ? [lon[0], minLat, lon[1], maxLat] : null;
  return { count: rows.length, valued, bbox, low, high, medianMidpoint: median(mids) };
}
