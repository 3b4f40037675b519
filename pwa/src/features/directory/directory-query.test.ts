import { describe, expect, it } from 'vitest';
import { ALL_CITIES, directoryPageUrl, FIRST_DIRECTORY_PAGE_URL, showingText } from './directory-query';

describe('directory requests', () => {
  it('asks for a page, leaving out a blank search and All Cities', () => {
    expect(FIRST_DIRECTORY_PAGE_URL).toBe('/api/public/property-directory?offset=0&limit=24');
    expect(directoryPageUrl({ search: '   ', city: ALL_CITIES }, 0)).toBe(FIRST_DIRECTORY_PAGE_URL);
    expect(directoryPageUrl({ search: ' Te   Aro ', city: 'Wellington' }, 48)).toBe('/api/public/property-directory?search=Te+Aro&city=Wellington&offset=48&limit=24');
    expect(directoryPageUrl({ search: '3/45 & co', city: 'Whangārei' }, 0, 10)).toBe('/api/public/property-directory?search=3%2F45+%26+co&city=Whang%C4%81rei&offset=0&limit=10');
  });

  it("writes 'Showing X of Y properties'", () => {
    expect(showingText(3, 180)).toBe('Showing 3 of 180 properties');
    expect(showingText(20000, 20000)).toBe('Showing 20,000 of 20,000 properties');
  });
});
