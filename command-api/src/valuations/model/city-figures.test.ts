import type { SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { cityMarketFigures } from './city-figures';

const now = new Date('2026-06-15T00:00:00Z');
const sale = (o: Partial<SaleData>): SaleData => ({
  saleId: 's',
  address: '1 Road',
  suburb: 'Te Aro',
  city: 'Wellington',
  saleDate: '2026-05-01',
  price: 1_000_000,
  bedrooms: 3,
  bathrooms: 1,
  floorArea: 100,
  landArea: 400,
  rateableValue: 800_000,
  latitude: null,
  longitude: null,
  demo: false,
  source: 'test',
  ...o,
});

describe('cityMarketFigures', () => {
  it('takes medians over the city sales of the last 24 months', () => {
    const figures = cityMarketFigures(' wellington ', [
      sale({ price: 900_000, rateableValue: 1_000_000, floorArea: 100 }), // 0.9, 9,000
      sale({ price: 1_200_000, rateableValue: 1_000_000, floorArea: 120 }), // 1.2, 10,000
      sale({ price: 1_100_000, rateableValue: null, floorArea: 100 }), // —, 11,000
      sale({ price: 1_000_000, rateableValue: 800_000, floorArea: null }), // 1.25, —
      sale({ city: 'Auckland', price: 5_000_000 }),
      sale({ saleDate: '2026-06-16', price: 9_000_000 }), // future
      sale({ saleDate: '2024-06-14', price: 9_000_000 }), // older than 24 months
      sale({ saleDate: 'soon', price: 9_000_000 }),
    ], now);
    expect(figures).toEqual({ citySaleToRvRatio: 1.2, cityMedianPricePerM2: 10_000, salesCount: 4 });
  });

  it('is null when the city has no sales', () => {
    expect(cityMarketFigures('Gore', [sale({})], now)).toEqual({ citySaleToRvRatio: null, cityMedianPricePerM2: null, salesCount: 0 });
  });
});
