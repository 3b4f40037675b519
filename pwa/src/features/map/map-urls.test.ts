import { describe, expect, it } from 'vitest';
import { MAP_RECENT_VALUATIONS } from '../property/property-queries';
import { MAP_EXTENT_URL, MAP_RECENT_VALUATIONS_URL } from './map-urls';
import { propertyExtentKey } from './map-queries';

describe("the map's first requests, fetched from the prerendered page", () => {
  it('are the URLs the app asks for', () => {
    expect(propertyExtentKey).toEqual([MAP_EXTENT_URL]);
    expect(MAP_RECENT_VALUATIONS_URL).toBe(`/api/summaries/valuations?pageSize=${MAP_RECENT_VALUATIONS}`);
  });
});
