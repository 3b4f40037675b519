import { recordedEvents, projectedStore } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { adFilteredTrafficProjector, filteredTrafficBetween } from './ad-filtered-traffic';

const event = recordedEvents();
const filtered = (reason: string, to: string, n: { impressions?: number; clicks?: number } = {}, partnerId = 'p1') =>
  event(`adTrafficFiltered-${to.slice(0, 10)}`, 'AdTrafficFiltered', { adContentId: `ad-${partnerId}`, subscriptionId: `s-${partnerId}`, partnerId, tier: 'bronze', reason, impressions: n.impressions ?? 0, clicks: n.clicks ?? 0, from: to, to });

describe('ad_filtered_traffic projector', () => {
  it('sums the tallies per NZ day and reason, every reason in the answer, partners most filtered first', async () => {
    const store = await projectedStore(
      [adFilteredTrafficProjector],
      [filtered('not_served', '2026-03-01T11:30:00.000Z', { impressions: 900 }), filtered('not_served', '2026-03-02T01:00:00.000Z', { impressions: 100 }), filtered('no_impression', '2026-03-02T02:00:00.000Z', { clicks: 30 }, 'p2')],
      [filtered('address_limit', '2026-03-05T00:00:00.000Z', { impressions: 7 })],
    );
    // 11:30 UTC on 1 March is 2 March in New Zealand: both not_served tallies are of 2 March.
    const view = await filteredTrafficBetween(store, '2026-03-02', '2026-03-02');
    expect(view.totals).toEqual({ impressions: 1000, clicks: 30 });
    expect(view.byReason.map((r) => r.reason)).toEqual(['bot', 'not_served', 'expired', 'other_session', 'address_limit', 'duplicate', 'no_impression', 'over_cap']);
    expect(view.byReason.find((r) => r.reason === 'not_served')).toEqual({ reason: 'not_served', impressions: 1000, clicks: 0 });
    expect(view.byPartner).toEqual([
      { partnerId: 'p1', businessName: null, impressions: 1000, clicks: 0 },
      { partnerId: 'p2', businessName: null, impressions: 0, clicks: 30 },
    ]);
    expect((await filteredTrafficBetween(store, '2026-03-03', '2026-03-05')).totals).toEqual({ impressions: 7, clicks: 0 });
  });
});
