import { AD_IMPRESSION_DEDUP_MS } from '@kainga/contracts/browser';
import { safeGet, safeSet, type KeyValueStorage } from './ad-storage';

/**
 * The client half of impression de-duplication (consumer spec §4): an advert's impression is sent
 * at most once per 24 hours per browser session, remembered in session storage (the server
 * enforces the same rule with its own session cookie; this just saves the requests).
 */
export const IMPRESSIONS_KEY = 'kainga.adImpressions';

type Seen = Record<string, number>;

function readSeen(storage: KeyValueStorage | null): Seen {
  try {
    const parsed: unknown = JSON.parse(safeGet(storage, IMPRESSIONS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

/**
 * Whether to send an impression of `adContentId` now; when yes, it is marked as sent (call
 * {@link forgetImpression} if the request then fails, so a later showing tries again).
 * Entries older than the window are dropped on the way, so the stored map stays small.
 */
export function claimImpression(storage: KeyValueStorage | null, adContentId: string, now: number): boolean {
  const seen = readSeen(storage);
  const fresh: Seen = Object.fromEntries(Object.entries(seen).filter(([, at]) => at <= now && now - at < AD_IMPRESSION_DEDUP_MS));
  if (fresh[adContentId] !== undefined) return false;
  fresh[adContentId] = now;
  safeSet(storage, IMPRESSIONS_KEY, JSON.stringify(fresh));
  return true;
}

export function forgetImpression(storage: KeyValueStorage | null, adContentId: string): void {
  const seen = readSeen(storage);
  delete seen[adContentId];
  safeSet(storage, IMPRESSIONS_KEY, JSON.stringify(seen));
}
