import { describe, expect, it } from 'vitest';
import type { PublicPropertyLocation } from '@kainga/contracts';
import { areaFigures, filterPoints, formatCount, groupLabel, groupRadius, groupsNearbyMarkers, locatedPoints, median, parseCoordinate, propertiesShownText } from './map-data';

const loc = (over: Partial<PublicPropertyLocation> = {}): PublicPropertyLocation => ({
  id: 'p1',
  address: '12 Aro Street',
  suburb: 'Aro Valley',
  city: 'Wellington',
  latitude: '-41.2950',
  longitude: '174.7680',
  bedrooms: 3,
  bathrooms: 1,
  floorArea: 110,
  landArea: 300,
  hasValuation: true,
  valuationLow: 800_000,
  valuationHigh: 900_000,
  demo: false,
  ...over,
});

describe('map data', () => {
  it('parses coordinate strings and refuses empty or non-numeric ones', () => {
    expect(parseCoordinate('-41.2865')).toBe(-41.2865);
    expect(parseCoordinate(' 174.7762 ')).toBe(174.7762);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('  ')).toBeNull();
    expect(parseCoordinate('abc')).toBeNull();
    expect(parseCoordinate(null)).toBeNull();
    expect(parseCoordinate(undefined)).toBeNull();
  });

  it('skips properties without a usable latitude or longitude', () => {
    const points = locatedPoints([
      loc({ id: 'a' }),
      loc({ id: 'b', latitude: '' }),
      loc({ id: 'c', longitude: 'n/a' }),
      loc({ id: 'd', latitude: '-95' }),
      loc({ id: 'e', hasValuation: false, valuationLow: null, valuationHigh: null }),
    ]);
    expect(points.map((p) => p.id)).toEqual(['a', 'e']);
    expect(points[0]).toMatchObject({ latitude: -41.295, longitude: 174.768, hasValuation: true });
    expect(points[1]?.hasValuation).toBe(false);
  });

  it("writes 'N properties shown'", () => {
    expect(propertiesShownText(180)).toBe('180 properties shown');
    expect(propertiesShownText(20000)).toBe('20,000 properties shown');
    expect(propertiesShownText(1)).toBe('1 property shown');
    expect(propertiesShownText(0)).toBe('0 properties shown');
  });

  it('writes counts as en-NZ does, without Intl for whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 20000, 123456789, -4500]) expect(formatCount(n)).toBe(n.toLocaleString('en-NZ'));
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-NZ'));
  });

  it('derives area figures from the public value bands', () => {
    const all = [
      loc({ id: 'a', valuationLow: 700_000, valuationHigh: 800_000 }),
      loc({ id: 'b', valuationLow: 900_000, valuationHigh: 1_100_000 }),
      loc({ id: 'c', suburb: 'Kelburn', valuationLow: 1_200_000, valuationHigh: 1_400_000 }),
      loc({ id: 'd', hasValuation: false, valuationLow: null, valuationHigh: null }),
      loc({ id: 'e', city: 'Nelson', suburb: 'The Wood', valuationLow: 500_000, valuationHigh: 600_000 }),
    ];
    expect(areaFigures(all, { city: 'Wellington', suburb: 'Aro Valley' })).toEqual({
      properties: 3,
      valued: 2,
      low: 700_000,
      high: 1_100_000,
      medianMidpoint: 875_000,
    });
    expect(areaFigures(all, { city: 'wellington' })).toMatchObject({ properties: 4, valued: 3, low: 700_000, high: 1_400_000, medianMidpoint: 1_000_000 });
    expect(areaFigures(all, { city: null })).toMatchObject({ properties: 5, valued: 4, low: 500_000, high: 1_400_000 });
    expect(areaFigures(all, { city: 'Auckland' })).toEqual({ properties: 0, valued: 0, low: null, high: null, medianMidpoint: null });
  });

  it('labels and sizes groups of nearby markers', () => {
    expect([2, 999, 1000, 1249, 9950, 20000].map(groupLabel)).toEqual(['2', '999', '1k', '1.2k', '10k', '20k']);
    expect([2, 10, 100, 1000].map(groupRadius)).toEqual([14, 16, 19, 22]);
    expect([180, 1000, 1001, 20000].map(groupsNearbyMarkers)).toEqual([false, false, true, true]);
  });

  it('median', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('filters the keyboard list by address, suburb or city, ignoring case', () => {
    const points = locatedPoints([loc({ id: 'a' }), loc({ id: 'b', address: '5 Hardy Street', suburb: 'Central', city: 'Nelson' })]);
    expect(filterPoints(points, 'aro').map((p) => p.id)).toEqual(['a']);
    expect(filterPoints(points, 'NELSON').map((p) => p.id)).toEqual(['b']);
    expect(filterPoints(points, 'central').map((p) => p.id)).toEqual(['b']);
    expect(filterPoints(points, '  ')).toHaveLength(2);
  });
});
