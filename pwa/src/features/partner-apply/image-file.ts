/**
 * The enquiry form's image checks (partner/admin spec §5, §9): jpeg, jpg, png or webp, under 200KB,
 * checked before anything is sent; the server checks again.
 */
export type ImageKind = 'company' | 'profile';

/** 200KB: the enquiry form's limit (the profile editor's is 300KB). */
export const ENQUIRY_IMAGE_MAX_BYTES = 200 * 1024;
/** The types the form accepts (the file input's `accept`). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
const ACCEPTED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'];

export interface ImageProblem {
  title: string;
  description: string;
}

const labels: Record<ImageKind, string> = { company: 'Company image', profile: 'Profile image' };

/** Null when the file may be uploaded; else the toast to show. */
export function checkEnquiryImage(file: { name: string; type: string; size: number }, kind: ImageKind): ImageProblem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  // Some systems give no MIME type; the extension decides then.
  const typeOk = file.type ? (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()) : ACCEPTED_EXTENSIONS.includes(extension);
  if (!typeOk) return { title: 'Upload Failed', description: 'Please choose a JPEG, PNG or WebP image.' };
  if (file.size > ENQUIRY_IMAGE_MAX_BYTES) return { title: 'File Too Large', description: `${labels[kind]} must be under 200KB` };
  return null;
}

/** Where each kind is uploaded, and the multipart field it goes in (partner/admin spec §7). */
export const uploadTargets: Record<ImageKind, { url: string; field: string }> = {
  company: { url: '/api/upload/company-image', field: 'companyImage' },
  profile: { url: '/api/upload/profile-image?form=enquiry', field: 'profileImage' },
};
