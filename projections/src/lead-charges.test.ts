import { type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { findLeadCharge, leadChargesOfPartner, leadChargesProjector, leadChargeSummary } from './lead-charges';

const event = recordedEvents();
const recorded = (type: string, data: { leadId: string }): RecordedEvent => event(`leadCharge-${data.leadId}`, type, data);
const requested = (leadId: string, partnerId: string, requestedAt: string, amount = 25) =>
  recorded('LeadChargeRequested', { leadId, partnerId, subscriptionId: 's1', amount, currency: 'nzd', requestedAt } as { leadId: string });
const succeeded = (leadId: string, chargedAt: string) => recorded('LeadChargeSucceeded', { leadId, partnerId: 'p1', stripePaymentIntentId: `pi_${leadId}`, chargedAt } as { leadId: string });
const failed = (leadId: string, failedAt: string) => recorded('LeadChargeFailed', { leadId, partnerId: 'p1', failureReason: 'No payment method', stripePaymentIntentId: null, failedAt } as { leadId: string });

const storeWith = (events: RecordedEvent[]) => projectedStore([leadChargesProjector], events);

describe('the lead_charges read model', () => {
  it('keeps each charge pending until its first settlement, and that one for good (replays in any order)', async () => {
    const events = [requested('l1', 'p1', '2026-03-01T00:00:00.000Z'), succeeded('l1', '2026-03-01T00:00:01.000Z'), failed('l1', '2026-03-01T00:00:02.000Z'), requested('l1', 'p1', '2026-03-01T00:00:00.000Z')];
    const store = await storeWith(events);
    expect(await findLeadCharge(store, 'l1')).toMatchObject({ partnerLeadId: 'l1', status: 'succeeded', stripePaymentIntentId: 'pi_l1', failureReason: null, chargedAt: '2026-03-01T00:00:01.000Z' });
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
});
