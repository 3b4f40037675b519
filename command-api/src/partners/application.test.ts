import type { PartnerApplicationEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { applicationDecider, profileOf, type SubmittedApplication } from './application';
import { partnerIdFor } from './partner';

const at = '2026-11-23T00:00:00.000Z';
const application: SubmittedApplication = {
  applicationId: 'a1',
  userId: 'u1',
  form: 'apply',
  requestedRoleId: 'mortgage_broker',
  requestedLocationIds: ['auckland'],
  businessName: 'Harbour Mortgages',
  contactEmail: 'hello@harbour.nz',
  contactPhone: null,
  licenseNumber: 'FSP123',
  experienceYears: 12,
  businessDescription: 'Home loans for first buyers.',
  officeSize: null,
  bio: null,
  videoLink: null,
  companyImage: null,
  profileImage: null,
  submittedAt: at,
  demo: false,
};
const submitted: PartnerApplicationEvent = { type: 'PartnerApplicationSubmitted', data: application };
const approved: PartnerApplicationEvent = {
  type: 'PartnerApplicationApproved',
  data: { applicationId: 'a1', userId: 'u1', partnerId: partnerIdFor('u1', 'mortgage_broker'), reviewedBy: 'admin1', reviewedAt: at },
};
const rejected: PartnerApplicationEvent = { type: 'PartnerApplicationRejected', data: { applicationId: 'a1', userId: 'u1', reason: 'No licence on record', reviewedBy: 'admin1', reviewedAt: at } };
const approve = { type: 'ApproveApplication', by: 'admin1', at } as const;
const reject = (reason: string) => ({ type: 'RejectApplication', reason, by: 'admin1', at }) as const;
const spec = deciderSpec(applicationDecider);

describe('partner application decider', () => {
  it('submits an application, pending, with its locations once each', () => {
    spec.given([]).when({ type: 'SubmitApplication', application }).then([submitted]);
    spec
      .given([])
      .when({ type: 'SubmitApplication', application: { ...application, requestedLocationIds: ['auckland', 'hamilton', 'auckland'] } })
      .then([{ type: 'PartnerApplicationSubmitted', data: { ...application, requestedLocationIds: ['auckland', 'hamilton'] } }]);
  });

  it('keeps the demo flag of an application from the demo seed', () =>
    spec
      .given([])
      .when({ type: 'SubmitApplication', application: { ...application, demo: true } })
      .then([{ type: 'PartnerApplicationSubmitted', data: { ...application, demo: true } }]));

  it('refuses a second submission on the same stream', () => spec.given([submitted]).when({ type: 'SubmitApplication', application }).thenRefuses('conflict'));

  it('approves a pending application for the partner of that user and role', () => spec.given([submitted]).when(approve).then([approved]));

  it('rejects a pending application with its (trimmed) reason', () => spec.given([submitted]).when(reject('  No licence on record ')).then([rejected]));

  it('needs a non-blank reason to reject', () => spec.given([submitted]).when(reject('   ')).thenRefuses('invalid', /^Please give a reason for the rejection$/));

  it('refuses a second approval: never a second decision', () =>
    spec.given([submitted, approved]).when(approve).thenRefuses('conflict', /^This application has already been approved\.$/));

  it('refuses to approve or reject again after a rejection', () => {
    spec.given([submitted, rejected]).when(approve).thenRefuses('conflict', /^This application has already been rejected\.$/);
    spec.given([submitted, rejected]).when(reject('again')).thenRefuses('conflict', /^This application has already been rejected\.$/);
    spec.given([submitted, approved]).when(reject('late')).thenRefuses('conflict', /already been approved/);
  });

  it('knows no application it was never given', () => {
    spec.given([]).when(approve).thenRefuses('not_found', /^Application not found\.$/);
    spec.given([]).when(reject('x')).thenRefuses('not_found');
  });

  it('takes the partner profile from the application', () => {
    expect(profileOf(application)).toEqual({
      businessName: 'Harbour Mortgages',
      licenseNumber: 'FSP123',
      experienceYears: 12,
      contactEmail: 'hello@harbour.nz',
      contactPhone: null,
      businessDescription: 'Home loans for first buyers.',
      bio: null,
      videoLink: null,
      officeSize: null,
      profileImage: null,
      companyImage: null,
    });
  });
});
