import type { LocatedProperty } from '@kainga/projections';
import { describe, expect, it } from 'vitest';
import { longitudeRange, propertyExtent } from './property-extent';

const at = (id: string, latitude: number, longitude: number, band?: { low: number; high: number }): LocatedProperty => ({
  _id: id, address: id, suburb: 'S', city: 'C', bedrooms: null, bathrooms: null, floorArea: null, landArea: null, demo: false,
  latitude, longitude, latestValuation: band ? { band } : null,
});

describe('longitudeRange', () => {
  it('is the plain range when every longitude is on one side, or the gap is around ±180°', () => {
    expect(longitudeRange([174.7, 172.6, 176.1])).toEqual([172.6, 176.1]);
    expect(longitudeRange([-1, 2])).toEqual([-1, 2]);
    expect(longitudeRange([])).toBeNull();
  });
  it('crosses the antimeridian when that is narrower (the Chatham Islands with the mainland)', () => {
    expect(longitudeRange([174.7, 166.5, -176.5, 178.5])).toEqual([166.5, -176.5]);
  });
});

describe('propertyExtent', () => {
  it('counts, bounds and sums up the valued bands', () => {
    const extent = propertyExtent([
      at('a', -41.29, 174.78, { low: 500_000, high: 600_000 }),
      at('b', -36.85, 174.76, { low: 900_000, high: 1_100_000 }),
      at('c', -45.87, 170.5),
      at('d', -43.5, 172.6, { low: 700_000, high: 800_000 }),
    ]);
    expect(extent).toEqual({ count: 4, valued: 3, bbox: [170.5, -45.87, 174.78, -36.85], low: 500_000, high: 1_100_000, medianMidpoint: 750_000 });
  });
  it('has no box or figures without properties', () => {
    expect(propertyExtent([])).toEqual({ count: 0, valued: 0, bbox: null, low: null, high: null, medianMidpoint: null });
  });
});
