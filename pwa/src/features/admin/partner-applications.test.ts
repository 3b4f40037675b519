import { describe, expect, it } from 'vitest';
import type { PartnerApplicationView } from '@kainga/contracts';
import { approveUrl, partnerCreatedMessage, rejectReasonMessage, rejectUrl, splitApplications } from './partner-applications';

const app = (id: string, applicationStatus: PartnerApplicationView['applicationStatus']): PartnerApplicationView => ({
  id,
  userId: 'u',
  applicationStatus,
  businessName: `B ${id}`,
  requestedRoleId: 'mortgage_broker',
  requestedLocationId: 'auckland',
  requestedLocationIds: ['auckland'],
  contactEmail: 'a@example.nz',
  contactPhone: null,
  licenseNumber: null,
  experienceYears: null,
  businessDescription: 'A business',
  officeSize: null,
  bio: null,
  videoLink: null,
  companyImage: null,
  profileImage: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  adminNotes: null,
  applicant: null,
  demo: false,
});

describe('splitApplications', () => {
  it('keeps every pending one and the first five processed, in the server’s order', () => {
    const list = [
      app('1', 'approved'),
      app('2', 'pending'),
      app('3', 'rejected'),
      app('4', 'approved'),
      app('5', 'pending'),
      app('6', 'approved'),
      app('7', 'rejected'),
      app('8', 'approved'),
    ];
    const { pending, processed } = splitApplications(list);
    expect(pending.map((a) => a.id)).toEqual(['2', '5']);
    expect(processed.map((a) => a.id)).toEqual(['1', '3', '4', '6', '7']);
  });
  it('answers empty lists for no applications', () => {
    expect(splitApplications([])).toEqual({ pending: [], processed: [] });
  });
});

describe('the reject reason', () => {
  it('must not be blank', () => {
    expect(rejectReasonMessage('  ')).toBe('Please give a reason for the rejection');
    expect(rejectReasonMessage('Licence not found')).toBeNull();
  });
});

describe('urls and messages', () => {
  it('addresses one application', () => {
    expect(approveUrl('a/b')).toBe('/api/admin/partner-applications/a%2Fb/approve');
    expect(rejectUrl('x')).toBe('/api/admin/partner-applications/x/reject');
  });
  it('mentions the invitation only when one was emailed', () => {
    expect(partnerCreatedMessage('Aroha Ngata', { invited: true })).toContain('invitation');
    expect(partnerCreatedMessage('Aroha Ngata', { invited: false })).toBe('Aroha Ngata is now a partner.');
    expect(partnerCreatedMessage('Aroha Ngata', undefined)).toBe('Aroha Ngata is now a partner.');
  });
});
