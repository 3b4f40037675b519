/**
 * The Edit Profile dialog's rules (spec 001 §5, partner profile edit) — the messages of the
 * contracts' PartnerProfileUpdateRequest, re-stated so the bundle ships no zod; the test checks
 * them against the schema — and the 300KB image limit of the profile editor (spec 001 §9).
 */
import type { PartnerProfileUpdateRequest, PartnerProfileView, PartnerRoleName } from '@kainga/contracts';
import { EMAIL_PATTERN, type FieldValidator } from '../../forms/validators';

export const PROFILE_IMAGE_MAX_BYTES = 300 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'Please select an image smaller than 300KB.';
export const IMAGE_TYPE_MESSAGE = 'Please select a JPEG, PNG or WebP image.';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** Why a chosen image cannot be uploaded, or null. */
export function imageProblem(file: { size: number; type: string }): { title: string; message: string } | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return { title: 'Upload Failed', message: IMAGE_TYPE_MESSAGE };
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return { title: 'File Too Large', message: IMAGE_TOO_LARGE_MESSAGE };
  return null;
}

/** The form's values: numbers as typed (antd InputNumber gives number | null). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  businessName: string;
  contactEmail: string;
  licenseNumber?: string | null;
  contactPhone?: string | null;
  businessDescription?: string | null;
  bio?: string | null;
  experienceYears?: number | null;
  officeSize?: number | null;
  videoLink?: string | null;
}
export const profileFormFields = [
  'firstName',
  'lastName',
  'businessName',
  'contactEmail',
  'licenseNumber',
  'contactPhone',
  'businessDescription',
  'bio',
  'experienceYears',
  'officeSize',
  'videoLink',
] as const;

const text = (v: string | null | undefined) => (v ?? '').trim();
const optional = (v: string | null | undefined) => text(v) || null;

export function profileFormValues(view: PartnerProfileView): ProfileFormValues {
  const p = view.partnerData;
  return {
    firstName: view.user.firstName,
    lastName: view.user.lastName,
    businessName: p.businessName,
    contactEmail: p.contactEmail,
    licenseNumber: p.licenseNumber,
    contactPhone: p.contactPhone,
    businessDescription: p.businessDescription,
    bio: p.bio,
    experienceYears: p.experienceYears,
    officeSize: p.officeSize,
    videoLink: p.videoLink,
  };
}

/** PUT /api/partner/profile's body: the values, the active role and the two image paths. */
export function profileUpdateBody(
  values: ProfileFormValues,
  role: PartnerRoleName,
  images: { profileImage: string | null; companyImage: string | null },
): PartnerProfileUpdateRequest {
  return {
    role,
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    businessName: text(values.businessName),
    contactEmail: text(values.contactEmail),
    licenseNumber: optional(values.licenseNumber),
    contactPhone: optional(values.contactPhone),
    businessDescription: optional(values.businessDescription),
    bio: optional(values.bio),
    experienceYears: values.experienceYears ?? null,
    officeSize: values.officeSize ?? null,
    videoLink: optional(values.videoLink),
    profileImage: images.profileImage,
    companyImage: images.companyImage,
  };
}

const required = (message: string, max: number, tooLong: string): FieldValidator => (value) => {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return message;
  return v.length > max ? tooLong : null;
};
const maxLength = (max: number, tooLong: string): FieldValidator => (value) =>
  typeof value === 'string' && value.trim().length > max ? tooLong : null;
const wholeNumber = (min: number, max: number, messages: { whole: string; low: string; high: string }): FieldValidator => (value) => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) return messages.whole;
  if (value < min) return messages.low;
  return value > max ? messages.high : null;
};

/** One validator per field, with the contract's messages. */
export const profileValidators: Record<(typeof profileFormFields)[number], FieldValidator> = {
  firstName: required('First name is required', 100, 'First name is too long'),
  lastName: required('Last name is required', 100, 'Last name is too long'),
  businessName: required('Business name is required', 200, 'Business name is too long'),
  contactEmail: (value) => {
    const v = typeof value === 'string' ? value.trim() : '';
    return v.length > 254 || !EMAIL_PATTERN.test(v) ? 'Valid email required' : null;
  },
  licenseNumber: maxLength(100, 'Licence number is too long'),
  contactPhone: maxLength(40, 'Phone number is too long'),
  businessDescription: maxLength(2000, 'Description too long'),
  bio: maxLength(3000, 'Bio is too long'),
  experienceYears: wholeNumber(0, 50, {
    whole: 'Experience must be a whole number of years',
    low: 'Experience must be 0 or more years',
    high: 'Experience cannot exceed 50 years',
  }),
  officeSize: wholeNumber(1, 1000, {
    whole: 'Office size must be a whole number',
    low: 'Office size must be at least 1 person',
    high: 'Office size cannot exceed 1000 people',
  }),
  videoLink: (value) => {
    const v = typeof value === 'string' ? value.trim() : '';
    return v === '' || (v.length <= 500 && /^https?:\/\/[^\s]+$/i.test(v)) ? null : 'Valid URL required';
  },
};
