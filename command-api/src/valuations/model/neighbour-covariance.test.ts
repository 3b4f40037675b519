import { seededRandom } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { neighbourCovariance, NEIGHBOUR_MIN_PAIRS, type PlacedResidual } from './neighbour-covariance';
import { townModelWeightOf, TOWN_MODEL_WEIGHT } from './estimate';
import { robustCovariance } from './statistics';
import { normalDraws } from '../../testing/normal-draws';

/** A deterministic normal stream over the contracts' seeded uniform stream. */
const normals = (seed: number) => normalDraws(seededRandom(seed));

/**
 * Sales in two suburbs, on blocks of four homes a few metres apart and blocks ~1 km apart: each
 * sale's residual is its block's shared part (sd `shared`) plus its own (sd `own`).
 */
function sales(shared: number, own: number, seed = 7): PlacedResidual[] {
  const z = normals(seed);
  const out: PlacedResidual[] = [];
  for (const [suburb, lat0] of [['Kelburn', -41.28], ['Karori', -41.29]] as const) {
    for (let block = 0; block < 40; block++) {
      const part = shared * z();
      const lat = lat0 + 0.01 * (block % 8);
      const lon = 174.76 + 0.01 * Math.floor(block / 8);
      for (let home = 0; home < 4; home++) out.push({ suburb, latitude: lat + 0.0001 * home, longitude: lon, residual: part + own * z() });
    }
  }
  return out;
}

describe('neighbourCovariance', () => {
  it("measures what a sale's nearest neighbour shares: the blocks' variance, none where blocks share nothing", () => {
    expect(neighbourCovariance(sales(0.04, 0.06))!).toBeGreaterThan(0.04 ** 2 * 0.6);
    expect(neighbourCovariance(sales(0.04, 0.06))!).toBeLessThan(0.04 ** 2 * 1.6);
    expect(Math.abs(neighbourCovariance(sales(0, 0.06))!)).toBeLessThan(0.04 ** 2 * 0.3);
  });

  it('pairs only within a suburb and only placed sales, and says nothing from too few pairs', () => {
    // The two halves of each pair sit in different suburbs: no sale has a neighbour of its own suburb.
    const apart = Array.from({ length: 50 }, (_, i) => ({ suburb: i % 2 ? 'Kelburn' : 'Karori', latitude: -41.28 + 0.0001 * i, longitude: 174.76, residual: 0 }));
    expect(neighbourCovariance(apart.map((s, i) => ({ ...s, suburb: `${s.suburb} ${i}` })))).toBeNull();
    const few = sales(0.04, 0.06).slice(0, NEIGHBOUR_MIN_PAIRS - 1);
    expect(neighbourCovariance(few)).toBeNull();
    const unplaced = sales(0.04, 0.06).map((s) => ({ ...s, latitude: Number.NaN }));
    expect(neighbourCovariance(unplaced)).toBeNull();
  });

  it('finds the same nearest neighbours as comparing every pair', () => {
    const placed = sales(0.03, 0.05, 11).map((s, i) => ({ ...s, latitude: s.latitude + 0.003 * Math.sin(i * 1.7), longitude: s.longitude + 0.003 * Math.cos(i * 2.3) }));
    const bruteForce: [number, number][] = [];
    const scaleOf = new Map(['Kelburn', 'Karori'].map((suburb) => [suburb, Math.cos((Math.min(...placed.filter((s) => s.suburb === suburb).map((s) => s.latitude)) * Math.PI) / 180)]));
    for (const a of placed) {
      const scale = scaleOf.get(a.suburb)!;
      let best = Infinity;
      let nearest: PlacedResidual | null = null;
      for (const b of placed) {
        if (b === a || b.suburb !== a.suburb) continue;
        const d = (b.latitude - a.latitude) ** 2 + ((b.longitude - a.longitude) * scale) ** 2;
        if (d < best) [best, nearest] = [d, b];
      }
      bruteForce.push([a.residual, nearest!.residual]);
    }
    const expected = robustCovariance(bruteForce);
    expect(neighbourCovariance(placed)).toBeCloseTo(expected, 12);
  });
});

describe('townModelWeightOf', () => {
  it('counts the model as (σ² − τ²) / τ² comparables, never fewer than the fixed weight, and alone when neighbours share nothing', () => {
    expect(townModelWeightOf({ residualSd: 0.075 })).toBe(TOWN_MODEL_WEIGHT);
    expect(townModelWeightOf({ residualSd: 0.075, neighbourCovariance: 0 })).toBe(Infinity);
    expect(townModelWeightOf({ residualSd: 0.075, neighbourCovariance: -0.0001 })).toBe(Infinity);
    expect(townModelWeightOf({ residualSd: 0.075, neighbourCovariance: 0.075 ** 2 / 101 })).toBeCloseTo(100, 6);
    expect(townModelWeightOf({ residualSd: 0.075, neighbourCovariance: 0.03 ** 2 })).toBe(TOWN_MODEL_WEIGHT);
  });
});
