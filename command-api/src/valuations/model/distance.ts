/** Mean radius of the Earth in kilometres (IUGG mean radius R₁, rounded). */
export const EARTH_RADIUS_KM = 6371;

export type LatLng = { latitude: number; longitude: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in kilometres between two points (haversine formula):
 *
 *   a = sin²(Δφ/2) + cos φ₁ · cos φ₂ · sin²(Δλ/2)
 *   d = 2R · atan2(√a, √(1 − a))
 *
 * with φ the latitudes and λ the longitudes in radians and R = 6371 km. Good to about 0.5 %
 * (the Earth is not a sphere), which is far finer than any comparable-sales rule needs.
 */
export const haversineKm = (from: LatLng, to: LatLng): number => {
  const dPhi = toRadians(to.latitude - from.latitude);
  const dLambda = toRadians(to.longitude - from.longitude);
  const a = Math.sin(dPhi / 2) ** 2 + Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLambda / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.atan2(Math.sqrt(a), Math.sqrt(Math.max(0, 1 - a)));
};
