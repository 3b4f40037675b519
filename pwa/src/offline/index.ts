/**
 * Offline behaviour of the app.
 *
 * - `useNetworkRequired()` → `{ online, ensureOnline(action), offlineMessage(action) }`: call
 *   `ensureOnline('generate a valuation')` before an action that needs the network; offline it
 *   shows 'You are offline' / 'Connect to the internet to generate a valuation.' and answers false.
 * - `useOnline()`: true while the browser has a network.
 * - `isNetworkError(error)`: a request that failed for want of a network (not a server answer).
 * - `OfflineDataProvider`: the public query cache kept in IndexedDB, and the personal-cache guard.
 */
export { useNetworkRequired, type NetworkRequired } from './useNetworkRequired';
export { useOnline, isOnline } from './online-status';
export { isNetworkError, offlineActionMessage, OFFLINE_TITLE } from './network-required';
export { OfflineDataProvider } from './OfflineDataProvider';
export { isPersistableQueryKey } from './query-persistence';
export { PUBLIC_API_CACHE, PRIVATE_API_CACHE, MAP_TILE_CACHE } from './cache-names';
