import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../api/client';
import { isOnline } from '../offline/online-status';
import { withSavedAnswerFallback } from '../offline/query-persistence';

/**
 * Data-fetching defaults (consumer spec §9, partner/admin spec §9): no interval refetch, no
 * refetch on focus, no retries, data never goes stale by itself (the current user overrides this
 * with 5 minutes, see auth/user.ts). Unused data is dropped after 5 minutes (library default).
 *
 * Offline (src/offline): queries use networkMode 'offlineFirst' — they still fetch without a
 * network, so the service worker can answer public data from its cache, instead of pausing
 * forever; a public GET that fails for want of a network is answered from the copy saved in
 * IndexedDB (withSavedAnswerFallback). Mutations use 'always' — without a network they fail at
 * once (the screens say so with useNetworkRequired / isNetworkError) rather than wait silently
 * for the connection to return. The client starts with the browser's own online state, so the
 * first 'online' event refetches what failed for want of a network (refetchOnReconnect).
 */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and reacts only to a change: an app opened without a
  // network would take the 'online' event for no change and never refetch on reconnect (the
  // partner dashboard would stay on its saved copy, read-only, until a reload).
  onlineManager.setOnline(isOnline());
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: withSavedAnswerFallback(getQueryFn({ on401: 'throw' })),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
