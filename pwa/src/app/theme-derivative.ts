import type { MapToken, SeedToken } from 'antd/es/theme/interface';

/** A theme algorithm's answer for one seed, worked out at build time (vite.config.ts). */
export interface PrecomputedDerivative {
  seed: SeedToken;
  map: MapToken;
}

/**
 * The theme algorithm, with its answer for the app's own seed taken from the build: deriving the
 * palettes (antd's defaultAlgorithm) is one of the costliest parts of the app's start on a phone
 * (~30 ms at 4× CPU, inside the hydration). Any other seed (a test, a nested theme) is computed.
 */
export function withPrecomputed(
  compute: (seed: SeedToken) => MapToken,
  precomputed: PrecomputedDerivative | null,
): (seed: SeedToken) => MapToken {
  // A copy: antd must never share (and so could change) the build's object between calls.
  return (seed) => (precomputed && sameSeed(seed, precomputed.seed) ? { ...precomputed.map } : compute(seed));
}

/** Same keys with the same values (antd builds the seed by spreading, so key order may differ). */
export function sameSeed(a: SeedToken, b: SeedToken): boolean {
  const ak = Object.keys(a) as (keyof SeedToken)[];
  return ak.length === Object.keys(b).length && ak.every((k) => Object.is(a[k], b[k]));
}
