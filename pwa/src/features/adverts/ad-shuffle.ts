import { seededRandom, type AdTier } from '@kainga/contracts/browser';
import { safeGet, safeSet, type KeyValueStorage } from './ad-storage';

/**
 * The per-browser shuffle of adverts (consumer spec §9 "order shuffled with a per-browser stored
 * seed"). Our reading: the server's order carries the rules — gold first, then silver and bronze
 * interleaved 3 : 2 — so the shuffle keeps every position's tier and only permutes adverts of the
 * same tier among that tier's positions. Each browser thus sees a stable order of its own (fair
 * to advertisers of one tier across browsers) and the tier pattern paid for is never broken.
 */
export const SHUFFLE_SEED_KEY = 'kainga.adShuffleSeed';

/** The browser's stored seed, made (and stored) on first use. */
export function shuffleSeed(storage: KeyValueStorage | null, random: () => number = Math.random): number {
  const stored = Number.parseInt(safeGet(storage, SHUFFLE_SEED_KEY) ?? '', 10);
  if (Number.isInteger(stored) && stored > 0) return stored;
  const seed = 1 + Math.floor(random() * 0x7ffffffe);
  safeSet(storage, SHUFFLE_SEED_KEY, String(seed));
  return seed;
}

/** Fisher–Yates with the given generator. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Shuffle adverts within their tier, keeping which tier sits at each position. */
export function shuffleWithinTiers<T extends { tier: AdTier }>(ads: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const byTier = new Map<AdTier, T[]>();
  for (const ad of ads) byTier.set(ad.tier, [...(byTier.get(ad.tier) ?? []), ad]);
  const queues = new Map<AdTier, T[]>();
  for (const [tier, list] of byTier) queues.set(tier, shuffled(list, random));
  return ads.map((ad) => queues.get(ad.tier)!.shift()!);
}
