import type { PartnerEvent, PartnerProfileFields } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { partnerDecider, partnerIdFor } from './partner';

const at = '2026-11-23T00:00:00.000Z';
const profile: PartnerProfileFields = {
  businessName: 'Harbour Mortgages',
  licenseNumber: 'FSP123',
  experienceYears: 12,
  contactEmail: 'hello@harbour.nz',
  contactPhone: '021 555 0101',
  businessDescription: 'Home loans for first buyers.',
  bio: null,
  videoLink: null,
  officeSize: 4,
  profileImage: null,
  companyImage: null,
};
const source = { via: 'application', applicationId: 'a1' } as const;
const enrolled: PartnerEvent = { type: 'PartnerEnrolled', data: { partnerId: 'p1', userId: 'u1', role: 'mortgage_broker', profile, source, approvedBy: 'admin1', approvedAt: at, demo: false } };
const located = (locationId: string): PartnerEvent => ({
  type: 'PartnerLocationApproved',
  data: { partnerId: 'p1', userId: 'u1', role: 'mortgage_broker', locationId, businessName: 'Harbour Mortgages', source, approvedBy: 'admin1', approvedAt: at },
});
const approve = (locationIds: string[]) =>
  ({ type: 'ApprovePartner', partnerId: 'p1', userId: 'u1', role: 'mortgage_broker', profile, locationIds, source, by: 'admin1', at }) as const;
const spec = deciderSpec(partnerDecider);

describe('partner decider', () => {
  it('enrols a new partner with each of its locations', () => spec.given([]).when(approve(['auckland', 'hamilton'])).then([enrolled, located('auckland'), located('hamilton')]));

  it('enrols a demo partner flagged demo (the flag defaults to false)', () =>
    spec
      .given([])
      .when({ ...approve(['auckland']), demo: true })
      .then([{ type: 'PartnerEnrolled', data: { ...(enrolled.data as Extract<PartnerEvent, { type: 'PartnerEnrolled' }>['data']), demo: true } }, located('auckland')]));

  it('adds only the locations not yet served on a later approval', () =>
    spec.given([enrolled, located('auckland')]).when(approve(['auckland', 'tauranga'])).then([located('tauranga')]));

  it('appends nothing for an approval it already holds', () => spec.given([enrolled, located('auckland')]).when(approve(['auckland'])).thenNothingHappens());

  it('refuses an approval naming another user for the same partner id', () =>
    spec.given([enrolled]).when({ ...approve(['auckland']), userId: 'u2' }).thenRefuses('conflict'));

  it('updates the profile, and records nothing when it is unchanged', () => {
    spec
      .given([enrolled])
      .when({ type: 'UpdatePartnerProfile', profile: { ...profile, bio: 'Twelve years in Auckland.' }, at })
      .then([{ type: 'PartnerProfileUpdated', data: { partnerId: 'p1', userId: 'u1', role: 'mortgage_broker', profile: { ...profile, bio: 'Twelve years in Auckland.' }, updatedAt: at } }]);
    spec.given([enrolled]).when({ type: 'UpdatePartnerProfile', profile, at }).thenNothingHappens();
  });

  it('refuses a profile update before enrolment', () => spec.given([]).when({ type: 'UpdatePartnerProfile', profile, at }).thenRefuses('not_found'));

  it('derives one partner id per user and role', () => {
    expect(partnerIdFor('u1', 'mortgage_broker')).toBe(partnerIdFor('u1', 'mortgage_broker'));
    expect(partnerIdFor('u1', 'mortgage_broker')).not.toBe(partnerIdFor('u1', 'property_manager'));
    expect(partnerIdFor('u1', 'mortgage_broker')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
