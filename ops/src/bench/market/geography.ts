/** Kilometres on the ground to degrees, near a latitude (good to a few metres over a town). */
const KM_PER_DEGREE_LATITUDE = 111.32;

export interface Point {
  latitude: number;
  longitude: number;
}

/** The point `km` kilometres from `from` towards `bearing` (radians, 0 = north, clockwise). */
export function offsetKm(from: Point, km: number, bearing: number): Point {
  const north = km * Math.cos(bearing);
  const east = km * Math.sin(bearing);
  return {
    latitude: from.latitude + north / KM_PER_DEGREE_LATITUDE,
    longitude: from.longitude + east / (KM_PER_DEGREE_LATITUDE * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

/** Coordinates rounded to 6 decimals (≈ 0.1 m), as a geocoder would return them. */
export const rounded = (p: Point): Point => ({ latitude: Math.round(p.latitude * 1e6) / 1e6, longitude: Math.round(p.longitude * 1e6) / 1e6 });
