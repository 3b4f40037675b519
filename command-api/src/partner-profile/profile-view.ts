import type { PartnerProfileFields, PartnerProfileView, User } from '@kainga/contracts';
import type { PartnerDoc } from '@kainga/projections';

/** The profile fields of a partner record, and only those (the document holds more). */
export function profileFieldsOf(doc: PartnerDoc): PartnerProfileFields {
  return {
    businessName: doc.businessName,
    licenseNumber: doc.licenseNumber,
    experienceYears: doc.experienceYears,
    contactEmail: doc.contactEmail,
    contactPhone: doc.contactPhone,
    businessDescription: doc.businessDescription,
    bio: doc.bio,
    videoLink: doc.videoLink,
    officeSize: doc.officeSize,
    profileImage: doc.profileImage,
    companyImage: doc.companyImage,
  };
}

/** GET /api/partner/profile's answer: the account's name and email, the role's partner profile. */
export function toProfileView(user: User, partner: PartnerDoc): PartnerProfileView {
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, profileImageUrl: user.profileImageUrl },
    partnerData: profileFieldsOf(partner),
  };
}
