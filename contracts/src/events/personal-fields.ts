/**
 * Which fields of which events are personal information, and whose (issue 50, DESIGN "Personal
 * data of a person can be erased although the log is immutable"). The event store keeps these
 * fields only sealed, each group under the key of its *scope* (a person, a partner, a property, a
 * lead, an advert); the keys live outside the log, in the personal-data vault, and erasing a
 * person destroys the keys of every scope linked to them ("crypto-shredding", docs/security.md).
 * What is not listed here (ids, amounts, dates, counts, suburbs, towns) stays readable for ever,
 * so the books, the counts and the fact of an erasure outlive the person's details.
 */

/** What an erased text field reads as, everywhere it is shown. */
export const ERASED_TEXT = 'Erased at the person’s request';

type Data = Record<string, unknown>;

export interface PersonalFieldGroup {
  /** The scope whose key seals these fields: `user:<id>`, `partner:<id>`, `property:<id>`, `lead:<id>`, `leadReply:<id>`, `adContent:<id>`. */
  scope: (data: Data) => string;
  /**
   * The person the scope belongs to, when this event knows it (a user id, or a signed-out
   * visitor's email, which the vault turns into a keyed digest): the scope's key is linked to them,
   * so erasing the person destroys it. Absent: an earlier event linked the scope (a property's
   * owner by PropertyRegistered), or an erasure names the scope itself (an advert's).
   */
  person?: (data: Data) => string | { visitorEmail: string } | null;
  /** Dot paths of the personal fields, each with what it reads as once its key is destroyed. */
  fields: Readonly<Record<string, unknown>>;
}

const str = (data: Data, key: string) => String(data[key]);
const own = (data: Data) => str(data, 'userId');
const user = (data: Data) => `user:${own(data)}`;
const partner = (data: Data) => `partner:${str(data, 'partnerId')}`;
const property = (data: Data) => `property:${str(data, 'propertyId')}`;
const lead = (data: Data) => `lead:${str(data, 'leadId')}`;
const leadReply = (data: Data) => `leadReply:${str(data, 'leadId')}`;
const adContent = (data: Data) => `adContent:${str(data, 'adContentId')}`;

/** The scope names an erasure destroys for each kind of record (the vault's links find the rest). */
export const personalScopes = {
  user: (userId: string) => `user:${userId}`,
  partner: (partnerId: string) => `partner:${partnerId}`,
  property: (propertyId: string) => `property:${propertyId}`,
  lead: (leadId: string) => `lead:${leadId}`,
  /**
   * A partner's reply to a request: linked to the partner who wrote it (erasing them destroys it)
   * and named by every erasure of the request's sender, since a reply speaks to and of them.
   * Replies sealed before this scope existed are under the request's own `lead:` key.
   */
  leadReply: (leadId: string) => `leadReply:${leadId}`,
  adContent: (adContentId: string) => `adContent:${adContentId}`,
};

const name = { firstName: ERASED_TEXT, lastName: '' };
const email = { email: '' };
const partnerProfile = (prefix: string) => ({
  [`${prefix}businessName`]: ERASED_TEXT,
  [`${prefix}licenseNumber`]: null,
  [`${prefix}contactEmail`]: '',
  [`${prefix}contactPhone`]: null,
  [`${prefix}businessDescription`]: null,
  [`${prefix}bio`]: null,
  [`${prefix}videoLink`]: null,
  [`${prefix}profileImage`]: null,
  [`${prefix}companyImage`]: null,
});
const address = (prefix: string) => ({ [`${prefix}address`]: ERASED_TEXT });
const advert = { 'content.title': ERASED_TEXT, 'content.description': '', 'content.imageUrl': null, 'content.ctaUrl': '' };

/**
 * Every event type that holds personal fields. Names, emails, phones, free text a person wrote,
 * a home's street address and its point on the map, a partner's business profile and images.
 */
export const personalDataRules: Readonly<Record<string, readonly PersonalFieldGroup[]>> = {
  UserRegistered: [{ scope: user, person: own, fields: { ...name, ...email, profileImageUrl: null } }],
  UserProfileChanged: [{ scope: user, person: own, fields: { ...name, ...email } }],
  AdminEmailLinkSent: [{ scope: user, person: own, fields: email }],
  AdminEmailVerified: [{ scope: user, person: own, fields: email }],
  EmailReserved: [{ scope: user, person: own, fields: email }],
  EmailReleased: [{ scope: user, person: own, fields: email }],
  PartnerApplicationSubmitted: [{ scope: user, person: own, fields: { ...partnerProfile(''), businessDescription: '' } }],
  PartnerApplicationRejected: [{ scope: user, person: own, fields: { reason: ERASED_TEXT } }],
  PartnerEnrolled: [{ scope: partner, person: own, fields: partnerProfile('profile.') }],
  PartnerLocationApproved: [{ scope: partner, person: own, fields: { businessName: ERASED_TEXT } }],
  PartnerProfileUpdated: [{ scope: partner, person: own, fields: partnerProfile('profile.') }],
  PropertyRegistered: [{ scope: property, person: (d) => str(d, 'ownerId'), fields: address('') }],
  PropertyDetailsChanged: [{ scope: property, fields: address('') }],
  PropertyLocated: [{ scope: property, fields: { latitude: 0, longitude: 0 } }],
  ValuationRequested: [{ scope: property, person: own, fields: address('property.') }],
  PartnerLeadReceived: [
    {
      scope: lead,
      person: (d) => (d.userId ? String(d.userId) : { visitorEmail: str(d, 'contactEmail') }),
      fields: { requestMessage: ERASED_TEXT, contactName: ERASED_TEXT, contactEmail: '', contactPhone: null },
    },
  ],
  PartnerLeadResponded: [{ scope: leadReply, person: (d) => str(d, 'respondedBy'), fields: { response: ERASED_TEXT } }],
  // A partner's words disputing a charge are theirs (the charge's amounts stay for the books).
  LeadChargeDisputed: [{ scope: partner, fields: { reason: ERASED_TEXT } }],
  AdPlanAllocationRequested: [{ scope: partner, fields: { message: '' } }],
  AdContentSubmitted: [{ scope: adContent, fields: advert }],
  AdContentRevised: [{ scope: adContent, fields: advert }],
};
