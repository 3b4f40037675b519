/**
 * The advert form's rules (spec 001 §5 "Ad creation schema"; §9 limits): the messages of the
 * contracts' AdContentRequest, re-stated so the bundle ships no zod (the test checks them against
 * the schema), the body of POST/PUT /api/partner/ad-content, and the advert's status badge.
 */
import type { AdContentRequest, AdContentView } from '@kainga/contracts';
import { AD_CTA_TEXT_MAX, AD_DEFAULT_CTA_TEXT, AD_DESCRIPTION_MAX, AD_TITLE_MAX, type AdContentStatus } from '@kainga/contracts/browser';
import type { FieldValidator } from '../../../forms/validators';

/** An advert's image: up to 500KB (the server's limit for `adImage`; the spec gives none), JPEG, PNG or WebP. */
export const AD_IMAGE_MAX_BYTES = 500 * 1024;
export const AD_IMAGE_TOO_LARGE_MESSAGE = 'Advert image must be under 500KB';
export const AD_IMAGE_TYPE_MESSAGE = 'Please choose a JPEG, PNG or WebP image.';
const AD_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

/** Why a chosen image cannot be uploaded (toast title and text), or null. */
export function adImageProblem(file: { size: number; type: string }): { title: string; message: string } | null {
  if (!AD_IMAGE_TYPES.includes(file.type)) return { title: 'Upload Failed', message: AD_IMAGE_TYPE_MESSAGE };
  if (file.size > AD_IMAGE_MAX_BYTES) return { title: 'File Too Large', message: AD_IMAGE_TOO_LARGE_MESSAGE };
  return null;
}

export interface AdContentFormValues {
  subscriptionId: string;
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
}
export const adContentFormFields = ['subscriptionId', 'title', 'description', 'ctaText', 'ctaUrl'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** The contract's pattern for a valid call-to-action address. */
const CTA_URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
export const CTA_URL_MESSAGE = 'Please enter a valid URL';

export const adContentValidators: Record<(typeof adContentFormFields)[number], FieldValidator> = {
  subscriptionId: (v) => (text(v) ? null : 'Please choose the subscription this advert belongs to'),
  title: (v) => {
    const t = text(v);
    if (!t) return 'Title is required';
    return t.length > AD_TITLE_MAX ? `Title must be ${AD_TITLE_MAX} characters or fewer` : null;
  },
  description: (v) => {
    const t = text(v);
    if (!t) return 'Description is required';
    return t.length > AD_DESCRIPTION_MAX ? `Description must be ${AD_DESCRIPTION_MAX} characters or fewer` : null;
  },
  // Empty means the default 'Learn More'.
  ctaText: (v) => (text(v).length > AD_CTA_TEXT_MAX ? `Button text must be ${AD_CTA_TEXT_MAX} characters or fewer` : null),
  ctaUrl: (v) => {
    const t = text(v);
    return t.length <= 500 && CTA_URL_PATTERN.test(t) ? null : CTA_URL_MESSAGE;
  },
};

/** A new advert's values: the first subscription it can belong to, and the default button text. */
export function newAdContentValues(subscriptionId: string | null): AdContentFormValues {
  return { subscriptionId: subscriptionId ?? '', title: '', description: '', ctaText: AD_DEFAULT_CTA_TEXT, ctaUrl: 'https://' };
}

export function adContentFormValues(ad: AdContentView): AdContentFormValues {
  return { subscriptionId: ad.subscriptionId, title: ad.title, description: ad.description, ctaText: ad.ctaText, ctaUrl: ad.ctaUrl };
}

/** The request body: trimmed, an empty button text as the default, the uploaded image's path or null. */
export function adContentBody(values: AdContentFormValues, imageUrl: string | null, targetRoles: readonly string[] = []): AdContentRequest {
  return {
    subscriptionId: text(values.subscriptionId),
    title: text(values.title),
    description: text(values.description),
    ctaText: text(values.ctaText) || AD_DEFAULT_CTA_TEXT,
    ctaUrl: text(values.ctaUrl),
    imageUrl: imageUrl || null,
    targetRoles: [...targetRoles],
  };
}

export interface StatusBadge {
  label: string;
  /** The CSS modifier of the badge (advertising.css). */
  tone: 'pending' | 'active' | 'paused' | 'rejected';
}
export const adContentStatusBadges: Record<AdContentStatus, StatusBadge> = {
  pending_approval: { label: 'Pending approval', tone: 'pending' },
  active: { label: 'Active', tone: 'active' },
  paused: { label: 'Paused', tone: 'paused' },
  rejected: { label: 'Rejected', tone: 'rejected' },
};

/** What the partner may switch the advert to: an approved advert pauses, a paused one resumes. */
export function statusToggle(status: AdContentStatus): { to: 'active' | 'paused'; label: 'Pause' | 'Resume' } | null {
  if (status === 'active') return { to: 'paused', label: 'Pause' };
  if (status === 'paused') return { to: 'active', label: 'Resume' };
  return null;
}
