import type { PartnerApplicationEvent, PartnerProfileFields } from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import { partnerIdFor } from './partner';

/** A partner application, stream `partnerApplication-<applicationId>` (spec 001 §4: pending → approved | rejected). */
export const applicationStream = (applicationId: string) => `partnerApplication-${applicationId}`;

export type SubmittedApplication = Extract<PartnerApplicationEvent, { type: 'PartnerApplicationSubmitted' }>['data'];

export type ApplicationState =
  | { status: 'none' }
  | { status: 'pending' | 'approved' | 'rejected'; application: SubmittedApplication; partnerId: string | null };

export type ApplicationCommand =
  | { type: 'SubmitApplication'; application: SubmittedApplication }
  | { type: 'ApproveApplication'; by: string; at: string }
  | { type: 'RejectApplication'; reason: string; by: string; at: string };

/** The partner profile an approval starts from: the application's own fields. */
export function profileOf(a: SubmittedApplication): PartnerProfileFields {
  return {
    businessName: a.businessName,
    licenseNumber: a.licenseNumber,
    experienceYears: a.experienceYears,
    contactEmail: a.contactEmail,
    contactPhone: a.contactPhone,
    businessDescription: a.businessDescription,
    bio: a.bio,
    videoLink: a.videoLink,
    officeSize: a.officeSize,
    profileImage: a.profileImage,
    companyImage: a.companyImage,
  };
}

/** Only a pending application may be decided; a decided one says how it was decided. */
function requirePending(state: ApplicationState) {
  if (state.status === 'none') throw notFound('Application not found.');
  if (state.status !== 'pending') throw conflict(`This application has already been ${state.status}.`);
  return state;
}

export const applicationDecider: Decider<ApplicationState, ApplicationCommand, PartnerApplicationEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'PartnerApplicationSubmitted' }, ({ data }): ApplicationState => ({ status: 'pending', application: data, partnerId: null }))
      .with({ type: 'PartnerApplicationApproved' }, ({ data }): ApplicationState => (state.status === 'none' ? state : { ...state, status: 'approved', partnerId: data.partnerId }))
      .with({ type: 'PartnerApplicationRejected' }, (): ApplicationState => (state.status === 'none' ? state : { ...state, status: 'rejected' }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'SubmitApplication' }, ({ application }): PartnerApplicationEvent[] => {
        if (state.status !== 'none') throw conflict('This application was already submitted.');
        if (application.requestedLocationIds.length === 0) throw invalid('Please select at least one service location');
        return [{ type: 'PartnerApplicationSubmitted', data: { ...application, requestedLocationIds: [...new Set(application.requestedLocationIds)] } }];
      })
      .with({ type: 'ApproveApplication' }, (c): PartnerApplicationEvent[] => {
        const { application } = requirePending(state);
        const partnerId = partnerIdFor(application.userId, application.requestedRoleId);
        return [{ type: 'PartnerApplicationApproved', data: { applicationId: application.applicationId, userId: application.userId, partnerId, reviewedBy: c.by, reviewedAt: c.at } }];
      })
      .with({ type: 'RejectApplication' }, (c): PartnerApplicationEvent[] => {
        const { application } = requirePending(state);
        const reason = c.reason.trim();
        if (!reason) throw invalid('Please give a reason for the rejection');
        return [{ type: 'PartnerApplicationRejected', data: { applicationId: application.applicationId, userId: application.userId, reason, reviewedBy: c.by, reviewedAt: c.at } }];
      })
      .exhaustive(),
};
