import { z } from 'zod';
import { serviceTypes } from '../service-types';

export { serviceTypes, serviceTypeLabels, serviceTypeOfRole } from '../service-types';
/** Service types of a lead (partner/admin spec §3, §9); labels in ../service-types.ts. */
export const ServiceType = z.enum(serviceTypes);
export type ServiceType = z.infer<typeof ServiceType>;

/**
 * Where a request to a partner came from: the local-professionals contact dialog
 * (POST /api/partner-contacts), its service request (POST /api/partner-leads) or a premium
 * partner's dialog (POST /api/partners/{id}/contact, open to signed-out visitors).
 */
export const LeadOrigin = z.enum(['contact', 'service_request', 'partner_dialog']);
export type LeadOrigin = z.infer<typeof LeadOrigin>;

/**
 * One request from a client to a partner, stream `partnerLead-<leadId>`. The partner dashboard
 * reads it as a contact (sent → read → responded) and as a lead (new → contacted → responded):
 * one fact, the spec's two vocabularies (spec 001 §4), so PATCH /api/partner-contacts/{id}/read
 * and POST /api/partner-leads/{id}/respond address the same request.
 */
export const PartnerLeadReceived = z.object({
  type: z.literal('PartnerLeadReceived'),
  data: z.object({
    leadId: z.string(),
    partnerId: z.string(),
    /** The client's account; null for a signed-out visitor's message from a partner's dialog. */
    userId: z.string().nullable(),
    origin: LeadOrigin,
    serviceType: ServiceType,
    propertyId: z.string().nullable(),
    locationId: z.string(),
    requestMessage: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string().nullable(),
    receivedAt: z.string(),
    /** Generated demo data (ops' demo seed), never to be mistaken for a real one; false when absent. */
    demo: z.boolean().default(false),
    /**
     * The lead this one repeats: its sender wrote to this partner already within the lead window
     * (LeadWindowOpened), so it reaches the partner but is never charged. Absent: a lead of its
     * own (and every lead received before the window existed).
     */
    repeatOf: z.string().optional(),
  }),
});

/** The partner opened it (a 'sent' contact becomes 'read'; the lead 'contacted'). */
export const PartnerLeadRead = z.object({
  type: z.literal('PartnerLeadRead'),
  data: z.object({ leadId: z.string(), partnerId: z.string(), readBy: z.string(), readAt: z.string() }),
});

/** The partner's one, final response; it is emailed to the client. */
export const PartnerLeadResponded = z.object({
  type: z.literal('PartnerLeadResponded'),
  data: z.object({ leadId: z.string(), partnerId: z.string(), response: z.string(), respondedBy: z.string(), respondedAt: z.string() }),
});

export const PartnerLeadEvent = z.discriminatedUnion('type', [PartnerLeadReceived, PartnerLeadRead, PartnerLeadResponded]);
export type PartnerLeadEvent = z.infer<typeof PartnerLeadEvent>;
export const partnerLeadEventTypes = ['PartnerLeadReceived', 'PartnerLeadRead', 'PartnerLeadResponded'] as const;

/**
 * The lead window of one sender and one partner, stream `leadWindow-<digest of sender and
 * partner>`: every request of the sender (their account, or a signed-out visitor's email) to the
 * partner within the window is one lead. The first opens it (a lead that may be charged); a
 * different message within it is recorded as a repeat (it reaches the partner, never charged); the
 * same message again adds nothing. Appended with the expected revision, so parallel requests of
 * one sender make one lead. Only digests: the sender's address stays in the lead itself.
 */
export const LeadWindowOpened = z.object({
  type: z.literal('LeadWindowOpened'),
  data: z.object({ partnerId: z.string(), leadId: z.string(), messageDigest: z.string(), openedAt: z.string() }),
});

export const LeadRepeatRecorded = z.object({
  type: z.literal('LeadRepeatRecorded'),
  data: z.object({ partnerId: z.string(), leadId: z.string(), firstLeadId: z.string(), messageDigest: z.string(), recordedAt: z.string() }),
});

export const LeadWindowEvent = z.discriminatedUnion('type', [LeadWindowOpened, LeadRepeatRecorded]);
export type LeadWindowEvent = z.infer<typeof LeadWindowEvent>;
export const leadWindowEventTypes = ['LeadWindowOpened', 'LeadRepeatRecorded'] as const;
