import { applyBatch, type EmbeddedReadStore, type RecordedEvent } from '@kainga/platform';
import { recordedEvents, temporaryReadStore } from '@kainga/platform/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allApplications, approvedApplications, findApplication, partnerApplicationsProjector, pendingApplicationOf } from './partner-applications';

const event = recordedEvents();
const recorded = (type: string, data: object): RecordedEvent => event(`partnerApplication-${(data as { applicationId: string }).applicationId}`, type, data);
const submitted = (applicationId: string, userId: string, submittedAt: string, role = 'mortgage_broker') =>
  recorded('PartnerApplicationSubmitted', {
    applicationId,
    userId,
    form: 'apply',
    requestedRoleId: role,
    requestedLocationIds: ['auckland'],
    businessName: 'Harbour Mortgages',
    contactEmail: 'hello@harbour.nz',
    contactPhone: null,
    licenseNumber: null,
    experienceYears: 3,
    businessDescription: 'Home loans for first buyers.',
    officeSize: null,
    bio: null,
    videoLink: null,
    companyImage: null,
    profileImage: null,
    submittedAt,
  });

describe('partner applications projector', () => {
  let store: EmbeddedReadStore;
  beforeEach(() => {
    store = temporaryReadStore('kainga-apps-');
  });
  afterEach(async () => {
    await store.close();
  });
  const apply = (events: RecordedEvent[]) => applyBatch(store, partnerApplicationsProjector, events, 'partner_applications', (c) => c);

  it('keeps one document per application through its decision', async () => {
    await apply([
      submitted('a1', 'u1', '2026-11-01T00:00:00.000Z'),
      submitted('a2', 'u2', '2026-11-02T00:00:00.000Z'),
      recorded('PartnerApplicationApproved', { applicationId: 'a1', userId: 'u1', partnerId: 'p1', reviewedBy: 'admin1', reviewedAt: '2026-11-03T00:00:00.000Z' }),
      recorded('PartnerApplicationRejected', { applicationId: 'a2', userId: 'u2', reason: 'No licence', reviewedBy: 'admin1', reviewedAt: '2026-11-04T00:00:00.000Z' }),
    ]);
    expect(await findApplication(store, 'a1')).toMatchObject({ applicationStatus: 'approved', partnerId: 'p1', reviewedBy: 'admin1', adminNotes: null, createdAt: '2026-11-01T00:00:00.000Z' });
    expect(await findApplication(store, 'a2')).toMatchObject({ applicationStatus: 'rejected', adminNotes: 'No licence', reviewedAt: '2026-11-04T00:00:00.000Z' });
    expect((await allApplications(store)).map((a) => a._id)).toEqual(['a2', 'a1']);
    expect((await approvedApplications(store)).map((a) => a._id)).toEqual(['a1']);
  });

  it('finds a user’s pending application for one role only', async () => {
    await apply([submitted('a1', 'u1', '2026-11-01T00:00:00.000Z'), submitted('a3', 'u1', '2026-11-02T00:00:00.000Z', 'property_manager')]);
    expect((await pendingApplicationOf(store, 'u1', 'mortgage_broker'))?._id).toBe('a1');
    expect(await pendingApplicationOf(store, 'u1', 'registered_valuer')).toBeNull();
    expect(await pendingApplicationOf(store, 'u2', 'mortgage_broker')).toBeNull();
  });

  it('applies an event twice without harm (at-least-once delivery)', async () => {
    const first = submitted('a1', 'u1', '2026-11-01T00:00:00.000Z');
    await apply([first]);
    await apply([first]);
    expect(await allApplications(store)).toHaveLength(1);
  });
});
