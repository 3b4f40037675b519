import type { AdminLeadChargeDispute, LeadChargeDisputeStatus } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { disputesInOrder, resolveDisputeUrl } from './lead-charge-disputes';

const dispute = (leadId: string, status: LeadChargeDisputeStatus, disputedAt: string): AdminLeadChargeDispute => ({
  leadId,
  partnerId: 'p1',
  businessName: 'Harbour Mortgages',
  amount: 25,
  chargedAt: null,
  stripePaymentIntentId: null,
  dispute: { status, reason: 'Junk', disputedAt },
  lead: null,
});

describe('the admin’s disputes', () => {
  it('puts the open ones first, oldest first, then failed refunds, then the rest newest first', () => {
    const ordered = disputesInOrder([
      dispute('kept-old', 'kept', '2026-03-01T00:00:00.000Z'),
      dispute('open-new', 'open', '2026-03-05T00:00:00.000Z'),
      dispute('refunded-new', 'refunded', '2026-03-04T00:00:00.000Z'),
      dispute('failed', 'refund_failed', '2026-03-02T00:00:00.000Z'),
      dispute('open-old', 'open', '2026-03-03T00:00:00.000Z'),
    ]);
    expect(ordered.map((d) => d.leadId)).toEqual(['open-old', 'open-new', 'failed', 'refunded-new', 'kept-old']);
  });

  it('resolves a dispute at its lead’s address', () => {
    expect(resolveDisputeUrl('a/b')).toBe('/api/admin/lead-charge-disputes/a%2Fb/resolve');
  });
});
