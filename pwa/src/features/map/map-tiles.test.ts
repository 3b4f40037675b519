import { describe, expect, it } from 'vitest';
import { boxesOverlap, coveredByComplete, levelFor, padBox, tileBox, tileKey, tilesCovering, tilesToLoad, tileUrl, TILE_LIMIT, type LonLatBox } from './map-tiles';

const NZ: LonLatBox = [166, -47.5, 179, -34];
const WELLINGTON: LonLatBox = [174.7, -41.35, 174.9, -41.2];

describe('map tiles', () => {
  it('chooses the finest level whose tile is as large as the view', () => {
    expect(levelFor(NZ)).toBe(4); // 22.5° tiles for a 13.5° view
    expect(levelFor(WELLINGTON)).toBe(10); // 0.35° tiles for a 0.2° view
    expect(levelFor([-180, -90, 180, 90])).toBe(0);
  });

  it('touches at most 3 × 3 tiles for a padded view', () => {
    for (const view of [NZ, WELLINGTON, [174.71, -41.31, 174.9, -41.12] as LonLatBox]) {
      const tiles = tilesCovering(padBox(view), levelFor(view));
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.length).toBeLessThanOrEqual(9);
      for (const t of tiles) expect(boxesOverlap(tileBox(t), padBox(view))).toBe(true);
    }
  });

  it('gives repeatable URLs with the limit', () => {
    const [t] = tilesCovering(WELLINGTON, 10);
    expect(tileUrl(t!)).toBe(`/api/public/property-locations?bbox=${tileBox(t!).join(',')}&limit=${TILE_LIMIT}`);
    expect(tileBox(t!)).toEqual([174.375, -41.484375, 174.7265625, -41.1328125]);
    expect(tileBox({ level: 0, x: 0, y: 0 })).toEqual([-180, -90, 180, 90]);
  });

  it('covers both sides of the antimeridian', () => {
    const tiles = tilesCovering([178, -45, -176, -43], 6);
    expect(tiles.map((t) => t.x)).toEqual([63, 0]);
    expect(boxesOverlap([178, -45, -176, -43], [-177, -44, -175, -43.5])).toBe(true);
    expect(boxesOverlap([178, -45, -176, -43], [170, -44, 175, -43.5])).toBe(false);
  });

  it('asks no tile already asked, nor one a larger complete tile holds', () => {
    const first = tilesToLoad(WELLINGTON, new Set(), new Set());
    expect(first.length).toBeGreaterThan(0);
    const asked = new Set(first.map(tileKey));
    expect(tilesToLoad(WELLINGTON, asked, new Set())).toEqual([]);
    const parent = { level: 8, x: first[0]!.x >> 2, y: first[0]!.y >> 2 };
    expect(coveredByComplete(first[0]!, new Set([tileKey(parent)]))).toBe(true);
    expect(coveredByComplete(first[0]!, new Set())).toBe(false);
    expect(tilesToLoad(WELLINGTON, new Set(), new Set(['0/0/0']))).toEqual([]);
  });
});
