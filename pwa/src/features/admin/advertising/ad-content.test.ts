import { describe, expect, it } from 'vitest';
import { approveAdUrl, awaitingApproval, rejectAdUrl } from './ad-content';

describe('ad content awaiting approval', () => {
  it('keeps only adverts pending approval, oldest first', () => {
    const list = awaitingApproval([
      { id: 'new', status: 'pending_approval' as const, createdAt: '2026-05-02T00:00:00.000Z' },
      { id: 'live', status: 'active' as const, createdAt: '2026-04-01T00:00:00.000Z' },
      { id: 'old', status: 'pending_approval' as const, createdAt: '2026-05-01T00:00:00.000Z' },
      { id: 'no', status: 'rejected' as const, createdAt: '2026-04-02T00:00:00.000Z' },
    ]);
    expect(list.map((a) => a.id)).toEqual(['old', 'new']);
  });

  it('addresses one advert', () => {
    expect(approveAdUrl('ad 1')).toBe('/api/admin/ad-content/ad%201/approve');
    expect(rejectAdUrl('ad1')).toBe('/api/admin/ad-content/ad1/reject');
  });
});
