/**
 * The partner-application calls of partner/admin spec §7, typed with the contracts: roles,
 * locations, the user's partner roles, submitting an application and uploading its images.
 */
import { useQuery } from '@tanstack/react-query';
import type { Location, MyRoleEntry, RoleRecord } from '@kainga/contracts';
import { partnerRoleNames, type PartnerRoleName } from '@kainga/contracts/browser';
import { apiJson, throwIfNotOk } from '../../api/client';
import { uploadTargets, type ImageKind } from './image-file';

export const rolesQueryKey = ['/api/roles'] as const;
/** The same key as the valuation wizard's, so the list is fetched once. */
export const locationsQueryKey = ['/api/locations'] as const;
export const myRolesQueryKey = ['/api/my-roles'] as const;

export const useRoles = () => useQuery<RoleRecord[]>({ queryKey: rolesQueryKey });
export const useLocations = () => useQuery<Location[]>({ queryKey: locationsQueryKey });
/** GET /api/my-roles: one entry per partner role and location; asked only when signed in. */
export const useMyRoles = (signedIn: boolean) => useQuery<MyRoleEntry[]>({ queryKey: myRolesQueryKey, enabled: signedIn });

/** The roles one may apply for: the three partner roles (never Admin or General), in the product's order. */
export function partnerRoleRecords(roles: readonly RoleRecord[]): (RoleRecord & { id: PartnerRoleName })[] {
  return partnerRoleNames.flatMap((name) => roles.filter((r): r is RoleRecord & { id: PartnerRoleName } => r.id === name));
}

/** Location select options ("City, Region"), alphabetical by city. */
export function locationOptions(locations: readonly Location[]): { value: string; label: string }[] {
  return [...locations]
    .sort((a, b) => a.cityName.localeCompare(b.cityName, 'en-NZ'))
    .map((l) => ({ value: l.id, label: `${l.cityName}, ${l.region}` }));
}

/** POST /api/partner-applications (both forms; the enquiry form sends requestedLocationIds). */
export const submitApplication = (body: Record<string, unknown>) => apiJson<unknown>('POST', '/api/partner-applications', body);

/** Multipart upload of one image; answers the stored file's path ({filePath}). */
export async function uploadImage(kind: ImageKind, file: File): Promise<string> {
  const { url, field } = uploadTargets[kind];
  const body = new FormData();
  body.append(field, file);
  const res = await fetch(url, { method: 'POST', credentials: 'include', body });
  await throwIfNotOk(res);
  const answer = (await res.json()) as { filePath?: unknown };
  if (typeof answer.filePath !== 'string') throw new Error('Upload failed');
  return answer.filePath;
}
