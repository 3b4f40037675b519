import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { adPlanRequests, adPlanRequestsProjector } from './ad-plan-requests';

const event = recordedEvents();
const requested = (partnerId: string, locationId: string, requestedAt: string, message = '') =>
  event(`adPlanRequest-${partnerId}-plan-gold-${locationId}`, 'AdPlanAllocationRequested', { partnerId, adPlanId: 'plan-gold', locationId, message, requestedBy: `u-${partnerId}`, requestedAt });

describe('the ad_plan_requests read model', () => {
  it('lists every request newest first, once each however often replayed', async () => {
    const first = requested('p1', 'nelson', '2026-03-01T00:00:00.000Z', 'Please');
    const store = await projectedStore([adPlanRequestsProjector], [first, requested('p2', 'nelson', '2026-03-02T00:00:00.000Z'), first]);
    expect((await adPlanRequests(store)).map((r) => [r._id, r.message])).toEqual([
      ['adPlanRequest-p2-plan-gold-nelson', ''],
      ['adPlanRequest-p1-plan-gold-nelson', 'Please'],
    ]);
  });
});
