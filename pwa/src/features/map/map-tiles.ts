/**
 * How the public map loads properties for what is in view, not the whole country
 * (GET /api/public/property-locations?bbox=…&limit=…).
 *
 * The world is cut into square tiles of 360/2^level degrees (longitude and latitude alike). For a
 * view, the level is the finest whose tile is still at least as wide and as tall as the view, so
 * the view padded by {@link VIEW_PADDING_RATIO} on each side touches at most 3 × 3 tiles; each
 * tile is one request, asked with {@link TILE_LIMIT}. So:
 * - a phone downloads at most 9 × TILE_LIMIT properties for one view, at any zoom: at country
 *   scale the server answers each tile with an even sample and says how many it holds
 *   (X-Total-Count); zoomed in to a town, the tiles are small enough to hold every property;
 * - tile URLs repeat exactly, so TanStack Query, the service worker and the HTTP cache (ETag → 304)
 *   all serve a tile seen before, offline too; panning back asks nothing;
 * - a tile already answered in full by a larger tile (an ancestor whose answer was not cut) is not
 *   asked again.
 */

/** Properties asked per tile. */
export const TILE_LIMIT = 2000;
/** The view is padded by this share of its size on each side before tiles are chosen. */
export const VIEW_PADDING_RATIO = 0.1;
/** Tiles never get smaller than this level (360/2^14 ≈ 0.02°, a few streets). */
export const MAX_TILE_LEVEL = 14;
/** The map waits this long after it stops moving before it asks for tiles. */
export const VIEW_DEBOUNCE_MS = 250;

/** [minLon, minLat, maxLon, maxLat] in degrees; minLon above maxLon crosses the antimeridian. */
export type LonLatBox = readonly [number, number, number, number];

export interface Tile {
  level: number;
  x: number;
  y: number;
}

const tileSize = (level: number) => 360 / 2 ** level;

export const tileKey = (t: Tile) => `${t.level}/${t.x}/${t.y}`;

/** The tile's box; exact in binary floating point (a power-of-two fraction of 360), so its URL repeats. */
export function tileBox(t: Tile): LonLatBox {
  const s = tileSize(t.level);
  return [t.x * s - 180, Math.max(-90, t.y * s - 90), (t.x + 1) * s - 180, Math.min(90, (t.y + 1) * s - 90)];
}

/** GET path of a tile. */
export const tileUrl = (t: Tile) => `/api/public/property-locations?bbox=${tileBox(t).join(',')}&limit=${TILE_LIMIT}`;

/** Width of a box in degrees of longitude (across the antimeridian when minLon > maxLon). */
export const boxWidth = (b: LonLatBox) => (b[0] <= b[2] ? b[2] - b[0] : b[2] + 360 - b[0]);

/** The finest level whose tile is at least as large as the box both ways. */
export function levelFor(box: LonLatBox): number {
  const span = Math.max(boxWidth(box), box[3] - box[1], 1e-9);
  return Math.max(0, Math.min(MAX_TILE_LEVEL, Math.floor(Math.log2(360 / span))));
}

/** The box grown by {@link VIEW_PADDING_RATIO} of its size on each side (latitudes kept within ±90). */
export function padBox(box: LonLatBox): LonLatBox {
  const w = boxWidth(box);
  const h = box[3] - box[1];
  if (w + 2 * w * VIEW_PADDING_RATIO >= 360) return [-180, Math.max(-90, box[1] - h * VIEW_PADDING_RATIO), 180, Math.min(90, box[3] + h * VIEW_PADDING_RATIO)];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return [wrap(box[0] - w * VIEW_PADDING_RATIO), Math.max(-90, box[1] - h * VIEW_PADDING_RATIO), wrap(box[2] + w * VIEW_PADDING_RATIO), Math.min(90, box[3] + h * VIEW_PADDING_RATIO)];
}

/** The tiles of a level that a box touches (both sides of the antimeridian when it crosses it). */
export function tilesCovering(box: LonLatBox, level: number): Tile[] {
  const s = tileSize(level);
  const columns = 2 ** level;
  const rows = Math.ceil(180 / s);
  const col = (lon: number) => Math.min(columns - 1, Math.max(0, Math.floor((lon + 180) / s)));
  const row = (lat: number) => Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / s)));
  const xRanges: [number, number][] = box[0] <= box[2] ? [[col(box[0]), col(box[2])]] : [[col(box[0]), columns - 1], [0, col(box[2])]];
  const tiles: Tile[] = [];
  for (const [x0, x1] of xRanges) for (let x = x0; x <= x1; x += 1) for (let y = row(box[1]); y <= row(box[3]); y += 1) tiles.push({ level, x, y });
  return tiles;
}

/** Whether a larger tile holding this one was answered in full (so this one needs no request). */
export function coveredByComplete(tile: Tile, complete: ReadonlySet<string>): boolean {
  for (let up = 1; up <= tile.level; up += 1) {
    if (complete.has(tileKey({ level: tile.level - up, x: tile.x >> up, y: tile.y >> up }))) return true;
  }
  return false;
}

/** The tiles to ask for a view: those around it not yet asked and not held in full by a larger one. */
export function tilesToLoad(view: LonLatBox, asked: ReadonlySet<string>, complete: ReadonlySet<string>): Tile[] {
  return tilesCovering(padBox(view), levelFor(view)).filter((t) => !asked.has(tileKey(t)) && !coveredByComplete(t, complete));
}

/** Whether two boxes overlap (either may cross the antimeridian). */
export function boxesOverlap(a: LonLatBox, b: LonLatBox): boolean {
  if (a[1] > b[3] || b[1] > a[3]) return false;
  const spans = (box: LonLatBox): [number, number][] => (box[0] <= box[2] ? [[box[0], box[2]]] : [[box[0], 180], [-180, box[2]]]);
  return spans(a).some(([a0, a1]) => spans(b).some(([b0, b1]) => a0 <= b1 && b0 <= a1));
}
