import { describe, expect, it } from 'vitest';
import { generateBenchMarket } from './bench-market';
import { mdape, relativeError } from './metrics';
import { oracleEstimate } from './oracle';

describe('oracleEstimate', () => {
  const market = generateBenchMarket({ seed: 11, now: new Date('2026-06-15T00:00:00Z'), salesPerTown: 300 });

  it("errs by exactly the sale's own noise: (true − price) / price = 1 / noise − 1", () => {
    for (const sale of market.heldOut) expect(relativeError(oracleEstimate(sale), sale.price)).toBeCloseTo(1 / sale.noise - 1, 9);
  });

  it('has the MdAPE of a 6 % lognormal noise (0.6745 × 6 % ≈ 4 %)', () => {
    const floor = mdape(market.heldOut.map((s) => relativeError(oracleEstimate(s), s.price)));
    expect(floor).toBeGreaterThan(0.033);
    expect(floor).toBeLessThan(0.048);
  });
});
