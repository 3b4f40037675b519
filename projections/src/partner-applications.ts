import type { ApplicationStatus, PartnerApplicationEvent, PartnerRoleName } from '@kainga/contracts';
import { partnerApplicationEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { byIds, erasedValuesOf, personErasedOf, withPersonErased, type PersonErasedData } from './person-erased';

/**
 * The `partner_applications` read model: one document per application (the spec's
 * partner_applications row), for the admin's lists, the one-pending-per-role rule and the
 * start-up check that every approval was carried out (completeApprovals).
 */
export const PARTNER_APPLICATIONS = 'partner_applications';

export interface PartnerApplicationDoc {
  _id: string;
  userId: string;
  form: 'apply' | 'enquiry';
  applicationStatus: ApplicationStatus;
  requestedRoleId: PartnerRoleName;
  requestedLocationIds: string[];
  businessName: string;
  contactEmail: string;
  contactPhone: string | null;
  licenseNumber: string | null;
  experienceYears: number | null;
  businessDescription: string;
  officeSize: number | null;
  bio: string | null;
  videoLink: string | null;
  companyImage: string | null;
  profileImage: string | null;
  createdAt: string;
  /** Set on approval: the partner the applicant became. */
  partnerId: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  adminNotes: string | null;
  /** Generated demo data (ops' demo seed); absent (false) in documents written before the flag. */
  demo?: boolean;
  /** When the applicant was erased (PersonErased): the business details read as erased; the decision stays. */
  erasedAt?: string;
  [key: string]: unknown;
}

/** Events stored before the demo flag existed lack it: they were real. */
const demoOf = (data: { demo?: boolean }) => data.demo ?? false;

export const partnerApplicationsProjector: Projector = {
  name: 'partner_applications',
  // 2: applications carry the demo flag. 3: an erased applicant's (PersonErased).
  version: 3,
  collections: [PARTNER_APPLICATIONS],
  filter: withPersonErased({ eventTypes: partnerApplicationEventTypes, streamPrefixes: ['partnerApplication-'] }),
  // The admin's list (newest first), a user's applications, and the approved ones at start-up.
  indexes: { [PARTNER_APPLICATIONS]: [{ keys: { createdAt: 1, _id: 1 } }, { keys: { userId: 1 } }, { keys: { applicationStatus: 1 } }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const erased = personErasedOf(event);
    if (erased) return eraseApplications(erased);
    const e = { type: event.type, data: event.data } as PartnerApplicationEvent;
    return match(e)
      .with({ type: 'PartnerApplicationSubmitted' }, ({ data }): CollectionWrite[] => {
        const { applicationId, submittedAt, ...fields } = data;
        return [
          {
            collection: PARTNER_APPLICATIONS,
            replaceOne: {
              filter: { _id: applicationId },
              replacement: { _id: applicationId, ...fields, demo: demoOf(data), applicationStatus: 'pending', createdAt: submittedAt, partnerId: null, reviewedBy: null, reviewedAt: null, adminNotes: null },
              upsert: true,
            },
          },
        ];
      })
      .with({ type: 'PartnerApplicationApproved' }, ({ data }): CollectionWrite[] => [
        {
          collection: PARTNER_APPLICATIONS,
          updateOne: { filter: { _id: data.applicationId }, update: { $set: { applicationStatus: 'approved', partnerId: data.partnerId, reviewedBy: data.reviewedBy, reviewedAt: data.reviewedAt } } },
        },
      ])
      .with({ type: 'PartnerApplicationRejected' }, ({ data }): CollectionWrite[] => [
        {
          collection: PARTNER_APPLICATIONS,
          updateOne: { filter: { _id: data.applicationId }, update: { $set: { applicationStatus: 'rejected', adminNotes: data.reason, reviewedBy: data.reviewedBy, reviewedAt: data.reviewedAt } } },
        },
      ])
      .exhaustive();
  },
};

/**
 * An erased applicant's applications: what they wrote reads as the log reads it once erased
 * (PartnerApplicationSubmitted; a rejection's reason, PartnerApplicationRejected), the status,
 * dates and reviewer stay.
 */
function eraseApplications(data: PersonErasedData): CollectionWrite[] {
  const ids = data.records.applicationIds;
  if (ids.length === 0) return [];
  return [
    { collection: PARTNER_APPLICATIONS, updateMany: { filter: byIds(ids), update: { $set: { ...erasedValuesOf('PartnerApplicationSubmitted'), erasedAt: data.at } } } },
    { collection: PARTNER_APPLICATIONS, updateMany: { filter: { ...byIds(ids), applicationStatus: 'rejected' }, update: { $set: { adminNotes: erasedValuesOf('PartnerApplicationRejected').reason } } } },
  ];
}

export function findApplication(store: ReadStore, applicationId: string): Promise<PartnerApplicationDoc | null> {
  return store.collection<PartnerApplicationDoc>(PARTNER_APPLICATIONS).findOne({ _id: applicationId });
}

/**
 * Every application, newest first. The admin screen shows the pending ones and the first 5
 * processed; the list is answered whole because it stays small (a few per partner, ever).
 */
export function allApplications(store: ReadStore): Promise<PartnerApplicationDoc[]> {
  return store.collection<PartnerApplicationDoc>(PARTNER_APPLICATIONS).find({}, { sort: { createdAt: -1, _id: -1 } });
}

/** A user's pending application for a role, if any (at most one is accepted). */
export async function pendingApplicationOf(store: ReadStore, userId: string, role: PartnerRoleName): Promise<PartnerApplicationDoc | null> {
  const mine = await store.collection<PartnerApplicationDoc>(PARTNER_APPLICATIONS).find({ userId });
  return mine.find((a) => a.applicationStatus === 'pending' && a.requestedRoleId === role) ?? null;
}

/**
 * The approved applications, oldest first (completeApprovals walks them at start-up); an erased
 * applicant's are left out, as their partner serves no location and holds no role any more and
 * must not be enrolled again.
 */
export async function approvedApplications(store: ReadStore): Promise<PartnerApplicationDoc[]> {
  const approved = await store.collection<PartnerApplicationDoc>(PARTNER_APPLICATIONS).find({ applicationStatus: 'approved' }, { sort: { createdAt: 1, _id: 1 } });
  return approved.filter((a) => !a.erasedAt);
}
