import { describe, expect, it } from 'vitest';
import type { PublicValuationSummary } from '@kainga/contracts';
import { cityMarket } from './market-logic';

const summary = (city: string, low: number, high: number, createdAt: string, demo = false): PublicValuationSummary => ({
  valuationId: `${city}-${low}`,
  suburb: '',
  city,
  bedrooms: 3,
  bathrooms: 2,
  floorArea: 150,
  createdAt,
  estimatedValueBand: { low, high },
  confidenceBucket: 4,
  demo,
});

describe('city market', () => {
  it("reads only the city's summaries (case and macrons ignored)", () => {
    const m = cityMarket('Whangārei', [
      summary('Whangarei', 500_000, 600_000, '2025-01-02T00:00:00Z', true),
      summary('whangārei', 700_000, 900_000, '2025-03-02T00:00:00Z'),
      summary('Auckland', 1_000_000, 1_200_000, '2025-04-02T00:00:00Z'),
    ]);
    expect(m).toEqual({ city: 'Whangārei', count: 2, demoCount: 1, lowest: 500_000, highest: 900_000, typicalMidpoint: 675_000, latest: '2025-03-02T00:00:00Z' });
  });
  it('is empty for a city with none', () => {
    expect(cityMarket('Te Anau', [summary('Auckland', 1, 2, '2025-01-01')])).toMatchObject({ count: 0, lowest: null, highest: null, typicalMidpoint: null, latest: null });
  });
});
