import type { MyMessageView, PartnerContactView, PartnerLeadView } from '@kainga/contracts';
import { roleLabels } from '@kainga/contracts';
import { contactStatusOf, type PartnerContact, type PartnerDoc, type PartnerLeadDoc } from '@kainga/projections';

/** A request as a lead (GET /api/partner-leads, and the answer to a new request). */
export function toLeadView(lead: PartnerLeadDoc): PartnerLeadView {
  return {
    id: lead._id,
    userId: lead.userId,
    partnerId: lead.partnerId,
    propertyId: lead.propertyId,
    locationId: lead.locationId,
    requestMessage: lead.requestMessage,
    leadStatus: lead.leadStatus,
    contactName: lead.contactName,
    contactEmail: lead.contactEmail,
    contactPhone: lead.contactPhone,
    serviceType: lead.serviceType,
    partnerResponse: lead.partnerResponse,
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt,
    demo: lead.demo ?? false,
  };
}

/** The same request as a contact (GET /api/partner-contacts), with its client and property when known. */
export function toContactView({ lead, user, property }: PartnerContact): PartnerContactView {
  return {
    id: lead._id,
    userId: lead.userId,
    partnerId: lead.partnerId,
    message: lead.requestMessage,
    contactStatus: contactStatusOf(lead.leadStatus),
    serviceType: lead.serviceType,
    contactName: lead.contactName,
    contactEmail: lead.contactEmail,
    contactPhone: lead.contactPhone,
    partnerResponse: lead.partnerResponse,
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt,
    user: user ? { id: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl } : null,
    property,
    demo: lead.demo ?? false,
  };
}

/** One of the client's own requests, with the partner it went to (GET /api/my-messages). */
export function toMyMessageView(lead: PartnerLeadDoc, partner: PartnerDoc): MyMessageView {
  return { ...toLeadView(lead), partner: { id: partner._id, businessName: partner.businessName, roleId: partner.role, roleName: roleLabels[partner.role] } };
}
