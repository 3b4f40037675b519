import { describe, expect, it } from 'vitest';
import { AD_IMPRESSION_DEDUP_MS } from '@kainga/contracts/browser';
import { memoryStorage } from './ad-storage';
import { IMPRESSIONS_KEY, claimImpression, forgetImpression } from './impression-dedup';

const t0 = Date.UTC(2026, 10, 23, 8, 0, 0);

describe('client impression de-duplication', () => {
  it('sends an advert once per 24 hours, each advert on its own', () => {
    const storage = memoryStorage();
    expect(claimImpression(storage, 'ad-1', t0)).toBe(true);
    expect(claimImpression(storage, 'ad-1', t0 + 1000)).toBe(false);
    expect(claimImpression(storage, 'ad-2', t0 + 1000)).toBe(true);
    expect(claimImpression(storage, 'ad-1', t0 + AD_IMPRESSION_DEDUP_MS - 1)).toBe(false);
    expect(claimImpression(storage, 'ad-1', t0 + AD_IMPRESSION_DEDUP_MS)).toBe(true);
  });

  it('lets a failed impression be tried again', () => {
    const storage = memoryStorage();
    expect(claimImpression(storage, 'ad-1', t0)).toBe(true);
    forgetImpression(storage, 'ad-1');
    expect(claimImpression(storage, 'ad-1', t0 + 5)).toBe(true);
  });

  it('drops expired entries, and survives unreadable storage', () => {
    const storage = memoryStorage();
    claimImpression(storage, 'old', t0);
    claimImpression(storage, 'new', t0 + AD_IMPRESSION_DEDUP_MS + 1);
    expect(Object.keys(JSON.parse(storage.getItem(IMPRESSIONS_KEY)!) as object)).toEqual(['new']);
    storage.setItem(IMPRESSIONS_KEY, '{not json');
    expect(claimImpression(storage, 'ad-1', t0)).toBe(true);
    storage.setItem(IMPRESSIONS_KEY, '[1,2]');
    expect(claimImpression(storage, 'ad-2', t0)).toBe(true);
  });

  it('does not trust an entry from the future (a clock set back)', () => {
    const storage = memoryStorage();
    claimImpression(storage, 'ad-1', t0 + 10 * AD_IMPRESSION_DEDUP_MS);
    expect(claimImpression(storage, 'ad-1', t0)).toBe(true);
  });
});
