/**
 * What the directory asks the server (GET /api/public/property-directory, which searches, filters
 * and pages: command-api/src/public/property-directory.ts) and how it writes the answer's counts.
 */
import { formatNumber } from '../../format/format';

/** The city filter's value for 'All Cities'. */
export const ALL_CITIES = '';
/** Properties per page: the first page, and each 'Load more' (or scrolling near the end). */
export const DIRECTORY_PAGE_SIZE = 24;
/** The city filter's list: the distinct cities of the properties, sorted. */
export const DIRECTORY_CITIES_URL = '/api/public/property-directory/cities';

export interface DirectoryFilters {
  search: string;
  city: string;
}

/**
 * The URL of one page. Blank search and 'All Cities' are left out, and the parameters always come
 * in one order, so the first page of the unfiltered directory is one URL: the prerendered page
 * preloads it (vite.config.ts), and the app's request then uses the preloaded answer.
 */
export function directoryPageUrl({ search, city }: DirectoryFilters, offset: number, limit = DIRECTORY_PAGE_SIZE): string {
  const params = new URLSearchParams();
  const q = search.trim().replace(/\s+/g, ' ');
  if (q) params.set('search', q);
  if (city !== ALL_CITIES) params.set('city', city);
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return `/api/public/property-directory?${params.toString()}`;
}

/** The first page of the unfiltered directory. */
export const FIRST_DIRECTORY_PAGE_URL = directoryPageUrl({ search: '', city: ALL_CITIES }, 0);

/**
 * 'Showing X of Y properties': X is how many properties match the search and city (all pages of
 * them, not only those on screen), Y how many properties the directory holds. Unfiltered, X = Y.
 */
export function showingText(matching: number, total: number): string {
  return `Showing ${formatNumber(matching)} of ${formatNumber(total)} properties`;
}
