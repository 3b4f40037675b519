/**
 * The Advertising tab's calls. Those that act for the partner carry `?role=<activeRole>` like
 * the inbox's (partner-api.ts); the plans are public.
 */
import type { AdContentRequest, AdContentView, AdPerformanceView, AdPlanView, PartnerAdSubscriptionView, PartnerRoleName } from '@kainga/contracts';
import { apiJson, throwIfNotOk } from '../../../api/client';
import { withRole } from '../partner-api';

export const AD_PLANS_PATH = '/api/ad-plans';
export const PARTNER_AD_SUBSCRIPTIONS_PATH = '/api/partner-ad-subscriptions';
export const PARTNER_AD_CONTENT_PATH = '/api/partner/ad-content';
export const PARTNER_AD_PERFORMANCE_PATH = '/api/partner/ad-performance';
export const AD_IMAGE_UPLOAD_PATH = '/api/upload/ad-image';

const adPath = (id: string) => `${PARTNER_AD_CONTENT_PATH}/${encodeURIComponent(id)}`;

export const fetchAdPlans = (signal?: AbortSignal) => apiJson<AdPlanView[]>('GET', AD_PLANS_PATH, undefined, signal);
export const fetchAdSubscriptions = (role: PartnerRoleName, signal?: AbortSignal) =>
  apiJson<PartnerAdSubscriptionView[]>('GET', withRole(PARTNER_AD_SUBSCRIPTIONS_PATH, role), undefined, signal);
export const fetchAdContent = (role: PartnerRoleName, signal?: AbortSignal) => apiJson<AdContentView[]>('GET', withRole(PARTNER_AD_CONTENT_PATH, role), undefined, signal);
export const fetchAdPerformance = (role: PartnerRoleName, days: number, signal?: AbortSignal) =>
  apiJson<AdPerformanceView>('GET', `${withRole(PARTNER_AD_PERFORMANCE_PATH, role)}&days=${days}`, undefined, signal);

/**
 * POST …?role= with the Idempotency-Key made when the dialog opened: a retry after a lost answer
 * records the advert once.
 */
export const createAdContent = (role: PartnerRoleName, body: AdContentRequest, idempotencyKey: string) =>
  apiJson<AdContentView>('POST', withRole(PARTNER_AD_CONTENT_PATH, role), body, undefined, idempotencyKey);
export const updateAdContent = (role: PartnerRoleName, id: string, body: AdContentRequest) => apiJson<AdContentView>('PUT', withRole(adPath(id), role), body);
/** PATCH …/{id}/status {status}: an approved advert pauses, a paused one resumes. */
export const setAdContentStatus = (role: PartnerRoleName, id: string, status: 'active' | 'paused') =>
  apiJson<AdContentView>('PATCH', withRole(`${adPath(id)}/status`, role), { status });

/** POST /api/upload/ad-image (multipart field adImage) → {filePath}. */
export async function uploadAdImage(file: File): Promise<{ filePath: string }> {
  const form = new FormData();
  form.append('adImage', file);
  const res = await fetch(AD_IMAGE_UPLOAD_PATH, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(res);
  return (await res.json()) as { filePath: string };
}
