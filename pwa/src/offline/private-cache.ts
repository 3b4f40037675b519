/**
 * Privacy of the service worker's personal cache on shared devices.
 *
 * Owner-only answers (GET /api/properties/{id}/map-details) are cached by the service worker
 * (NetworkFirst) so a signed-in owner can reopen recently viewed property details offline. That
 * cache must never serve one person's details to the next: whenever the server answers the user
 * call (GET /api/auth/user) with a different person, or with 401 (signed out), or the app starts
 * without the signed-in hint cookie (signed out: the user call is not made, see
 * auth/signed-in-hint.ts), the cache is deleted. The id of the person it belongs to is kept in
 * localStorage under {@link CACHE_OWNER_KEY}. A network failure of the user call changes nothing.
 * The personal IndexedDB store (private-store.ts: saved leads, queued responses) is wiped at the
 * same moments, keeping only the new person's entries, and the kept copy of the user record
 * (auth/last-known-user.ts) follows the same answers: replaced by each user, removed when signed out.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { User } from '@kainga/contracts';
import { hasSignedInHint } from '../auth/signed-in-hint';
import { rememberUser } from '../auth/last-known-user';
import { userQueryKey } from '../auth/user';
import { CACHE_OWNER_KEY, PRIVATE_API_CACHE } from './cache-names';
import { clearPrivateStoreExcept } from './private-store';

export { CACHE_OWNER_KEY };

/** What to do with the personal cache, given its recorded owner and the server's current answer. */
export function privateCacheAction(recordedOwner: string | null, user: Pick<User, 'id'> | null): { clear: boolean; owner: string | null } {
  const owner = user?.id ?? null;
  return { clear: recordedOwner !== owner, owner };
}

async function clearPrivateCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(PRIVATE_API_CACHE);
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(CACHE_OWNER_KEY);
  } catch {
    return null;
  }
}
function writeOwner(owner: string | null): void {
  try {
    if (owner === null) localStorage.removeItem(CACHE_OWNER_KEY);
    else localStorage.setItem(CACHE_OWNER_KEY, owner);
  } catch {
    // storage blocked: the cache is then cleared on every change seen in this tab
  }
}

/** Watches the user query; clears the personal cache when the person changes or signs out. Answers a stop function. */
export function guardPrivateCache(client: QueryClient): () => void {
  const userHash = hashKey(userQueryKey);
  const seen = (user: User | null) => {
    rememberUser(user);
    const { clear, owner } = privateCacheAction(readOwner(), user);
    if (!clear) return;
    void Promise.all([clearPrivateCache(), clearPrivateStoreExcept(owner)])
      .catch((error: unknown) => console.warn('Could not clear saved personal data', error))
      .finally(() => writeOwner(owner));
  };
  if (!hasSignedInHint()) seen(null);
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== userHash || event.type !== 'updated' || event.action.type !== 'success') return;
    seen((event.query.state.data as User | null | undefined) ?? null);
  });
}
