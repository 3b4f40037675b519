/**
 * Partner Management's lists (partner/admin spec "/admin"): the applications of GET
 * /api/admin/partner-applications (newest first) split into those pending review and the five
 * most recently processed.
 */
import type { CreatePartnerResponse, PartnerApplicationView } from '@kainga/contracts';

export const ADMIN_APPLICATIONS_PATH = '/api/admin/partner-applications';
export const ADMIN_PARTNERS_PATH = '/api/admin/partners';
export const applicationsKey = [ADMIN_APPLICATIONS_PATH] as const;
export const partnersKey = [ADMIN_PARTNERS_PATH] as const;

/** Recently Processed shows this many (spec §9). */
export const RECENTLY_PROCESSED_SHOWN = 5;

export function splitApplications(applications: readonly PartnerApplicationView[]): {
  pending: PartnerApplicationView[];
  processed: PartnerApplicationView[];
} {
  const pending = applications.filter((a) => a.applicationStatus === 'pending');
  const processed = applications.filter((a) => a.applicationStatus !== 'pending').slice(0, RECENTLY_PROCESSED_SHOWN);
  return { pending, processed };
}

/** Status badge text and colour. */
export const statusBadges = {
  pending: { label: 'Pending', color: 'gold' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
} as const satisfies Record<PartnerApplicationView['applicationStatus'], { label: string; color: string }>;

/** The reject modal's reason: non-blank (spec §4, §5). */
export function rejectReasonMessage(reason: string): string | null {
  return reason.trim().length === 0 ? 'Please give a reason for the rejection' : null;
}

export const approveUrl = (id: string) => `${ADMIN_APPLICATIONS_PATH}/${encodeURIComponent(id)}/approve`;
export const rejectUrl = (id: string) => `${ADMIN_APPLICATIONS_PATH}/${encodeURIComponent(id)}/reject`;

/** The 'Partner Created' toast's text: it says when the new partner was mailed an invitation. */
export function partnerCreatedMessage(name: string, answer: Pick<CreatePartnerResponse, 'invited'> | null | undefined): string {
  return answer?.invited
    ? `${name} is now a partner. An invitation to set a password was emailed to them.`
    : `${name} is now a partner.`;
}
