import { type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { disputedLeadCharges, findLeadCharge, leadChargesOfPartner, leadChargesProjector, leadChargeSummary } from './lead-charges';

const event = recordedEvents();
const recorded = (type: string, data: { leadId: string }): RecordedEvent => event(`leadCharge-${data.leadId}`, type, data);
const requested = (leadId: string, partnerId: string, requestedAt: string, amount = 25) =>
  recorded('LeadChargeRequested', { leadId, partnerId, subscriptionId: 's1', amount, currency: 'nzd', requestedAt } as { leadId: string });
const succeeded = (leadId: string, chargedAt: string) => recorded('LeadChargeSucceeded', { leadId, partnerId: 'p1', stripePaymentIntentId: `pi_${leadId}`, chargedAt } as { leadId: string });
const failed = (leadId: string, failedAt: string) => recorded('LeadChargeFailed', { leadId, partnerId: 'p1', failureReason: 'No payment method', stripePaymentIntentId: null, failedAt } as { leadId: string });

const disputed = (leadId: string, disputedAt: string) => recorded('LeadChargeDisputed', { leadId, partnerId: 'p1', reason: 'The same person as yesterday', disputedBy: 'u1', disputedAt } as { leadId: string });
const resolved = (leadId: string, outcome: 'refund' | 'keep', resolvedAt: string, note = '') => recorded('LeadChargeDisputeResolved', { leadId, partnerId: 'p1', outcome, note, resolvedBy: 'admin1', resolvedAt } as { leadId: string });
const refunded = (leadId: string, refundedAt: string) => recorded('LeadChargeRefunded', { leadId, partnerId: 'p1', stripeRefundId: `re_${leadId}`, amount: 25, refundedAt } as { leadId: string });
const refundFailed = (leadId: string, failedAt: string) => recorded('LeadChargeRefundFailed', { leadId, partnerId: 'p1', failureReason: 'Charge already refunded.', failedAt } as { leadId: string });

const storeWith = (events: RecordedEvent[]) => projectedStore([leadChargesProjector], events);

describe('the lead_charges read model', () => {
  it('keeps each charge pending until its first settlement, and that one for good (replays in any order)', async () => {
    const events = [requested('l1', 'p1', '2026-03-01T00:00:00.000Z'), succeeded('l1', '2026-03-01T00:00:01.000Z'), failed('l1', '2026-03-01T00:00:02.000Z'), requested('l1', 'p1', '2026-03-01T00:00:00.000Z')];
    const store = await storeWith(events);
    expect(await findLeadCharge(store, 'l1')).toMatchObject({ partnerLeadId: 'l1', status: 'succeeded', stripePaymentIntentId: 'pi_l1', failureReason: null, chargedAt: '2026-03-01T00:00:01.000Z' });
  });

  it('keeps a failed charge’s kind of failure, read from the reason for events recorded before codes', async () => {
    const store = await storeWith([
      requested('old', 'p1', '2026-03-01T00:00:00.000Z'),
      failed('old', '2026-03-01T00:00:01.000Z'),
      requested('new', 'p1', '2026-03-02T00:00:00.000Z'),
      recorded('LeadChargeFailed', { leadId: 'new', partnerId: 'p1', failureReason: 'Your card was declined.', failureCode: 'card_declined', stripePaymentIntentId: 'pi_new', failedAt: '2026-03-02T00:00:01.000Z' } as { leadId: string }),
      requested('paid', 'p1', '2026-03-03T00:00:00.000Z'),
      succeeded('paid', '2026-03-03T00:00:01.000Z'),
    ]);
    expect(await findLeadCharge(store, 'old')).toMatchObject({ status: 'failed', failureReason: 'No payment method', failureCode: 'no_payment_method' });
    expect(await findLeadCharge(store, 'new')).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', failureCode: 'card_declined' });
    expect(await findLeadCharge(store, 'paid')).toMatchObject({ status: 'succeeded', failureCode: null });
  });

  it('lists a partner’s charges newest first and sums them for the Billing tab', async () => {
    const store = await storeWith([
      requested('a', 'p1', '2026-02-27T00:00:00.000Z'),
      succeeded('a', '2026-02-27T00:00:01.000Z'),
      requested('b', 'p1', '2026-03-02T00:00:00.000Z', 15.5),
      succeeded('b', '2026-03-02T00:00:01.000Z'),
      requested('c', 'p1', '2026-03-03T00:00:00.000Z'),
      failed('c', '2026-03-03T00:00:01.000Z'),
      requested('d', 'p1', '2026-03-04T00:00:00.000Z'),
      requested('x', 'p2', '2026-03-05T00:00:00.000Z'),
    ]);
    const charges = await leadChargesOfPartner(store, 'p1');
    expect(charges.map((c) => [c._id, c.status])).toEqual([
      ['d', 'pending'],
      ['c', 'failed'],
      ['b', 'succeeded'],
      ['a', 'succeeded'],
    ]);
    expect(leadChargeSummary(charges, '2026-02-28T11:00:00.000Z')).toEqual({ totalBilled: 40.5, thisMonth: 15.5, failedCount: 1 });
  });

  it('follows a dispute from open to its resolution and refund, each step once (replays change nothing)', async () => {
    const charge = [requested('l1', 'p1', '2026-03-01T00:00:00.000Z'), succeeded('l1', '2026-03-01T00:00:01.000Z')];
    const open = [...charge, disputed('l1', '2026-03-02T00:00:00.000Z')];
    expect((await findLeadCharge(await storeWith(open), 'l1'))?.dispute).toEqual({
      status: 'open',
      reason: 'The same person as yesterday',
      disputedAt: '2026-03-02T00:00:00.000Z',
      note: null,
      resolvedAt: null,
      stripeRefundId: null,
      refundedAt: null,
      refundFailureReason: null,
    });
    const refunding = [...open, resolved('l1', 'refund', '2026-03-03T00:00:00.000Z')];
    expect((await findLeadCharge(await storeWith(refunding), 'l1'))?.dispute).toMatchObject({ status: 'refunding', note: null, resolvedAt: '2026-03-03T00:00:00.000Z' });
    const done = [...refunding, refunded('l1', '2026-03-03T00:00:05.000Z'), disputed('l1', '2026-03-04T00:00:00.000Z'), resolved('l1', 'keep', '2026-03-05T00:00:00.000Z', 'No'), refundFailed('l1', '2026-03-06T00:00:00.000Z')];
    expect(await findLeadCharge(await storeWith(done), 'l1')).toMatchObject({
      status: 'succeeded',
      disputedAt: '2026-03-02T00:00:00.000Z',
      dispute: { status: 'refunded', reason: 'The same person as yesterday', stripeRefundId: 're_l1', refundedAt: '2026-03-03T00:00:05.000Z', refundFailureReason: null },
    });
    const failedRefund = await storeWith([...refunding, refundFailed('l1', '2026-03-03T00:00:05.000Z')]);
    expect((await findLeadCharge(failedRefund, 'l1'))?.dispute).toMatchObject({ status: 'refund_failed', refundFailureReason: 'Charge already refunded.' });
    const kept = await storeWith([...open, resolved('l1', 'keep', '2026-03-03T00:00:00.000Z', 'A real enquiry: they called you back.')]);
    expect((await findLeadCharge(kept, 'l1'))?.dispute).toMatchObject({ status: 'kept', note: 'A real enquiry: they called you back.' });
  });

  it('bills a refunded charge to no one, and lists every dispute newest first', async () => {
    const store = await storeWith([
      requested('a', 'p1', '2026-03-01T00:00:00.000Z'),
      succeeded('a', '2026-03-01T00:00:01.000Z'),
      disputed('a', '2026-03-02T00:00:00.000Z'),
      resolved('a', 'refund', '2026-03-03T00:00:00.000Z'),
      refunded('a', '2026-03-03T00:00:01.000Z'),
      requested('b', 'p1', '2026-03-04T00:00:00.000Z'),
      succeeded('b', '2026-03-04T00:00:01.000Z'),
      disputed('b', '2026-03-05T00:00:00.000Z'),
      requested('c', 'p1', '2026-03-06T00:00:00.000Z'),
      succeeded('c', '2026-03-06T00:00:01.000Z'),
    ]);
    expect(leadChargeSummary(await leadChargesOfPartner(store, 'p1'), '2026-02-28T11:00:00.000Z')).toEqual({ totalBilled: 50, thisMonth: 50, failedCount: 0 });
    expect((await disputedLeadCharges(store)).map((c) => [c._id, c.dispute?.status])).toEqual([
      ['b', 'open'],
      ['a', 'refunded'],
    ]);
  });
});
