import { useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { guardPrivateCache } from './private-cache';
import { persistPublicQueries } from './query-persistence';

/**
 * Restores and keeps saving the public queries (query-persistence.ts) and guards the service
 * worker's personal cache (private-cache.ts). Nothing waits for it: screens fetch as before.
 * Place it inside QueryClientProvider.
 */
export function OfflineDataProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    const stopPersisting = persistPublicQueries(client);
    const stopGuard = guardPrivateCache(client);
    return () => {
      stopPersisting();
      stopGuard();
    };
  }, [client]);
  return children;
}
