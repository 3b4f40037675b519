import { z } from 'zod';
import { PartnerRoleNameSchema } from '../roles-schema';

/**
 * A partner: one user in one partner role (stream `partner-<partnerId>`, the id derived from the
 * user and the role, so a second approval for the same role finds the same partner). It serves
 * one or more locations; each location is a "my-roles" entry (spec's user_roles row). Its profile
 * is kept per role: the dashboard, profile editor and inbox act per active role (spec 001 §4).
 */
export const PartnerProfileFields = z.object({
  businessName: z.string(),
  licenseNumber: z.string().nullable(),
  experienceYears: z.number().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  businessDescription: z.string().nullable(),
  bio: z.string().nullable(),
  videoLink: z.string().nullable(),
  officeSize: z.number().nullable(),
  profileImage: z.string().nullable(),
  companyImage: z.string().nullable(),
});
export type PartnerProfileFields = z.infer<typeof PartnerProfileFields>;

/** How a partner came to be: an approved application, or an admin's "Add New Partner Directly". */
export const PartnerSource = z.discriminatedUnion('via', [
  z.object({ via: z.literal('application'), applicationId: z.string() }),
  z.object({ via: z.literal('admin') }),
]);
export type PartnerSource = z.infer<typeof PartnerSource>;

/** The first approval of a user in a role: the partner exists, active, with its first profile. */
export const PartnerEnrolled = z.object({
  type: z.literal('PartnerEnrolled'),
  data: z.object({
    partnerId: z.string(),
    userId: z.string(),
    role: PartnerRoleNameSchema,
    profile: PartnerProfileFields,
    source: PartnerSource,
    approvedBy: z.string(),
    approvedAt: z.string(),
    /** Generated demo data (ops' demo seed), never to be mistaken for a real one; false when absent. */
    demo: z.boolean().default(false),
  }),
});

/** A location the partner serves, approved (the first ones come right after PartnerEnrolled). */
export const PartnerLocationApproved = z.object({
  type: z.literal('PartnerLocationApproved'),
  data: z.object({
    partnerId: z.string(),
    userId: z.string(),
    role: PartnerRoleNameSchema,
    locationId: z.string(),
    /** The business name given for this location (my-roles shows it per entry). */
    businessName: z.string(),
    source: PartnerSource,
    approvedBy: z.string(),
    approvedAt: z.string(),
  }),
});

/** The partner edited its profile for this role (PUT /api/partner/profile). */
export const PartnerProfileUpdated = z.object({
  type: z.literal('PartnerProfileUpdated'),
  data: z.object({ partnerId: z.string(), userId: z.string(), role: PartnerRoleNameSchema, profile: PartnerProfileFields, updatedAt: z.string() }),
});

export const PartnerEvent = z.discriminatedUnion('type', [PartnerEnrolled, PartnerLocationApproved, PartnerProfileUpdated]);
export type PartnerEvent = z.infer<typeof PartnerEvent>;
export const partnerEventTypes = ['PartnerEnrolled', 'PartnerLocationApproved', 'PartnerProfileUpdated'] as const;
