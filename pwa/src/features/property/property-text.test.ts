import { describe, expect, it } from 'vitest';
import { countOf, formatConfidencePercent, formatValueRange, locationLine, propertyFacts, summaryLocation } from './property-text';

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
});
