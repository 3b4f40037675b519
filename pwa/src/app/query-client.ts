import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../api/client';

/**
 * Data-fetching defaults (consumer spec §9, partner/admin spec §9): no interval refetch, no
 * refetch on focus, no retries, data never goes stale by itself (the current user overrides this
 * with 5 minutes, see auth/user.ts). Unused data is dropped after 5 minutes (library default).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
