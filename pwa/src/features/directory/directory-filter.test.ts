import { describe, expect, it } from 'vitest';
import type { PublicPropertyLocation } from '@kainga/contracts';
import { ALL_CITIES, distinctCities, filterDirectory, matchesSearch, showingText } from './directory-filter';

const p = (id: string, address: string, suburb: string, city: string): PublicPropertyLocation => ({
  id,
  address,
  suburb,
  city,
  latitude: '-41',
  longitude: '174',
  bedrooms: null,
  bathrooms: null,
  floorArea: null,
  landArea: null,
  hasValuation: false,
  valuationLow: null,
  valuationHigh: null,
  demo: false,
});

const all = [
  p('1', '12 Aro Street', 'Aro Valley', 'Wellington'),
  p('2', '5 Hardy Street', 'Central', 'Nelson'),
  p('3', '40 Bank Street', 'Regent', 'Whangārei'),
  p('4', '9 Queen Street', 'Central', 'Auckland'),
  p('5', '1 Vogel Street', 'Central', 'Wellington'),
];

describe('directory search and city filter (client-side)', () => {
  it('searches address, suburb and city as a case-insensitive substring', () => {
    expect(matchesSearch(all[0]!, 'ARO')).toBe(true);
    expect(matchesSearch(all[1]!, 'nelson')).toBe(true);
    expect(matchesSearch(all[1]!, 'centr')).toBe(true);
    expect(matchesSearch(all[1]!, 'wellington')).toBe(false);
    expect(matchesSearch(all[1]!, '   ')).toBe(true);
    expect(filterDirectory(all, { search: 'street', city: ALL_CITIES })).toHaveLength(5);
    expect(filterDirectory(all, { search: 'central', city: ALL_CITIES }).map((x) => x.id)).toEqual(['2', '4', '5']);
  });

  it('combines the search with one city', () => {
    expect(filterDirectory(all, { search: '', city: 'Wellington' }).map((x) => x.id)).toEqual(['1', '5']);
    expect(filterDirectory(all, { search: 'vogel', city: 'Wellington' }).map((x) => x.id)).toEqual(['5']);
    expect(filterDirectory(all, { search: 'vogel', city: 'Nelson' })).toEqual([]);
  });

  it('lists the distinct cities sorted', () => {
    expect(distinctCities(all)).toEqual(['Auckland', 'Nelson', 'Wellington', 'Whangārei']);
    expect(distinctCities([])).toEqual([]);
  });

  it("writes 'Showing X of Y properties'", () => {
    expect(showingText(3, 180)).toBe('Showing 3 of 180 properties');
    expect(showingText(20000, 20000)).toBe('Showing 20,000 of 20,000 properties');
  });
});
