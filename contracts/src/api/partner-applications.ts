import { z } from 'zod';
import { PartnerApplicationSubmitted } from '../events/partner-applications';
import { PartnerRoleNameSchema } from '../roles-schema';

/** Optional text: absent, null or blank all mean "not given" (stored as null). */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalNumber = (schema: z.ZodNumber) => schema.nullish().transform((v) => (v === undefined ? null : v));
/** A path the upload routes answered (`/api/uploads/<kind>/<file>`), or nothing. */
export const UploadedImagePath = z
  .string()
  .regex(/^\/api\/uploads\/(profile-images|company-images)\/[A-Za-z0-9._-]+$/, 'Please upload the image again')
  .nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v : null));
/** A URL or empty (videoLink); `message` is the form's own text. */
export const OptionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/partner-applications from /apply (one location): spec 001 §5, its messages exactly. */
export const ApplyApplicationRequest = z.strictObject({
  requestedRoleId: z.string({ error: 'Role selection is required' }).min(1, 'Role selection is required').pipe(PartnerRoleNameSchema),
  requestedLocationId: z.string({ error: 'Location selection is required' }).min(1, 'Location selection is required'),
  businessName: z.string({ error: 'Business name is required' }).trim().min(2, 'Business name is required').max(200, 'Business name is too long'),
  contactEmail: z.string({ error: 'Valid email is required' }).trim().max(254, 'Valid email is required').pipe(z.email('Valid email is required')),
  contactPhone: optionalText(40, 'Phone number is too long'),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  experienceYears: optionalNumber(z.number({ error: 'Experience must be a number' }).min(0, 'Experience must be 0 or more years').max(50, 'Experience cannot exceed 50 years')),
  businessDescription: z
    .string({ error: 'Please provide a business description' })
    .trim()
    .min(10, 'Please provide a business description')
    .max(500, 'Description too long'),
});
export type ApplyApplicationRequest = z.infer<typeof ApplyApplicationRequest>;

/** The enquiry form's required numbers left empty. */
export const ENQUIRY_EXPERIENCE_REQUIRED = 'Enter your years of experience';
export const ENQUIRY_OFFICE_SIZE_REQUIRED = 'Enter how many people work in your office';

/** POST /api/partner-applications from /partner-enquiry (several locations, the full profile). */
export const EnquiryApplicationRequest = z.strictObject({
  businessName: z.string({ error: 'Business name must be at least 2 characters' }).trim().min(2, 'Business name must be at least 2 characters').max(200, 'Business name is too long'),
  contactEmail: z.string({ error: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  contactPhone: z.string({ error: 'Please enter a valid phone number' }).trim().min(10, 'Please enter a valid phone number').max(40, 'Please enter a valid phone number'),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  // Left empty, the field is required (not "0 or more"): the words say what to do.
  experienceYears: z
    .number({ error: (issue) => (issue.input == null ? ENQUIRY_EXPERIENCE_REQUIRED : 'Experience must be 0 or more years') })
    .min(0, 'Experience must be 0 or more years')
    .max(50, 'Experience cannot exceed 50 years'),
  businessDescription: z
    .string({ error: 'Please provide at least 50 characters describing your business' })
    .trim()
    .min(50, 'Please provide at least 50 characters describing your business')
    .max(2000, 'Description too long'),
  requestedRoleId: z.string({ error: 'Please select a partner role' }).min(1, 'Please select a partner role').pipe(PartnerRoleNameSchema),
  requestedLocationIds: z
    .array(z.string(), { error: 'Please select at least one service location' })
    .min(1, 'Please select at least one service location')
    .max(50, 'Please select at most 50 service locations'),
  officeSize: z.number({ error: (issue) => (issue.input == null ? ENQUIRY_OFFICE_SIZE_REQUIRED : 'Office size must be at least 1 person') }).int('Office size must be a whole number').min(1, 'Office size must be at least 1 person').max(1000, 'Office size cannot exceed 1000 people'),
  bio: z.string({ error: 'Please provide at least 100 characters for your bio' }).trim().min(100, 'Please provide at least 100 characters for your bio').max(3000, 'Bio is too long'),
  videoLink: OptionalUrl('Please enter a valid URL'),
  companyImage: UploadedImagePath,
  profileImage: UploadedImagePath,
});
export type EnquiryApplicationRequest = z.infer<typeof EnquiryApplicationRequest>;

export const ApplicationStatus = z.enum(['pending', 'approved', 'rejected']);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

/** An application as the admin's lists read it (GET /api/admin/partner-applications), newest first. */
export const PartnerApplicationView = PartnerApplicationSubmitted.shape.data
  .omit({ applicationId: true, form: true, submittedAt: true })
  .extend({
    id: z.string(),
    applicationStatus: ApplicationStatus,
    /** The first requested location (the spec's single-location field). */
    requestedLocationId: z.string(),
    createdAt: z.string(),
    reviewedBy: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    /** The rejection reason (the spec's adminNotes). */
    adminNotes: z.string().nullable(),
    applicant: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  });
export type PartnerApplicationView = z.infer<typeof PartnerApplicationView>;

/** POST /api/admin/partner-applications/{id}/reject. */
export const RejectApplicationRequest = z.strictObject({
  reason: z.string({ error: 'Please give a reason for the rejection' }).trim().min(1, 'Please give a reason for the rejection').max(1000, 'The reason is too long'),
});

/** POST /api/admin/create-partner (spec 001 §3, §5); role choices are the three partner roles. */
export const CreatePartnerRequest = z.strictObject({
  email: z.string({ error: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')).transform((e) => e.toLowerCase()),
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  roleId: z.string({ error: 'Please select a partner role' }).min(1, 'Please select a partner role').pipe(PartnerRoleNameSchema),
  locationId: z.string({ error: 'Location selection is required' }).min(1, 'Location selection is required'),
  businessName: z.string({ error: 'Business name is required' }).trim().min(2, 'Business name is required').max(200, 'Business name is too long'),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  experienceYears: optionalNumber(z.number({ error: 'Experience must be a whole number' }).int('Experience must be a whole number').min(0, 'Experience must be 0 or more years').max(50, 'Experience cannot exceed 50 years')),
});
export type CreatePartnerRequest = z.infer<typeof CreatePartnerRequest>;

/** GET /api/my-roles: one entry per partner role and location (the spec's user_roles row). */
export const MyRoleEntry = z.object({
  id: z.string(),
  partnerId: z.string(),
  roleId: PartnerRoleNameSchema,
  locationId: z.string(),
  businessName: z.string(),
  licenseNumber: z.string().nullable(),
  experienceYears: z.number().nullable(),
  status: z.enum(['active', 'inactive']),
  approvedBy: z.string(),
  approvedAt: z.string(),
});
export type MyRoleEntry = z.infer<typeof MyRoleEntry>;

/** GET /api/admin/partners: every partner, for the admin's lists and the plan allocation form. */
export const AdminPartnerView = z.object({
  id: z.string(),
  userId: z.string(),
  roleId: PartnerRoleNameSchema,
  businessName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(['active', 'inactive']),
  locations: z.array(z.object({ id: z.string(), cityName: z.string() })),
  createdAt: z.string(),
  demo: z.boolean(),
});
export type AdminPartnerView = z.infer<typeof AdminPartnerView>;

/** POST /api/admin/create-partner's answer: the partner, and whether a new account was mailed an invitation. */
export const CreatePartnerResponse = z.object({ partner: AdminPartnerView, invited: z.boolean() });
export type CreatePartnerResponse = z.infer<typeof CreatePartnerResponse>;
