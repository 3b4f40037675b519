import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProperty, AdminStats, User } from '@kainga/contracts';
import { fetchListPage, type ListParams } from './admin-list';

export const ADMIN_USERS_PATH = '/api/admin/users';
export const ADMIN_PROPERTIES_PATH = '/api/admin/properties';
export const ADMIN_STATS_PATH = '/api/admin/stats';

/** Every cached page of the user list starts with this key (a role change refreshes them all). */
export const adminUsersKey = [ADMIN_USERS_PATH] as const;

/**
 * One page of an admin list. While the next page (or a new search) loads, the page shown stays
 * (keepPreviousData) and `isPlaceholderData` says it is the previous one.
 */
function useListPage<T>(path: string, params: ListParams) {
  return useQuery({
    queryKey: [path, params],
    queryFn: ({ signal }) => fetchListPage<T>(path, params, signal),
    placeholderData: keepPreviousData,
    // Admin data changes under the admin's eyes (new accounts, new properties): fresh for 30 s.
    staleTime: 30_000,
  });
}

export const useAdminUsers = (params: ListParams) => useListPage<User>(ADMIN_USERS_PATH, params);
export const useAdminProperties = (params: ListParams) => useListPage<AdminProperty>(ADMIN_PROPERTIES_PATH, params);
export const useAdminStats = () => useQuery<AdminStats>({ queryKey: [ADMIN_STATS_PATH], staleTime: 30_000 });
