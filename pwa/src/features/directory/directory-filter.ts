/**
 * The directory's client-side search and city filter (consumer spec §2 "Property Directory", §5):
 * a case-insensitive substring over address, suburb and city, and one city or all.
 */
import type { PublicPropertyLocation } from '@kainga/contracts';

/** The city filter's value for 'All Cities'. */
export const ALL_CITIES = '__all__';
/** Cards rendered at first and added by each 'Show more' (or on scrolling near the end). */
export const DIRECTORY_PAGE_SIZE = 30;

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();

export function matchesSearch(p: PublicPropertyLocation, search: string): boolean {
  const q = lower(search.trim());
  if (!q) return true;
  return lower(p.address).includes(q) || lower(p.suburb).includes(q) || lower(p.city).includes(q);
}

export function filterDirectory(
  properties: readonly PublicPropertyLocation[],
  filters: { search: string; city: string },
): PublicPropertyLocation[] {
  return properties.filter((p) => (filters.city === ALL_CITIES || p.city === filters.city) && matchesSearch(p, filters.search));
}

/** The distinct cities, sorted (en-NZ collation, so "Whangārei" sorts among the W's). */
export function distinctCities(properties: readonly PublicPropertyLocation[]): string[] {
  const cities = new Set<string>();
  for (const p of properties) if (p.city.trim()) cities.add(p.city);
  return [...cities].sort((a, b) => a.localeCompare(b, 'en-NZ'));
}

/** 'Showing X of Y properties'. */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown.toLocaleString('en-NZ')} of ${total.toLocaleString('en-NZ')} properties`;
}
