import { z } from 'zod';
import { PartnerRoleNameSchema } from '../roles-schema';

/**
 * A request to become a partner (partner/admin spec §3, partner_applications), stream
 * `partnerApplication-<applicationId>`. Both forms submit it: /apply with one location, the
 * /partner-enquiry form with several and the longer profile (bio, office size, images).
 */
export const PartnerApplicationSubmitted = z.object({
  type: z.literal('PartnerApplicationSubmitted'),
  data: z.object({
    applicationId: z.string(),
    userId: z.string(),
    form: z.enum(['apply', 'enquiry']),
    requestedRoleId: PartnerRoleNameSchema,
    requestedLocationIds: z.array(z.string()).min(1),
    businessName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string().nullable(),
    licenseNumber: z.string().nullable(),
    experienceYears: z.number().nullable(),
    businessDescription: z.string(),
    officeSize: z.number().nullable(),
    bio: z.string().nullable(),
    videoLink: z.string().nullable(),
    /** Paths answered by the upload routes (`/api/uploads/...`). */
    companyImage: z.string().nullable(),
    profileImage: z.string().nullable(),
    submittedAt: z.string(),
    /** Generated demo data (ops' demo seed), never to be mistaken for a real one; false when absent. */
    demo: z.boolean().default(false),
  }),
});

/** Admin Approve (no body): the applicant becomes a partner (see PartnerEnrolled). */
export const PartnerApplicationApproved = z.object({
  type: z.literal('PartnerApplicationApproved'),
  data: z.object({ applicationId: z.string(), userId: z.string(), partnerId: z.string(), reviewedBy: z.string(), reviewedAt: z.string() }),
});

/** Admin Reject with a non-blank reason (kept as the spec's adminNotes). */
export const PartnerApplicationRejected = z.object({
  type: z.literal('PartnerApplicationRejected'),
  data: z.object({ applicationId: z.string(), userId: z.string(), reason: z.string(), reviewedBy: z.string(), reviewedAt: z.string() }),
});

export const PartnerApplicationEvent = z.discriminatedUnion('type', [PartnerApplicationSubmitted, PartnerApplicationApproved, PartnerApplicationRejected]);
export type PartnerApplicationEvent = z.infer<typeof PartnerApplicationEvent>;
export const partnerApplicationEventTypes = ['PartnerApplicationSubmitted', 'PartnerApplicationApproved', 'PartnerApplicationRejected'] as const;
