import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { isPublicApiPath } from './cache-names';
import { isNetworkError, offlineActionMessage } from './network-required';
import { privateCacheAction } from './private-cache';
import { MAX_PERSISTED_MAP_TILES, MAX_PERSISTED_QUERIES, PERSIST_MAX_AGE_MS, isPersistableQueryKey, mergeSnapshotQueries, withSavedAnswerFallback } from './query-persistence';

type Q = Parameters<typeof mergeSnapshotQueries>[0][number];
const q = (queryKey: unknown[], dataUpdatedAt: number, data: unknown = 'x', status: 'success' | 'error' = 'success'): Q =>
  ({
    queryKey,
    queryHash: JSON.stringify(queryKey),
    state: { data, dataUpdatedAt, status, error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle', dataUpdateCount: 1, errorUpdateCount: 0 },
  }) as unknown as Q;

describe('which answers are kept on the device', () => {
  it('keeps public, same-for-everyone paths only', () => {
    for (const path of ['/api/public/property-locations', '/api/public/property-locations?bbox=174,-42,175,-41&limit=2000', '/api/public/property-locations/extent', '/api/public/property-locations?city=Wellington', '/api/public/stats', '/api/summaries/valuations?pageSize=10', '/api/summaries/properties/abc', '/api/locations', '/api/roles']) {
      expect(isPublicApiPath(path), path).toBe(true);
    }
    for (const path of ['/api/auth/user', '/api/valuations', '/api/properties/abc/map-details', '/api/profile', '/api/partner-leads', '/api/locationsX', '/api/admin/stats', '/api/ads/active']) {
      expect(isPublicApiPath(path), path).toBe(false);
    }
  });
  it('reads query keys as the default query function does (segments joined with /)', () => {
    expect(isPersistableQueryKey(['/api/summaries/properties', 'p-1'])).toBe(true);
    expect(isPersistableQueryKey(['/api/public/stats'])).toBe(true);
    expect(isPersistableQueryKey(['/api/auth/user'])).toBe(false);
    expect(isPersistableQueryKey(['/api/properties', 'p-1', 'map-details'])).toBe(false);
    expect(isPersistableQueryKey([{ path: '/api/public/stats' }])).toBe(false);
  });
});

describe('mergeSnapshotQueries', () => {
  const now = 10 * PERSIST_MAX_AGE_MS;
  it('keeps the newer answer of the same query and drops old, failed or personal ones', () => {
    const merged = mergeSnapshotQueries(
      [q(['/api/public/stats'], now - 5000, 'old'), q(['/api/locations'], now - PERSIST_MAX_AGE_MS - 1), q(['/api/valuations'], now)],
      [q(['/api/public/stats'], now - 10, 'new'), q(['/api/roles'], now, 'x', 'error')],
      now,
    );
    expect(merged.map((m) => [m.queryKey[0], m.state.data])).toEqual([['/api/public/stats', 'new']]);
  });
  it('keeps a query that is no longer in memory (recently viewed pages stay available)', () => {
    const merged = mergeSnapshotQueries([q(['/api/summaries/properties', 'a'], now - 1000)], [q(['/api/public/stats'], now)], now);
    expect(merged.map((m) => m.queryKey.join('/'))).toEqual(['/api/public/stats', '/api/summaries/properties/a']);
  });
  it('keeps the newest ones up to the limit', () => {
    const many = Array.from({ length: MAX_PERSISTED_QUERIES + 20 }, (_, i) => q(['/api/summaries/properties', String(i)], now - i));
    const merged = mergeSnapshotQueries(many, [], now);
    expect(merged).toHaveLength(MAX_PERSISTED_QUERIES);
    expect(merged[0]!.queryKey[1]).toBe('0');
  });
  it('keeps the newest map tiles up to their own limit, beside the other answers', () => {
    const tiles = Array.from({ length: MAX_PERSISTED_MAP_TILES + 10 }, (_, i) => q([`/api/public/property-locations?bbox=${i},-42,${i + 1},-41&limit=2000`], now - i));
    const merged = mergeSnapshotQueries([...tiles, q(['/api/public/property-locations/extent'], now - 1000)], [], now);
    expect(merged.filter((m) => String(m.queryKey[0]).includes('bbox='))).toHaveLength(MAX_PERSISTED_MAP_TILES);
    expect(merged[0]!.queryKey[0]).toContain('bbox=0,');
    expect(merged.map((m) => m.queryKey[0])).toContain('/api/public/property-locations/extent');
  });
});

describe('the personal service-worker cache', () => {
  it('is cleared when the person changes or signs out, kept for the same person', () => {
    expect(privateCacheAction('u1', { id: 'u1' })).toEqual({ clear: false, owner: 'u1' });
    expect(privateCacheAction('u1', { id: 'u2' })).toEqual({ clear: true, owner: 'u2' });
    expect(privateCacheAction('u1', null)).toEqual({ clear: true, owner: null });
    expect(privateCacheAction(null, { id: 'u1' })).toEqual({ clear: true, owner: 'u1' });
    expect(privateCacheAction(null, null)).toEqual({ clear: false, owner: null });
  });
});

describe('network-required notices', () => {
  it('names the action', () => {
    expect(offlineActionMessage('generate a valuation')).toBe('You are offline. Connect to the internet to generate a valuation.');
  });
  it('tells a network failure from a server answer', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new ApiError(500, '{"message":"x"}', 'Internal Server Error'))).toBe(false);
    expect(isNetworkError(new Error('400: bad'))).toBe(false);
    expect(isNetworkError('nope')).toBe(false);
  });
});

describe('withSavedAnswerFallback', () => {
  const context = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;
  it('passes answers and server errors through; with nothing saved, a network error stays an error', async () => {
    expect(await withSavedAnswerFallback(async () => 'fresh')(context(['/api/public/stats']))).toBe('fresh');
    const server = new ApiError(404, '{"message":"Not found"}', 'Not Found');
    await expect(withSavedAnswerFallback(async () => Promise.reject(server))(context(['/api/public/stats']))).rejects.toBe(server);
    const offline = new TypeError('Failed to fetch');
    await expect(withSavedAnswerFallback(async () => Promise.reject(offline))(context(['/api/public/stats']))).rejects.toBe(offline);
    await expect(withSavedAnswerFallback(async () => Promise.reject(offline))(context(['/api/valuations']))).rejects.toBe(offline);
  });
});
