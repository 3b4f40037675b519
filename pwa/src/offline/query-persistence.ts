/**
 * Public answers kept in IndexedDB between visits, so public screens open with their last data
 * at once and without a network.
 *
 * Privacy (shared devices): ONLY public answers that are the same for everyone are kept — the
 * paths of {@link isPublicApiPath}: /api/public/*, /api/summaries/*, /api/locations, /api/roles.
 * Nothing personal is ever written: not the current user, not the person's valuations, not
 * property map details, not profile or partner data. So there is nothing to clear at sign-out.
 * (Owner-only map details are cached by the service worker instead, and cleared when the person
 * changes — see private-cache.ts.)
 *
 * How:
 * - At start the snapshot is read and put into the query cache (hydrate); online, the restored
 *   queries are then marked stale so each screen fetches fresh data as it mounts. Nothing waits
 *   for the restore: the current user and every screen fetch at once as before.
 * - The default query function falls back to the saved answer when a public GET fails for want
 *   of a network ({@link withSavedAnswerFallback}), so a screen shows saved data offline even
 *   when the service worker has no copy.
 * - Successful public queries are saved (throttled, and when the page is hidden), merged with the
 *   saved ones: up to {@link MAX_PERSISTED_QUERIES}, each for at most {@link PERSIST_MAX_AGE_MS}.
 *   A query dropped from memory (unused for 5 minutes, the library default the spec keeps) stays
 *   saved until it is too old, so recently viewed pages still open offline.
 * - Coming back online refreshes every public query.
 */
import { dehydrate, hashKey, hydrate, type DehydratedState, type Query, type QueryClient, type QueryFunction } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isPublicApiPath } from './cache-names';
import { isNetworkError } from './network-required';
import { isOnline } from './online-status';

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_PERSISTED_QUERIES = 150;
/**
 * Of which public map tiles (`/api/public/property-locations?bbox=…`, up to a few thousand
 * properties each): the newest this many, so the map of the last places looked at opens offline
 * without the snapshot growing with every place ever visited.
 */
export const MAX_PERSISTED_MAP_TILES = 24;
const isMapTile = (q: DehydratedQuery) => String(q.queryKey[0]).startsWith('/api/public/property-locations?bbox=');
const STORAGE_KEY = 'public-queries';
/** Bump when the shape of a saved answer changes: older snapshots are then dropped. */
const SNAPSHOT_VERSION = 1;
const WRITE_THROTTLE_MS = 1000;

type DehydratedQuery = DehydratedState['queries'][number];
interface Snapshot {
  version: number;
  savedAt: number;
  queries: DehydratedQuery[];
}

/** The default query function's path of a query key (segments joined with '/'). */
export const queryKeyPath = (queryKey: readonly unknown[]) => queryKey.map((segment) => String(segment)).join('/');

/** Whether a query's answer may be kept on the device: public paths only. */
export function isPersistableQueryKey(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && isPublicApiPath(queryKeyPath(queryKey));
}

const shouldPersist = (query: Query) => query.state.status === 'success' && isPersistableQueryKey(query.queryKey);

/**
 * Merges saved queries with current ones (newer data wins), drops those older than the maximum
 * age, failed or not public, and keeps the newest {@link MAX_PERSISTED_QUERIES} (of which at most
 * {@link MAX_PERSISTED_MAP_TILES} map tiles).
 */
export function mergeSnapshotQueries(previous: readonly DehydratedQuery[], current: readonly DehydratedQuery[], now: number): DehydratedQuery[] {
  const byHash = new Map<string, DehydratedQuery>();
  for (const q of [...previous, ...current]) {
    if (!isPersistableQueryKey(q.queryKey) || q.state.status !== 'success') continue;
    if (now - q.state.dataUpdatedAt > PERSIST_MAX_AGE_MS) continue;
    const held = byHash.get(q.queryHash);
    if (!held || held.state.dataUpdatedAt <= q.state.dataUpdatedAt) byHash.set(q.queryHash, q);
  }
  let tiles = 0;
  return [...byHash.values()]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .filter((q) => !isMapTile(q) || (tiles += 1) <= MAX_PERSISTED_MAP_TILES)
    .slice(0, MAX_PERSISTED_QUERIES);
}

let idbStore: UseStore | null = null;
function store(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  idbStore ??= createStore('kainga-offline', 'query-cache');
  return idbStore;
}

/** The saved queries of this page's life: the snapshot read at start, then every write. */
let saved: DehydratedQuery[] = [];
let loading: Promise<void> | null = null;

/** Reads the snapshot once. Never throws: a broken or blocked IndexedDB just means nothing is saved. */
function loadSaved(): Promise<void> {
  loading ??= (async () => {
    const s = store();
    if (!s) return;
    try {
      const snapshot = await get<Snapshot>(STORAGE_KEY, s);
      if (!snapshot) return;
      if (snapshot.version !== SNAPSHOT_VERSION || !Array.isArray(snapshot.queries)) {
        await del(STORAGE_KEY, s);
        return;
      }
      saved = mergeSnapshotQueries(snapshot.queries, saved, Date.now());
    } catch (error) {
      console.warn('Could not read saved data', error);
    }
  })();
  return loading;
}

/** The saved answer of a public query, if one is kept and not too old. */
export async function savedAnswer(queryKey: readonly unknown[]): Promise<{ data: unknown } | undefined> {
  if (!isPersistableQueryKey(queryKey)) return undefined;
  await loadSaved();
  const hash = hashKey(queryKey);
  const q = saved.find((s) => s.queryHash === hash);
  if (!q || Date.now() - q.state.dataUpdatedAt > PERSIST_MAX_AGE_MS) return undefined;
  return { data: q.state.data };
}

/**
 * A query function that answers a public query from the saved copy when the request fails for
 * want of a network; every other failure (and every personal query) is thrown as before.
 */
export function withSavedAnswerFallback<T>(queryFn: QueryFunction<T>): QueryFunction<T> {
  return async (context) => {
    try {
      return await queryFn(context);
    } catch (error) {
      if (isNetworkError(error) && !context.signal.aborted) {
        const copy = await savedAnswer(context.queryKey);
        if (copy) return copy.data as T;
      }
      throw error;
    }
  };
}

/**
 * Restores the saved public queries into the client, then keeps saving them (throttled, and when
 * the page is hidden). Answers a stop function.
 */
export function persistPublicQueries(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let ready = false;

  const write = () => {
    timer = null;
    const s = store();
    if (!s || stopped || !ready) return;
    saved = mergeSnapshotQueries(saved, dehydrate(client, { shouldDehydrateQuery: shouldPersist }).queries, Date.now());
    const snapshot: Snapshot = { version: SNAPSHOT_VERSION, savedAt: Date.now(), queries: saved };
    set(STORAGE_KEY, snapshot, s).catch((error: unknown) => console.warn('Could not save data for offline use', error));
  };
  const schedule = () => {
    if (!timer && !stopped) timer = setTimeout(write, WRITE_THROTTLE_MS);
  };
  const flush = () => {
    if (document.visibilityState !== 'hidden' || !timer) return;
    clearTimeout(timer);
    write();
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isPersistableQueryKey(event.query.queryKey)) schedule();
  });
  // Back online: refresh every public query (they never go stale by themselves).
  const onOnline = () => void client.invalidateQueries({ predicate: (q) => isPersistableQueryKey(q.queryKey) });
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', flush);

  void loadSaved().then(() => {
    if (stopped) return;
    ready = true;
    if (saved.length === 0) return;
    // Only answers newer than what the cache holds are taken (a screen may have fetched already).
    hydrate(client, { mutations: [], queries: saved });
    if (isOnline()) {
      const hashes = new Set(saved.map((q) => q.queryHash));
      // Stale, so a screen that mounts later fetches fresh data; a fetch under way is not repeated.
      void client.invalidateQueries({ predicate: (q) => hashes.has(q.queryHash) }, { cancelRefetch: false });
    }
  });

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', flush);
  };
}
