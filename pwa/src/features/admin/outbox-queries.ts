import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOutboxPage } from '@kainga/contracts';
import { apiJson } from '../../api/client';

export const ADMIN_OUTBOX_PATH = '/api/admin/outbox';
export const OUTBOX_PAGE_SIZE = 10;

/** One page of the sent emails (GET /api/admin/outbox), newest first; the page shown stays while the next loads. */
export const useAdminOutbox = (page: number) =>
  useQuery({
    queryKey: [ADMIN_OUTBOX_PATH, page],
    queryFn: ({ signal }) => apiJson<AdminOutboxPage>('GET', `${ADMIN_OUTBOX_PATH}?page=${page}&pageSize=${OUTBOX_PAGE_SIZE}`, undefined, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
