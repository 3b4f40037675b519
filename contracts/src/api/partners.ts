import { z } from 'zod';
import { ServiceType } from '../events/partner-leads';
import { PartnerRoleNameSchema } from '../roles-schema';
import { PartnerProfileFields } from '../events/partners';
import { OptionalUrl, optionalText, UploadedImagePath } from './partner-applications';

/** GET /api/partner/profile?role=… (spec 001 §3: the partner profile, read). */
export const PartnerProfileView = z.object({
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), profileImageUrl: z.string().nullable() }),
  partnerData: PartnerProfileFields,
});
export type PartnerProfileView = z.infer<typeof PartnerProfileView>;

export const PartnerRoleQuery = z.object({ role: PartnerRoleNameSchema.optional() });

/** PUT /api/partner/profile: spec 001 §5's partner profile rules and messages. */
export const PartnerProfileUpdateRequest = z.strictObject({
  role: PartnerRoleNameSchema,
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  businessName: z.string({ error: 'Business name is required' }).trim().min(1, 'Business name is required').max(200, 'Business name is too long'),
  contactEmail: z.string({ error: 'Valid email required' }).trim().max(254, 'Valid email required').pipe(z.email('Valid email required')),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  contactPhone: optionalText(40, 'Phone number is too long'),
  businessDescription: optionalText(2000, 'Description too long'),
  bio: optionalText(3000, 'Bio is too long'),
  experienceYears: z
    .number({ error: 'Experience must be a whole number of years' })
    .int('Experience must be a whole number of years')
    .min(0, 'Experience must be 0 or more years')
    .max(50, 'Experience cannot exceed 50 years')
    .nullish()
    .transform((v) => v ?? null),
  officeSize: z
    .number({ error: 'Office size must be a whole number' })
    .int('Office size must be a whole number')
    .min(1, 'Office size must be at least 1 person')
    .max(1000, 'Office size cannot exceed 1000 people')
    .nullish()
    .transform((v) => v ?? null),
  videoLink: OptionalUrl('Valid URL required'),
  profileImage: UploadedImagePath,
  companyImage: UploadedImagePath,
});
export type PartnerProfileUpdateRequest = z.infer<typeof PartnerProfileUpdateRequest>;

/** POST /api/upload/profile-image and /company-image. */
export const UploadResponse = z.object({ filePath: z.string() });

/** A verified, active partner in a location (consumer spec §2, "Local professionals"). */
export const LocalPartner = z.object({
  id: z.string(),
  businessName: z.string(),
  roleId: PartnerRoleNameSchema,
  roleName: z.string(),
  role: z.object({ id: PartnerRoleNameSchema, name: z.string() }),
  licenseNumber: z.string().nullable(),
  experienceYears: z.number().nullable(),
  businessDescription: z.string().nullable(),
  bio: z.string().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  profileImage: z.string().nullable(),
  companyImage: z.string().nullable(),
  officeSize: z.number().nullable(),
  videoLink: z.string().nullable(),
  locations: z.array(z.object({ id: z.string(), cityName: z.string(), region: z.string() })),
  user: z.object({ firstName: z.string(), lastName: z.string(), profileImageUrl: z.string().nullable() }),
  /** Generated demo data (ops' demo seed): screens badge it. */
  demo: z.boolean(),
});
export type LocalPartner = z.infer<typeof LocalPartner>;

const requestMessage = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(5000, 'The message is too long (5,000 characters at most)');

/** POST /api/partner-contacts (the local-professionals contact dialog, signed in). */
export const PartnerContactRequest = z.strictObject({
  partnerId: z.string({ error: 'Please choose a professional to contact' }).min(1, 'Please choose a professional to contact'),
  message: requestMessage('Please write a message'),
  propertyId: z.string().nullish().transform((v) => v ?? null),
});
export type PartnerContactRequest = z.infer<typeof PartnerContactRequest>;

/**
 * POST /api/partner-leads (a service request, signed in): serviceType is a role name (or its
 * label) or 'General Enquiry'; propertyLocation the location id or "City, Region" of the property.
 */
export const PartnerLeadRequest = z.strictObject({
  partnerId: z.string({ error: 'Please choose a professional to contact' }).min(1, 'Please choose a professional to contact'),
  serviceType: z.string({ error: 'Please select a service type' }).trim().min(1, 'Please select a service type').max(100, 'Please select a service type'),
  requestMessage: requestMessage('Please describe what you need'),
  propertyLocation: z.string({ error: 'Please choose the property location' }).trim().min(1, 'Please choose the property location').max(200, 'Please choose the property location'),
  propertyId: z.string().nullish().transform((v) => v ?? null),
});
export type PartnerLeadRequest = z.infer<typeof PartnerLeadRequest>;

/** POST /api/partners/{id}/contact (a premium partner's dialog; signed-out visitors too). */
export const PartnerDialogRequest = z.strictObject({
  name: z.string({ error: 'Please fill in all required fields.' }).trim().min(1, 'Please fill in all required fields.').max(200, 'Your name is too long'),
  email: z.string({ error: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  phone: optionalText(40, 'Phone number is too long'),
  message: requestMessage('Please fill in all required fields.'),
});
export type PartnerDialogRequest = z.infer<typeof PartnerDialogRequest>;

export const ContactStatus = z.enum(['sent', 'read', 'responded']);
export const LeadStatus = z.enum(['new', 'contacted', 'responded']);

/** GET /api/partner-contacts: the active role's requests, as contacts (spec 001 §3). */
export const PartnerContactView = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  partnerId: z.string(),
  message: z.string(),
  contactStatus: ContactStatus,
  serviceType: ServiceType,
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  partnerResponse: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), profileImageUrl: z.string().nullable() }).nullable(),
  property: z.object({ address: z.string() }).nullable(),
  demo: z.boolean(),
});
export type PartnerContactView = z.infer<typeof PartnerContactView>;

/** GET /api/partner-leads: the same requests, as leads. */
export const PartnerLeadView = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  partnerId: z.string(),
  propertyId: z.string().nullable(),
  locationId: z.string(),
  requestMessage: z.string(),
  leadStatus: LeadStatus,
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  serviceType: ServiceType,
  partnerResponse: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  demo: z.boolean(),
});
export type PartnerLeadView = z.infer<typeof PartnerLeadView>;

/** GET /api/partner/stats for the active role. */
export const PartnerStats = z.object({
  totalContacts: z.number(),
  thisMonthContacts: z.number(),
  newContacts: z.number(),
  respondedContacts: z.number(),
});
export type PartnerStats = z.infer<typeof PartnerStats>;

/** POST /api/partner-leads/{id}/respond. */
export const PartnerResponseRequest = z.strictObject({
  response: z.string({ error: 'Please write a response' }).trim().min(1, 'Please write a response').max(5000, 'The response is too long (5,000 characters at most)'),
});

/** GET /api/my-messages: the user's requests with the partners' responses. */
export const MyMessageView = PartnerLeadView.extend({
  partner: z.object({ id: z.string(), businessName: z.string(), roleId: PartnerRoleNameSchema, roleName: z.string() }),
});
export type MyMessageView = z.infer<typeof MyMessageView>;
