import { useQuery } from '@tanstack/react-query';
import type { User } from '@kainga/contracts';
import { getQueryFn } from '../api/client';
import { hasSignedInHint } from './signed-in-hint';

/** Query key of the current user (consumer spec §7). */
export const userQueryKey = ['/api/auth/user'] as const;

/** Freshness of the cached user: 5 minutes (consumer spec §9). */
export const USER_STALE_TIME_MS = 300_000;

/**
 * The current user (consumer spec §4): authenticated when the record is present; a 401 reads as
 * "no user" (null). Fresh for 5 minutes, not refetched on mount or focus, never retried.
 * Without the server's signed-in hint cookie the visitor is signed out and nothing is asked
 * (signed-in-hint.ts): no user, not loading — which is also what the build's prerender renders.
 */
export function useUser(): { user: User | null; isLoading: boolean; isAuthenticated: boolean } {
  const query = useQuery<User | null>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    staleTime: USER_STALE_TIME_MS,
    refetchOnMount: false,
    enabled: hasSignedInHint(),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
