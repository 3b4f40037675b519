import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ActiveAd } from '@kainga/contracts';
import { ACTIVE_ADS_REFETCH_MS, ACTIVE_ADS_STALE_MS } from '@kainga/contracts/browser';
import { fetchActiveAds, type AdQuery } from './ad-api';
import { browserStorage } from './ad-storage';
import { shuffleSeed, shuffleWithinTiers } from './ad-shuffle';

/**
 * The active adverts of one placement and place (consumer spec §7): cached 5 minutes, refetched
 * every 10, shuffled within their tiers with this browser's seed. A failed fetch is logged as
 * 'Failed to fetch ads' (§8) and the caller shows nothing.
 */
export function useActiveAds(query: AdQuery, options: { enabled?: boolean } = {}) {
  const { placement, city, suburb, targetRole } = query;
  const result = useQuery({
    queryKey: ['ads-active', placement, city ?? '', suburb ?? '', targetRole ?? ''],
    queryFn: async ({ signal }) => {
      try {
        return await fetchActiveAds({ placement, city, suburb, targetRole }, signal);
      } catch (error) {
        console.warn('Failed to fetch ads', error);
        throw error;
      }
    },
    staleTime: ACTIVE_ADS_STALE_MS,
    refetchInterval: ACTIVE_ADS_REFETCH_MS,
    enabled: options.enabled ?? true,
  });
  const ads = useMemo<ActiveAd[]>(
    () => (result.data ? shuffleWithinTiers(result.data, shuffleSeed(browserStorage('local'))) : []),
    [result.data],
  );
  return { ads, isPending: result.isPending, isError: result.isError };
}
