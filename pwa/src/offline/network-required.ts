import { ApiError } from '../api/client';

/** The sentence shown when an action needs the network: 'You are offline. Connect to the internet to {action}.' */
export function offlineActionMessage(action: string): string {
  return `You are offline. Connect to the internet to ${action}.`;
}

/** Toast title of the same notice. */
export const OFFLINE_TITLE = 'You are offline';

/**
 * Whether an error is a failed network request rather than an answer from the server: fetch
 * rejects with a TypeError ('Failed to fetch') when there is no network; an {@link ApiError} means
 * the server answered.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return error instanceof TypeError || (error instanceof Error && /failed to fetch|networkerror|load failed|network request failed/i.test(error.message));
}
