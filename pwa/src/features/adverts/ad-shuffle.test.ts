import { describe, expect, it } from 'vitest';
import type { AdTier } from '@kainga/contracts/browser';
import { memoryStorage } from './ad-storage';
import { seededRandom } from '@kainga/contracts/browser';
import { SHUFFLE_SEED_KEY, shuffleSeed, shuffleWithinTiers, shuffled } from './ad-shuffle';

const ad = (id: string, tier: AdTier) => ({ id, tier });

describe('the per-browser shuffle', () => {
  it('makes a seed once and keeps it', () => {
    const storage = memoryStorage();
    const seed = shuffleSeed(storage, () => 0.25);
    expect(seed).toBeGreaterThan(0);
    expect(storage.getItem(SHUFFLE_SEED_KEY)).toBe(String(seed));
    expect(shuffleSeed(storage, () => 0.75)).toBe(seed);
  });

  it('is deterministic for one seed and differs between seeds', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffled(items, seededRandom(42))).toEqual(shuffled(items, seededRandom(42)));
    expect(shuffled(items, seededRandom(42))).not.toEqual(shuffled(items, seededRandom(43)));
    expect([...shuffled(items, seededRandom(7))].sort((a, b) => a - b)).toEqual(items);
  });

  it('draws numbers in [0, 1)', () => {
    const random = seededRandom(123);
    for (let i = 0; i < 1000; i++) {
      const x = random();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("keeps the server's tier at every position (gold first, silver 3 : bronze 2) and only permutes within a tier", () => {
    const server = [
      ad('g1', 'gold'), ad('g2', 'gold'), ad('g3', 'gold'),
      ad('s1', 'silver'), ad('s2', 'silver'), ad('s3', 'silver'), ad('b1', 'bronze'), ad('b2', 'bronze'),
      ad('s4', 'silver'), ad('b3', 'bronze'),
    ];
    const seen = new Set<string>();
    for (let seed = 1; seed <= 50; seed++) {
      const out = shuffleWithinTiers(server, seed);
      expect(out.map((a) => a.tier)).toEqual(server.map((a) => a.tier));
      expect(out.map((a) => a.id).sort()).toEqual(server.map((a) => a.id).sort());
      seen.add(out.map((a) => a.id).join());
    }
    // Different browsers see different orders.
    expect(seen.size).toBeGreaterThan(10);
  });

  it('leaves an empty or single list as it is', () => {
    expect(shuffleWithinTiers([], 9)).toEqual([]);
    expect(shuffleWithinTiers([ad('x', 'gold')], 9)).toEqual([ad('x', 'gold')]);
  });
});
