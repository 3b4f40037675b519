import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAdPerformanceView, FilteredTrafficView } from '@kainga/contracts';
import { apiJson } from '../../../api/client';
import { ADMIN_AD_PERFORMANCE_PATH, adPerformanceUrl, type DayRange } from './ad-performance';
import { FILTERED_TRAFFIC_PATH, filteredTrafficUrl } from './filtered-traffic';

/**
 * The figures of a range; while another range loads, the last one stays on screen
 * (keepPreviousData). Fresh for 30 s, as the other admin reads: impressions keep coming in.
 */
export const useAdminAdPerformance = (range: DayRange, enabled: boolean) =>
  useQuery({
    queryKey: [ADMIN_AD_PERFORMANCE_PATH, range.from, range.to],
    queryFn: ({ signal }) => apiJson<AdminAdPerformanceView>('GET', adPerformanceUrl(range), undefined, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The invalid traffic filtered in a range, read as the figures are. */
export const useFilteredTraffic = (range: DayRange, enabled: boolean) =>
  useQuery({
    queryKey: [FILTERED_TRAFFIC_PATH, range.from, range.to],
    queryFn: ({ signal }) => apiJson<FilteredTrafficView>('GET', filteredTrafficUrl(range), undefined, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
