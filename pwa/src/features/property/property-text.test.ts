import { describe, expect, it } from 'vitest';
import { countOf, formatConfidencePercent, formatValueRange, locationLine, placementLine, propertyFacts, summaryLocation } from './property-text';

describe('property texts', () => {
  it("writes 'suburb, city', or the city alone", () => {
    expect(locationLine('Aro Valley', 'Wellington')).toBe('Aro Valley, Wellington');
    expect(locationLine('', 'Wellington')).toBe('Wellington');
    expect(locationLine(null, null)).toBe('');
    expect(summaryLocation('', '')).toBe('Location not specified');
    expect(summaryLocation('Kelburn', 'Wellington')).toBe('Kelburn, Wellington');
  });

  it('writes value ranges and confidence percentages', () => {
    expect(formatValueRange(800_000, 1_050_000)).toBe('$800,000 – $1,050,000');
    expect(formatConfidencePercent(82.4)).toBe('82%');
    expect([countOf(1, 'bathroom'), countOf(3, 'bedroom')]).toEqual(['1 bathroom', '3 bedrooms']);
  });

  it('lists beds, baths, m² floor and m² land, each only when present', () => {
    expect(propertyFacts({ bedrooms: 3, bathrooms: 2, floorArea: 150, landArea: 1066 }).map((f) => f.text)).toEqual([
      '3 bed',
      '2 bath',
      '150 m² floor',
      '1,066 m² land',
    ]);
    expect(propertyFacts({ bedrooms: null, bathrooms: 1, floorArea: undefined, landArea: null }).map((f) => f.key)).toEqual(['bathrooms']);
    expect(propertyFacts({})).toEqual([]);
  });

  it('says how near the map marker is to the home, or that it only marks the town', () => {
    expect(placementLine({ precision: 'address', accuracyKm: null, by: 'nominatim' }, 'Thorndon', 'Wellington')).toBeNull();
    expect(placementLine(null, 'Thorndon', 'Wellington')).toBeNull();
    expect(placementLine({ precision: 'street', accuracyKm: 0.25, by: 'sales' }, 'Thorndon', 'Wellington')).toBe(
      'The marker is at the middle of the known sales of its street, so the home may be about 0.3 km from it.',
    );
    expect(placementLine({ precision: 'suburb', accuracyKm: 1.2, by: 'sales' }, 'Thorndon', 'Wellington')).toBe(
      'The marker is at the middle of the known sales of Thorndon, so the home may be about 1.2 km from it.',
    );
    expect(placementLine({ precision: 'suburb', accuracyKm: null, by: 'nominatim' }, 'Thorndon', 'Wellington')).toBe('The marker is at the middle of Thorndon, as the address geocoder found it.');
    expect(placementLine({ precision: 'city', accuracyKm: null, by: 'embedded' }, 'Thorndun', 'Wellington')).toBe(
      'The marker only shows the home is in Wellington (no known sale of Thorndun has a location): it is not where the home is.',
    );
    expect(placementLine({ precision: 'city', accuracyKm: null, by: 'embedded' }, '', 'Wellington')).toBe('The marker only shows the home is in Wellington (no suburb was given): it is not where the home is.');
  });
});
