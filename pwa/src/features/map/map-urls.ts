/**
 * The public map's first requests, as the app makes them: the prerendered /map page fetches them
 * from its HTML (vite.config.ts), so each must be exactly the URL the app asks for.
 */

/** The box to fit, the counts and the New Zealand-wide figures (map-queries.ts, usePropertyExtent). */
export const MAP_EXTENT_URL = '/api/public/property-locations/extent';
/** 'Recently Valued Properties' (RecentlyValued.tsx: useRecentValuationSummaries(MAP_RECENT_VALUATIONS), 6). */
export const MAP_RECENT_VALUATIONS_URL = '/api/summaries/valuations?pageSize=6';
