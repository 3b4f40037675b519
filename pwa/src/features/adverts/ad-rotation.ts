import type { AdPlacement } from '@kainga/contracts/browser';
import { AD_MAX_DOTS } from '@kainga/contracts/browser';
import { safeGet, safeSet, type KeyValueStorage } from './ad-storage';

/**
 * Rotation of adverts (consumer spec §4 "Ad rotation"): the index advances cyclically on a timer
 * and is remembered per placement and city in local storage, with a random start when nothing is
 * stored — so a returning owner continues where they left off, and a new one does not always see
 * the same advertiser first.
 */
export function rotationKey(placement: AdPlacement, city: string | null | undefined): string {
  return `kainga.adRotation.${placement}.${(city ?? '').trim().toLowerCase() || 'any'}`;
}

/** The index to start from: the stored one (wrapped to the current count) or a random one. */
export function startIndex(storage: KeyValueStorage | null, key: string, count: number, random: () => number = Math.random): number {
  if (count <= 0) return 0;
  const stored = Number.parseInt(safeGet(storage, key) ?? '', 10);
  if (Number.isInteger(stored) && stored >= 0) return stored % count;
  return Math.min(count - 1, Math.floor(random() * count));
}

export function saveIndex(storage: KeyValueStorage | null, key: string, index: number): void {
  safeSet(storage, key, String(index));
}

export function nextIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/**
 * The indicator dots (at most {@link AD_MAX_DOTS}): the advert index each dot stands for, a
 * window of adverts that keeps the current one inside it (centred where it can).
 */
export function indicatorDots(index: number, count: number, max: number = AD_MAX_DOTS): number[] {
  if (count <= 1) return [];
  const shown = Math.min(count, max);
  const first = Math.max(0, Math.min(index - Math.floor(shown / 2), count - shown));
  return Array.from({ length: shown }, (_, i) => first + i);
}

/** The list turned so that `index` comes first (the sidebar features its adverts in turn). */
export function rotated<T>(items: readonly T[], index: number): T[] {
  if (items.length === 0) return [];
  const start = ((index % items.length) + items.length) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
