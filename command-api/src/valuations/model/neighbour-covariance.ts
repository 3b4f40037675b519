import { robustCovariance } from './statistics';

/** Fewest neighbour pairs for a town's neighbour covariance (fewer: none, and comparables keep their fixed weight). */
export const NEIGHBOUR_MIN_PAIRS = 30;

/** A sale's residual where it stands; `suburb` is its suburb's key (the town model's `normalisePlace`d name): sales pair only within one. */
export type PlacedResidual = { suburb: string; latitude: number; longitude: number; residual: number };

/**
 * What neighbouring sales share beyond what the town's model knows: the robust covariance
 * (`robustCovariance`) of the model's residuals of each sale and its nearest other sale in the
 * same suburb. Comparables are the home's neighbours; if their residuals move together, the
 * comparables know something about this home that the model does not (a corner of a suburb, a
 * kind of home the model prices alike everywhere), and they should count; if they do not, a
 * comparable's residual is its own sale's luck, already in the model that was fitted on it.
 * Null with fewer than `NEIGHBOUR_MIN_PAIRS` pairs.
 *
 * Nearest by an equirectangular distance (a suburb spans a few km), found on a grid of about two
 * sales a cell, searched ring by ring: a suburb of n sales costs about n, not n². A sweep in order of
 * latitude took 241 ms for a town of 25,000 sales with its medians (its suburbs' homes share
 * latitudes across the suburb); the grid and typed-array medians 75–125 ms, about 1 % of that
 * town's fit.
 */
export function neighbourCovariance(sales: readonly PlacedResidual[]): number | null {
  const bySuburb = new Map<string, PlacedResidual[]>();
  for (const sale of sales) {
    if (!Number.isFinite(sale.latitude) || !Number.isFinite(sale.longitude) || !Number.isFinite(sale.residual)) continue;
    const own = bySuburb.get(sale.suburb);
    if (own) own.push(sale);
    else bySuburb.set(sale.suburb, [sale]);
  }
  const pairs: [number, number][] = [];
  for (const group of bySuburb.values()) {
    if (group.length < 2) continue;
    for (const [a, b] of nearestPairs(group)) pairs.push([a.residual, b.residual]);
  }
  return pairs.length >= NEIGHBOUR_MIN_PAIRS ? robustCovariance(pairs) : null;
}

/** Each point and its nearest other point (the first found of equals), by equirectangular distance. */
function nearestPairs<T extends { latitude: number; longitude: number }>(points: readonly T[]): [T, T][] {
  const scale = Math.cos((points[0]!.latitude * Math.PI) / 180);
  const xs = points.map((p) => p.longitude * scale);
  const ys = points.map((p) => p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // About two points a cell; no finer than the longer side ÷ n (sales along one line), and a suburb
  // whose sales all sit on one spot is one cell.
  const cell = Math.max(Math.sqrt(((maxX - minX) * (maxY - minY)) / points.length) * Math.SQRT2, Math.max(maxX - minX, maxY - minY) / points.length, 1e-9);
  const columns = Math.floor((maxX - minX) / cell) + 1;
  const rows = Math.floor((maxY - minY) / cell) + 1;
  const cells = new Map<number, number[]>();
  const cellOf = (i: number) => [Math.floor((xs[i]! - minX) / cell), Math.floor((ys[i]! - minY) / cell)] as const;
  points.forEach((_, i) => {
    const [cx, cy] = cellOf(i);
    const key = cy * columns + cx;
    const own = cells.get(key);
    if (own) own.push(i);
    else cells.set(key, [i]);
  });
  return points.map((point, i) => {
    const [cx, cy] = cellOf(i);
    let best = Infinity;
    let nearest = -1;
    // Ring r holds the cells r steps away; once the nearest found is closer than r − 1 cells, no
    // point further out can beat it.
    for (let r = 0; r <= Math.max(columns, rows); r++) {
      if (nearest >= 0 && best <= ((r - 1) * cell) ** 2) break;
      for (let y = cy - r; y <= cy + r; y++) {
        if (y < 0 || y >= rows) continue;
        const edge = y === cy - r || y === cy + r;
        for (let x = cx - r; x <= cx + r; x += edge ? 1 : 2 * r || 1) {
          if (x < 0 || x >= columns) continue;
          for (const j of cells.get(y * columns + x) ?? []) {
            if (j === i) continue;
            const d = (xs[j]! - xs[i]!) ** 2 + (ys[j]! - ys[i]!) ** 2;
            if (d < best) [best, nearest] = [d, j];
          }
        }
      }
    }
    return [point, points[nearest]!] as [T, T];
  });
}
