import { useState } from 'react';
import type { ListParams } from './admin-list';

/** The page and search of one admin list: a new search starts again at page 1. */
export function useListState(pageSize: number) {
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize, search: '' });
  return {
    params,
    setPage: (page: number) => setParams((p) => ({ ...p, page })),
    setSearch: (search: string) => setParams((p) => (p.search === search.trim() ? p : { ...p, page: 1, search: search.trim() })),
  };
}
