import type { SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { locateAmongSales, streetOf } from './locate-among-sales';
import { haversineKm } from './model';

let n = 0;
const sale = (address: string, suburb: string, latitude: number | null, longitude: number | null, city = 'Christchurch'): SaleData => ({
  saleId: `s${++n}`,
  address,
  suburb,
  city,
  saleDate: '2026-01-10',
  price: 700_000,
  bedrooms: 3,
  bathrooms: 1,
  floorArea: 120,
  landArea: 500,
  rateableValue: 650_000,
  latitude,
  longitude,
  demo: false,
  source: 'test',
});

describe('the street of an address', () => {
  it('drops the unit, number and letter, spells out the suffix and ignores case and macrons', () => {
    expect(streetOf('14 Rata Street')).toBe('rata street');
    expect(streetOf('2/14A Rata St')).toBe('rata street');
    expect(streetOf('Flat 3, 27 Rātā St.')).toBe('rata street');
    expect(streetOf('5 Kowhai Cres')).toBe('kowhai crescent');
    expect(streetOf('  101  Great South Rd ')).toBe('great south road');
  });
  it('has none without a number before a name', () => {
    expect(streetOf('Riverside Farm')).toBeNull();
    expect(streetOf('12')).toBeNull();
  });
});

describe('placing a home among the known sales of its street or suburb', () => {
  const sales = [
    sale('2 Rata Street', 'Riccarton', -43.53, 172.6),
    sale('10 Rata St', 'Riccarton', -43.531, 172.601),
    sale('31 Rata Street', 'Riccarton', -43.532, 172.6),
    sale('4 Kauri Street', 'Riccarton', -43.54, 172.58),
    sale('9 Kauri Street', 'Riccarton', -43.541, 172.581),
    sale('1 Rata Street', 'Fendalton', -43.51, 172.57),
    sale('5 Rata Street', 'Riccarton', null, null),
  ];

  it('takes the middle of its street’s sales in its suburb, and says how far the home may be from it', () => {
    const located = locateAmongSales({ address: '22 Rata Street', suburb: 'Riccarton', city: 'Christchurch' }, sales)!;
    expect(located).toMatchObject({ latitude: -43.531, longitude: 172.6, precision: 'street' });
    // The street's sales lie ~0.1 km from their middle.
    expect(located.accuracyKm).toBeCloseTo(0.11, 2);
    // Every one of its street's sales is close; the other street of the suburb is not in the middle.
    expect(haversineKm(located, { latitude: -43.54, longitude: 172.58 })).toBeGreaterThan(1);
  });

  it('falls back to its suburb’s sales, then to nothing; the town and suburb must match', () => {
    const suburb = locateAmongSales({ address: '7 Totara Street', suburb: 'riccarton ', city: 'christchurch' }, sales)!;
    expect(suburb.precision).toBe('suburb');
    expect(suburb.latitude).toBe(-43.532); // the median of the suburb's five placed sales
    expect(locateAmongSales({ address: '7 Totara Street', suburb: 'Sumner', city: 'Christchurch' }, sales)).toBeNull();
    expect(locateAmongSales({ address: '22 Rata Street', suburb: 'Riccarton', city: 'Dunedin' }, sales)).toBeNull();
  });

  it('says 500 m when one sale of the street is all it knows', () => {
    expect(locateAmongSales({ address: '3 Kauri St', suburb: 'Fendalton', city: 'Christchurch' }, sales)).toMatchObject({ precision: 'suburb', accuracyKm: 0.1 });
    expect(locateAmongSales({ address: '8 Rata Street', suburb: 'Fendalton', city: 'Christchurch' }, sales)).toMatchObject({ precision: 'street', latitude: -43.51, accuracyKm: 0.5 });
  });
});
