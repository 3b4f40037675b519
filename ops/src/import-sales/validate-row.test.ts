import { describe, expect, it } from 'vitest';
import { suggestCity, validateRow, type SaleRow } from './validate-row';

const now = new Date('2026-11-22T10:00:00Z');
const good: SaleRow = {
  address: ' 14  Kowhai Street ',
  suburb: 'Grey Lynn',
  city: 'auckland',
  sale_date: '2026-06-18',
  price: '$1,385,000',
  bedrooms: '3',
  bathrooms: '1',
  floor_area: '120',
  land_area: '455',
  rateable_value: '$1,450,000',
  latitude: '-36.8612',
  longitude: '174.7391',
  property_type: '',
};
const problemsOf = (changes: Partial<SaleRow>) => {
  const r = validateRow({ ...good, ...changes }, now);
  return r.ok ? [] : r.problems;
};

describe('validateRow', () => {
  it('turns a good row into a sale, with the list spelling of the city', () => {
    expect(validateRow(good, now)).toEqual({
      ok: true,
      sale: {
        address: '14 Kowhai Street',
        suburb: 'Grey Lynn',
        city: 'Auckland',
        saleDate: '2026-06-18',
        price: 1_385_000,
        bedrooms: 3,
        bathrooms: 1,
        floorArea: 120,
        landArea: 455,
        propertyType: 'house',
        rateableValue: 1_450_000,
        latitude: -36.8612,
        longitude: 174.7391,
      },
    });
    const r = validateRow({ ...good, city: 'Whangarei', rateable_value: '', latitude: '', longitude: '', suburb: '', floor_area: '95 m²', land_area: '0' }, now);
    expect(r).toMatchObject({ ok: true, sale: { city: 'Whangārei', suburb: '', rateableValue: null, latitude: null, longitude: null, floorArea: 95, landArea: 0 } });
  });

  it('reads the property type in any case and common words for it; empty is a house', () => {
    const typeOf = (property_type: string) => {
      const r = validateRow({ ...good, property_type }, now);
      return r.ok ? r.sale.propertyType : r.problems;
    };
    expect(typeOf('')).toBe('house');
    expect(typeOf('Apartment')).toBe('apartment');
    expect(typeOf(' TOWN HOUSE ')).toBe('townhouse');
    expect(typeOf('flat')).toBe('unit');
    expect(typeOf('terrace')).toBe('townhouse');
    expect(typeOf('castle')).toEqual(['property_type "castle" is not one of house, townhouse, unit, apartment (or empty for a house)']);
  });

  it('names an unknown city and suggests a close one', () => {
    expect(problemsOf({ city: 'Sydney' })).toEqual(['city "Sydney" is not one of the 90 Kāinga locations']);
    expect(problemsOf({ city: 'Tuaranga' })).toEqual(['city "Tuaranga" is not one of the 90 Kāinga locations (did you mean Tauranga?)']);
    expect(problemsOf({ city: ' ' })).toEqual(['city is empty']);
    expect(suggestCity('Welington')).toBe('Wellington');
  });

  it('rejects dates that are not dates, not real, or in the future', () => {
    expect(problemsOf({ sale_date: '18/06/2026' })).toEqual(['sale_date "18/06/2026" is not a date in the form YYYY-MM-DD']);
    expect(problemsOf({ sale_date: '2026-02-30' })).toEqual(['sale_date 2026-02-30 is not a real date']);
    expect(problemsOf({ sale_date: '2026-11-23' })).toEqual(['sale_date 2026-11-23 is in the future']);
    expect(problemsOf({ sale_date: '2026-11-22' })).toEqual([]);
    expect(problemsOf({ sale_date: '' })).toEqual(['sale_date is empty']);
  });

  it('rejects prices that are not positive numbers or are absurd', () => {
    expect(problemsOf({ price: 'POA' })).toEqual(['price "POA" is not a number']);
    expect(problemsOf({ price: '-500000' })).toEqual(['price -500000 is not a positive amount']);
    expect(problemsOf({ price: '0' })).toEqual(['price 0 is not a positive amount']);
    expect(problemsOf({ price: '$850' })).toEqual(['price $850 is below $10,000 (whole dollars expected, not thousands)']);
    expect(problemsOf({ price: '250000000' })).toEqual(['price $250,000,000 is above $100,000,000']);
    expect(problemsOf({ price: '1,25' })).toEqual(['price "1,25" is not a number']);
    expect(problemsOf({ price: 'NZ$ 905,000' })).toEqual([]);
  });

  it('rejects rooms that are not whole numbers from 0 to 20', () => {
    expect(problemsOf({ bedrooms: '2.5' })).toEqual(['bedrooms "2.5" is not a whole number from 0 to 20']);
    expect(problemsOf({ bathrooms: '-1' })).toEqual(['bathrooms "-1" is not a whole number from 0 to 20']);
    expect(problemsOf({ bedrooms: '21' })).toEqual(['bedrooms "21" is not a whole number from 0 to 20']);
    expect(problemsOf({ bedrooms: 'three' })).toEqual(['bedrooms "three" is not a whole number from 0 to 20']);
    expect(problemsOf({ bedrooms: '0', bathrooms: '0', floor_area: '0' })).toEqual([]);
  });

  it('rejects areas that are negative or absurd', () => {
    expect(problemsOf({ floor_area: '-5' })).toEqual(['floor_area -5 is negative']);
    expect(problemsOf({ floor_area: '12000' })).toEqual(['floor_area 12,000 m² is more than 5,000 m²']);
    expect(problemsOf({ land_area: '2,000,000' })).toEqual(['land_area 2,000,000 m² is more than 1,000,000 m²']);
    expect(problemsOf({ land_area: 'big' })).toEqual(['land_area "big" is not a number of square metres']);
    expect(problemsOf({ land_area: '' })).toEqual(['land_area is empty (write 0 when there is none)']);
  });

  it('rejects coordinates outside New Zealand or given by halves', () => {
    expect(problemsOf({ latitude: '-33.8688', longitude: '151.2093' })).toEqual(['latitude/longitude -33.8688, 151.2093 is outside New Zealand']);
    expect(problemsOf({ latitude: '36.8485', longitude: '174.7633' })).toEqual(['latitude/longitude 36.8485, 174.7633 is outside New Zealand']);
    expect(problemsOf({ longitude: '' })).toEqual(['longitude is empty while latitude is given (give both or neither)']);
    expect(problemsOf({ latitude: 'north', longitude: '174' })).toEqual(['latitude "north" is not a number']);
  });

  it('checks the rateable value when there is one', () => {
    expect(problemsOf({ rateable_value: 'n/a' })).toEqual(['rateable_value "n/a" is not a number']);
    expect(problemsOf({ rateable_value: '500' })).toEqual(['rateable_value $500 is below $1,000']);
  });

  it('names every problem of a row at once', () => {
    expect(problemsOf({ address: '', city: 'Sydney', price: 'x', bedrooms: '' })).toEqual([
      'address is empty',
      'city "Sydney" is not one of the 90 Kāinga locations',
      'price "x" is not a number',
      'bedrooms is empty',
    ]);
  });
});
