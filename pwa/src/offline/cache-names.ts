/**
 * The service worker's runtime caches (pwa/vite.config.ts): the app reads these names to clear the
 * personal one when the signed-in person changes (see private-cache.ts).
 */
/** Public GET API answers: map data, summaries, stats, locations, roles. */
export const PUBLIC_API_CACHE = 'kainga-api-public';
/** Owner-only GET API answers (property map details): cleared when the person changes or signs out. */
export const PRIVATE_API_CACHE = 'kainga-api-private';
/** localStorage key of the id of the person the device's personal data belongs to (private-cache.ts). */
export const CACHE_OWNER_KEY = 'kainga.offline.cacheOwner';
/** OpenStreetMap raster tiles. */
export const MAP_TILE_CACHE = 'kainga-map-tiles';

/**
 * Query keys (joined with '/', as the default query function does) whose answers are public and
 * the same for everyone: only these are kept in IndexedDB between visits.
 */
export function isPublicApiPath(path: string): boolean {
  return /^\/api\/(public\/|summaries\/|locations(?:[/?]|$)|roles(?:[/?]|$))/.test(path);
}
