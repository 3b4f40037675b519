import { describe, expect, it } from 'vitest';
import { distancePointOf, locationNote, measuresDistance, type HomeLocation } from './locate-home';

const at = (precision: HomeLocation['precision'], geocoder: string, accuracyKm: number | null = null): HomeLocation => ({ latitude: -41.28, longitude: 174.77, precision, accuracyKm, geocoder });
const home = { address: '11 Tinakori Rd', suburb: 'Thorndon', city: 'Wellington' };

describe('what distances are measured from', () => {
  it('is the point of an address, a street or a suburb', () => {
    for (const point of [at('address', 'nominatim'), at('street', 'sales', 0.2), at('suburb', 'sales', 1.1), at('suburb', 'nominatim')]) {
      expect(measuresDistance(point)).toBe(true);
      expect(distancePointOf(point)).toEqual({ latitude: -41.28, longitude: 174.77 });
    }
  });

  it('is nothing for a town-level point, the embedded geocoder’s made-up suburb point (recorded as "suburb" before), or no point', () => {
    for (const point of [at('city', 'nominatim'), at('city', 'embedded'), at('suburb', 'embedded'), null, undefined]) {
      expect(measuresDistance(point)).toBe(false);
      expect(distancePointOf(point)).toEqual({ latitude: null, longitude: null });
    }
  });
});

describe('what the person is told about distances', () => {
  it('says nothing for a geocoded address', () => {
    expect(locationNote(home, at('address', 'nominatim'))).toBeNull();
  });

  it('names the street’s or suburb’s sales the home was placed among, and how far off it may be', () => {
    expect(locationNote(home, at('street', 'sales', 0.25))).toBe(
      'Distances are approximate: measured from the middle of the known sales of Tinakori Road, Thorndon (the home may be about 0.3 km from it).',
    );
    expect(locationNote(home, at('suburb', 'sales', 1.2))).toBe('Distances are approximate: measured from the middle of the known sales of Thorndon (the home may be about 1.2 km from it).');
    expect(locationNote(home, at('suburb', 'nominatim'))).toBe('Distances are approximate: measured from the middle of Thorndon, as the address geocoder placed it.');
  });

  it('says why there are no distances, and what the person can do', () => {
    expect(locationNote(home, at('city', 'embedded'))).toBe(
      'No distances: none of the sales we know in Thorndon, Wellington has a location, so this home could not be placed closer than Wellington: comparables are matched on their size and rooms instead. If the suburb is misspelt, correct it and search again.',
    );
    expect(locationNote({ ...home, suburb: ' ' }, null)).toBe(
      'No distances: without a suburb this home could not be placed closer than Wellington: comparables are matched on their size and rooms instead. Enter the suburb to have it placed.',
    );
  });
});
