import { seededRandom } from '@kainga/contracts';

/** Seeded draws for the bench market: the same seed always gives the same market. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** e^(σ·Z): a multiplicative factor with median 1 and log-sd σ. */
  lognormal(sigma: number): number;
  pick<T>(items: readonly T[]): T;
  /** One item drawn with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/** A 32-bit hash of a text (FNV-1a), to give every town, suburb or purpose its own stream. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A stream of draws for one purpose (e.g. `streamOf(seed, 'sales', 'hamilton')`): streams do not
 * share draws, so adding a draw to one part of the generator does not move every other figure.
 */
export function streamOf(seed: number, ...purpose: string[]): Random {
  const next = seededRandom((hash32(purpose.join('/')) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
  const normal = () => {
    const u = 1 - next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal,
    lognormal: (sigma) => Math.exp(sigma * normal()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      let x = next() * items.reduce((s, [, w]) => s + w, 0);
      for (const [item, w] of items) if ((x -= w) < 0) return item;
      return items.at(-1)![0];
    },
  };
}

export const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
