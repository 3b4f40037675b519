/**
 * Ad content awaiting approval (GET /api/admin/ad-content; POST …/{id}/approve and …/{id}/reject
 * {reason}): what waits, oldest first, so adverts are reviewed in the order they came.
 */
import type { AdContentView } from '@kainga/contracts';

export const ADMIN_AD_CONTENT_PATH = '/api/admin/ad-content';
export const approveAdUrl = (id: string) => `${ADMIN_AD_CONTENT_PATH}/${encodeURIComponent(id)}/approve`;
export const rejectAdUrl = (id: string) => `${ADMIN_AD_CONTENT_PATH}/${encodeURIComponent(id)}/reject`;

export function awaitingApproval<A extends Pick<AdContentView, 'status' | 'createdAt'>>(adverts: readonly A[]): A[] {
  return adverts.filter((a) => a.status === 'pending_approval').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
