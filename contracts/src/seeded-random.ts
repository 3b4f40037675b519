/**
 * A small deterministic PRNG (mulberry32) giving floats in [0, 1): the contract suites' random
 * cases and the demo market repeat exactly for a seed, and a failing case can be replayed; each
 * browser shuffles its adverts with it from a stored seed. Zod-free, so the web app bundles it.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
