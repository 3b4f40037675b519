/**
 * The partner dashboard's calls (spec 001 §7). Every call that acts for the active partner role
 * carries `?role=<activeRole>` (the server's rule when a partner holds several roles).
 */
import type { PartnerContactView, PartnerProfileUpdateRequest, PartnerProfileView, PartnerRoleName, PartnerStats } from '@kainga/contracts';
import { apiJson, apiRequest, throwIfNotOk } from '../../api/client';
import type { QueuedResponse } from './response-outbox';

export const PARTNER_CONTACTS_PATH = '/api/partner-contacts';
export const PARTNER_STATS_PATH = '/api/partner/stats';
export const PARTNER_PROFILE_PATH = '/api/partner/profile';
export const PROFILE_IMAGE_UPLOAD_PATH = '/api/upload/profile-image';

export const withRole = (path: string, role: PartnerRoleName) => `${path}?role=${encodeURIComponent(role)}`;

export const fetchContacts = (role: PartnerRoleName, signal?: AbortSignal) =>
  apiJson<PartnerContactView[]>('GET', withRole(PARTNER_CONTACTS_PATH, role), undefined, signal);
export const fetchStats = (role: PartnerRoleName, signal?: AbortSignal) => apiJson<PartnerStats>('GET', withRole(PARTNER_STATS_PATH, role), undefined, signal);
export const fetchProfile = (role: PartnerRoleName, signal?: AbortSignal) =>
  apiJson<PartnerProfileView>('GET', withRole(PARTNER_PROFILE_PATH, role), undefined, signal);
export const updateProfile = (body: PartnerProfileUpdateRequest) => apiJson<PartnerProfileView>('PUT', withRole(PARTNER_PROFILE_PATH, body.role), body);

/** PATCH /api/partner-contacts/{id}/read (no body). */
export const markContactRead = (id: string, role: PartnerRoleName) =>
  apiRequest('PATCH', withRole(`${PARTNER_CONTACTS_PATH}/${encodeURIComponent(id)}/read`, role));

/** POST /api/partner-leads/{id}/respond {response}, with the Idempotency-Key made when Send was pressed. */
export async function sendResponse(entry: QueuedResponse): Promise<void> {
  await apiRequest('POST', withRole(`/api/partner-leads/${encodeURIComponent(entry.leadId)}/respond`, entry.role), { response: entry.response }, undefined, entry.idempotencyKey);
}

/** POST /api/upload/profile-image (multipart field profileImage) → {filePath}. */
export async function uploadProfileImage(file: File): Promise<{ filePath: string }> {
  const form = new FormData();
  form.append('profileImage', file);
  const res = await fetch(PROFILE_IMAGE_UPLOAD_PATH, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(res);
  return (await res.json()) as { filePath: string };
}
