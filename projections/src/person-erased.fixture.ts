import type { PersonErased } from '@kainga/contracts';

/**
 * A small log for the erasure tests (person-erased.test.ts, erasure-rebuild.test.ts): two people,
 * each an owner (a property, its valuation, a request sent to the other's partner record) and a
 * partner (two applications, one rejected, a profile, a subscription with an advert, a plan
 * request, a charged and disputed lead), a signed-out request from A's email and one from a third
 * visitor; and the PersonErased that erases A as the erasure command names what was theirs.
 */

export interface FixturePerson {
  userId: string;
  partnerId: string;
  propertyId: string;
  valuationId: string;
  /** The request this person sent, signed in, to the other person's partner record. */
  sentLeadId: string;
  approvedApplicationId: string;
  rejectedApplicationId: string;
  subscriptionId: string;
  adContentId: string;
  /** Every text of theirs that is personal: none may be read once they are erased. */
  personal: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    street: string;
    message: string;
    business: string;
    businessEmail: string;
    businessPhone: string;
    bio: string;
    licence: string;
    rejection: string;
    advertTitle: string;
    advertDescription: string;
    planMessage: string;
    disputeReason: string;
    response: string;
    profileImage: string;
  };
}

const person = (key: string, first: string, last: string, street: string, suburb: string): FixturePerson => ({
  userId: `u-${key}`,
  partnerId: `partner-of-${key}`,
  propertyId: `prop-${key}`,
  valuationId: `val-${key}`,
  sentLeadId: `lead-from-${key}`,
  approvedApplicationId: `app-${key}-ok`,
  rejectedApplicationId: `app-${key}-no`,
  subscriptionId: `sub-${key}`,
  adContentId: `ad-${key}`,
  personal: {
    firstName: first,
    lastName: last,
    email: `${first}.${last}@example.nz`.toLowerCase(),
    phone: key === 'a' ? '+64 21 555 0101' : '+64 27 444 0202',
    street,
    message: `${first} here: please ring me about ${suburb}`,
    business: `${last} Mortgage Advisers`,
    businessEmail: `office@${last.toLowerCase()}-mortgages.nz`,
    businessPhone: key === 'a' ? '+64 9 555 0111' : '+64 4 444 0222',
    bio: `${first} has helped families in ${suburb} for years`,
    licence: `FSP-${key === 'a' ? '110011' : '220022'}`,
    rejection: `${first} ${last} gave no licence number`,
    advertTitle: `Talk to ${first} about your mortgage`,
    advertDescription: `${last} Mortgage Advisers find the best rate`,
    planMessage: `${first} would like gold in Auckland`,
    disputeReason: `${first} says the client never answered`,
    response: `Kia ora, ${first} will call you on Monday`,
    profileImage: `/api/uploads/${key}-portrait.png`,
  },
});

export const A = person('a', 'Arohanui', 'Ngatakiri', '27 Kōwhaiwhai Crescent', 'Ponsonby');
export const B = person('b', 'Rēwiti', 'Paratene', '9 Tōtara Terrace', 'Karori');

/** A signed-out request from A's email, and one from a visitor nobody erases. */
export const A_SIGNED_OUT_LEAD = 'lead-a-signed-out';
export const VISITOR = { leadId: 'lead-visitor', name: 'Ngaio Visitorson', email: 'ngaio.visitorson@example.nz', phone: '+64 22 333 0303', message: 'Ngaio asks for a call back' };

export interface FixtureEvent {
  stream: string;
  type: string;
  data: Record<string, unknown>;
}

const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();

/** Everything a person did, on day `day` of the fixture's month; `other` is the partner they write to. */
function journey(p: FixturePerson, other: FixturePerson, day: number): FixtureEvent[] {
  const s = p.personal;
  const profile = {
    businessName: s.business,
    licenseNumber: s.licence,
    experienceYears: 12,
    contactEmail: s.businessEmail,
    contactPhone: s.businessPhone,
    businessDescription: `${s.business} in Auckland`,
    bio: s.bio,
    videoLink: null,
    officeSize: 4,
    profileImage: s.profileImage,
    companyImage: null,
  };
  const application = (applicationId: string, submittedAt: string) => ({
    stream: `partnerApplication-${applicationId}`,
    type: 'PartnerApplicationSubmitted',
    data: {
      applicationId,
      userId: p.userId,
      form: 'apply',
      requestedRoleId: 'mortgage_broker',
      requestedLocationIds: ['auckland'],
      ...profile,
      businessDescription: `${s.business} in Auckland`,
      submittedAt,
      demo: false,
    },
  });
  return [
    {
      stream: `user-${p.userId}`,
      type: 'UserRegistered',
      data: { userId: p.userId, email: s.email, firstName: s.firstName, lastName: s.lastName, roles: ['general'], profileImageUrl: s.profileImage, provider: 'password', registeredAt: at(day) },
    },
    {
      stream: `property-${p.propertyId}`,
      type: 'PropertyRegistered',
      data: { propertyId: p.propertyId, ownerId: p.userId, address: s.street, suburb: 'Ponsonby', city: 'Auckland', bedrooms: 3, bathrooms: 1, floorArea: 140, landArea: 500, rateableValue: 1_200_000, demo: false, registeredAt: at(day, 1) },
    },
    {
      stream: `property-${p.propertyId}`,
      type: 'PropertyLocated',
      data: { propertyId: p.propertyId, latitude: -36.85, longitude: 174.74, precision: 'address', accuracyKm: 0.05, geocoder: 'test', locatedAt: at(day, 1) },
    },
    {
      stream: `valuation-${p.valuationId}`,
      type: 'ValuationRequested',
      data: {
        valuationId: p.valuationId,
        propertyId: p.propertyId,
        userId: p.userId,
        purpose: 'selling',
        property: { address: s.street, suburb: 'Ponsonby', city: 'Auckland', bedrooms: 3, bathrooms: 1, floorArea: 140, landArea: 500, rateableValue: 1_200_000 },
        conditionScores: {},
        demo: false,
        requestedAt: at(day, 2),
      },
    },
    {
      stream: `valuation-${p.valuationId}`,
      type: 'ValuationCompleted',
      data: {
        valuationId: p.valuationId,
        propertyId: p.propertyId,
        estimatedValue: 1_300_000,
        conservativeValue: 1_200_000,
        optimisticValue: 1_400_000,
        baseValue: 1_250_000,
        conditionAdjustment: 0,
        marketAdjustment: 0,
        confidence: 70,
        engine: 'model',
        engineVersion: 'test',
        explanation: ['Recent sales in Ponsonby'],
        fallbackReason: null,
        completedAt: at(day, 3),
        requestedAt: at(day, 2),
      },
    },
    application(p.rejectedApplicationId, at(day, 4)),
    {
      stream: `partnerApplication-${p.rejectedApplicationId}`,
      type: 'PartnerApplicationRejected',
      data: { applicationId: p.rejectedApplicationId, userId: p.userId, reason: s.rejection, reviewedBy: 'u-admin', reviewedAt: at(day, 5) },
    },
    application(p.approvedApplicationId, at(day, 6)),
    {
      stream: `partnerApplication-${p.approvedApplicationId}`,
      type: 'PartnerApplicationApproved',
      data: { applicationId: p.approvedApplicationId, userId: p.userId, partnerId: p.partnerId, reviewedBy: 'u-admin', reviewedAt: at(day, 7) },
    },
    {
      stream: `partner-${p.partnerId}`,
      type: 'PartnerEnrolled',
      data: { partnerId: p.partnerId, userId: p.userId, role: 'mortgage_broker', profile, source: { via: 'application', applicationId: p.approvedApplicationId }, approvedBy: 'u-admin', approvedAt: at(day, 7), demo: false },
    },
    {
      stream: `partner-${p.partnerId}`,
      type: 'PartnerLocationApproved',
      data: { partnerId: p.partnerId, userId: p.userId, role: 'mortgage_broker', locationId: 'auckland', businessName: s.business, source: { via: 'application', applicationId: p.approvedApplicationId }, approvedBy: 'u-admin', approvedAt: at(day, 7) },
    },
    {
      stream: `user-${p.userId}`,
      type: 'UserRolesChanged',
      data: { userId: p.userId, roles: ['general', 'mortgage_broker'], changedBy: 'u-admin', changedAt: at(day, 7) },
    },
    {
      stream: `adSubscription-${p.subscriptionId}`,
      type: 'AdSubscriptionStarted',
      data: { subscriptionId: p.subscriptionId, partnerId: p.partnerId, partnerUserId: p.userId, partnerRole: 'mortgage_broker', adPlanId: 'plan-gold', tier: 'gold', locationId: 'auckland', startDate: at(day, 8), autoRenew: true, source: { via: 'admin', by: 'u-admin' }, demo: false },
    },
    {
      stream: `adContent-${p.adContentId}`,
      type: 'AdContentSubmitted',
      data: {
        adContentId: p.adContentId,
        subscriptionId: p.subscriptionId,
        partnerId: p.partnerId,
        content: { title: s.advertTitle, description: s.advertDescription, imageUrl: `/api/uploads/${p.adContentId}.png`, ctaText: 'Call us', ctaUrl: `https://${s.lastName.toLowerCase()}.example.nz`, targetRoles: [] },
        by: p.userId,
        at: at(day, 8),
        demo: false,
      },
    },
    { stream: `adContent-${p.adContentId}`, type: 'AdContentApproved', data: { adContentId: p.adContentId, by: 'u-admin', at: at(day, 9) } },
    {
      stream: `adPlanRequest-${p.partnerId}-plan-silver-auckland`,
      type: 'AdPlanAllocationRequested',
      data: { partnerId: p.partnerId, adPlanId: 'plan-silver', locationId: 'auckland', message: s.planMessage, requestedBy: p.userId, requestedAt: at(day, 9) },
    },
    {
      stream: `partnerLead-${p.sentLeadId}`,
      type: 'PartnerLeadReceived',
      data: {
        leadId: p.sentLeadId,
        partnerId: other.partnerId,
        userId: p.userId,
        origin: 'contact',
        serviceType: 'mortgage',
        propertyId: p.propertyId,
        locationId: 'auckland',
        requestMessage: s.message,
        contactName: `${s.firstName} ${s.lastName}`,
        contactEmail: s.email,
        contactPhone: s.phone,
        receivedAt: at(day + 1),
        demo: false,
      },
    },
  ];
}

/** What each partner did with the request the other sent them, and the charge for it. */
function answer(partner: FixturePerson, sender: FixturePerson, day: number): FixtureEvent[] {
  const leadId = sender.sentLeadId;
  return [
    { stream: `partnerLead-${leadId}`, type: 'PartnerLeadRead', data: { leadId, partnerId: partner.partnerId, readBy: partner.userId, readAt: at(day, 1) } },
    { stream: `partnerLead-${leadId}`, type: 'PartnerLeadResponded', data: { leadId, partnerId: partner.partnerId, response: partner.personal.response, respondedBy: partner.userId, respondedAt: at(day, 2) } },
    { stream: `leadCharge-${leadId}`, type: 'LeadChargeRequested', data: { leadId, partnerId: partner.partnerId, subscriptionId: partner.subscriptionId, amount: 25, currency: 'NZD', requestedAt: at(day, 1) } },
    { stream: `leadCharge-${leadId}`, type: 'LeadChargeSucceeded', data: { leadId, partnerId: partner.partnerId, stripePaymentIntentId: `pi_${leadId}`, chargedAt: at(day, 2) } },
    { stream: `leadCharge-${leadId}`, type: 'LeadChargeDisputed', data: { leadId, partnerId: partner.partnerId, reason: partner.personal.disputeReason, disputedBy: partner.userId, disputedAt: at(day, 3) } },
  ];
}

const signedOut = (leadId: string, partnerId: string, name: string, email: string, phone: string, message: string, day: number): FixtureEvent => ({
  stream: `partnerLead-${leadId}`,
  type: 'PartnerLeadReceived',
  data: { leadId, partnerId, userId: null, origin: 'partner_dialog', serviceType: 'mortgage', propertyId: null, locationId: 'auckland', requestMessage: message, contactName: name, contactEmail: email, contactPhone: phone, receivedAt: at(day), demo: false },
});

/** The log before the erasure, in order. */
export function fixtureLog(): FixtureEvent[] {
  return [
    ...journey(A, B, 1),
    ...journey(B, A, 3),
    ...answer(B, A, 6),
    ...answer(A, B, 7),
    signedOut(A_SIGNED_OUT_LEAD, B.partnerId, `${A.personal.firstName} ${A.personal.lastName}`, A.personal.email, A.personal.phone, `${A.personal.firstName} again, signed out`, 8),
    signedOut(VISITOR.leadId, A.partnerId, VISITOR.name, VISITOR.email, VISITOR.phone, VISITOR.message, 8),
  ];
}

export const ERASED_AT = at(20);

/** The PersonErased the erasure command appends for A (erasure-records.ts names the same records). */
export function erasureOfA(): PersonErased['data'] {
  return {
    userId: A.userId,
    requestedBy: 'admin',
    by: 'u-admin',
    reason: 'Asked by email to be forgotten',
    records: {
      partnerIds: [A.partnerId],
      propertyIds: [A.propertyId],
      valuationIds: [A.valuationId],
      sentLeadIds: [A.sentLeadId, A_SIGNED_OUT_LEAD],
      applicationIds: [A.rejectedApplicationId, A.approvedApplicationId],
      adContentIds: [A.adContentId],
      subscriptionIds: [A.subscriptionId],
      uploads: [A.personal.profileImage, `/api/uploads/${A.adContentId}.png`],
    },
    persons: [A.userId],
    scopes: [`user:${A.userId}`, `partner:${A.partnerId}`, `property:${A.propertyId}`, `lead:${A.sentLeadId}`, `lead:${A_SIGNED_OUT_LEAD}`, `adContent:${A.adContentId}`],
    at: ERASED_AT,
  };
}

/** Every text of a person's as it might be stored: as written, and as the searches normalise it (lower case, no macrons). */
export function tracesOf(p: FixturePerson, extra: readonly string[] = []): string[] {
  const texts = [...Object.values(p.personal), ...extra];
  return [...new Set(texts.flatMap((t) => [t, t.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]))];
}
