import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, User } from '@kainga/contracts';
import { getQueryFn } from '../api/client';
import { isNetworkError } from '../offline/network-required';
import { lastKnownUser } from './last-known-user';
import { hasSignedInHint } from './signed-in-hint';

/** Query key of the current user (consumer spec §7). */
export const userQueryKey = ['/api/auth/user'] as const;

/** Freshness of the cached user: 5 minutes (consumer spec §9). */
export const USER_STALE_TIME_MS = 300_000;

/** What the cache holds: the server's answer, or the user record that sign-in or a profile change stores, which does not say `hasPassword`. */
type CachedUser = User & Partial<Pick<CurrentUser, 'hasPassword'>>;

/**
 * The current user (consumer spec §4): authenticated when the record is present; a 401 reads as
 * "no user" (null). Fresh for 5 minutes, not refetched on mount or focus, never retried.
 * Without the server's signed-in hint cookie the visitor is signed out and nothing is asked
 * (signed-in-hint.ts): no user, not loading — which is also what the build's prerender renders.
 *
 * A network failure is not a 401: while the user call cannot reach the server, the last user it
 * confirmed (last-known-user.ts) stands in and `offline` is true, so screens keep the person
 * signed in and the chrome says the page is offline. The call is made again on reconnect.
 * `hasPassword` is the server's word on whether the account has a password; null when it has not
 * said (signed out, or the kept copy, which does not keep it).
 */
export function useUser(): { user: User | null; isLoading: boolean; isAuthenticated: boolean; offline: boolean; hasPassword: boolean | null } {
  const hint = hasSignedInHint();
  const query = useQuery<CachedUser | null>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    staleTime: USER_STALE_TIME_MS,
    refetchOnMount: false,
    // A failed call is not made again by each screen that mounts (spec: failures are not retried):
    // offline, every mount would otherwise drop the kept user while it asked again, and the page
    // would flip between signed in and signed out. Coming back online asks again (refetchOnReconnect).
    retryOnMount: false,
    enabled: hint,
  });
  const kept = hint && query.data === undefined && query.isError && isNetworkError(query.error) ? lastKnownUser() : null;
  const user = query.data ?? kept;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null, offline: kept !== null, hasPassword: query.data?.hasPassword ?? null };
}
