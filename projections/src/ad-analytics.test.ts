import { type EmbeddedReadStore, type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { AD_ANALYTICS, adAnalyticsCounter, adAnalyticsDocOf, adAnalyticsProjector, sumAdAnalytics, type AdAnalyticsDoc } from './ad-analytics';
import { NO_ADVERT, adPerformanceOf, adminAdPerformance, partnerAdPerformance } from './ad-analytics-queries';

const event = recordedEvents();
/** How many events were made (the activity ids number them). */
let position = 0;
const recorded = (type: string, data: object, streamName: string): RecordedEvent => (position++, event(streamName, type, data));
type Where = { sub?: string; partner?: string; tier?: string; placement?: string; city?: string | null };
const activity = (type: 'AdImpressionRecorded' | 'AdClickRecorded', at: string, w: Where = {}) =>
  recorded(
    type,
    {
      [type === 'AdImpressionRecorded' ? 'impressionId' : 'clickId']: `a${position}`,
      adContentId: 'ad-1',
      subscriptionId: w.sub ?? 's1',
      partnerId: w.partner ?? 'p1',
      tier: w.tier ?? 'gold',
      placement: w.placement ?? 'sidebar_valuation',
      city: w.city === undefined ? 'Auckland' : w.city,
      suburb: null,
      userId: null,
      propertyId: null,
      userAgent: 'Mozilla/5.0',
      ipHash: 'h',
      sessionHash: 's',
      at,
    },
    `adActivity-${at.slice(0, 10)}`,
  );
const impression = (at: string, w?: Where) => activity('AdImpressionRecorded', at, w);
const click = (at: string, w?: Where) => activity('AdClickRecorded', at, w);
const lead = (partnerId: string, receivedAt: string, locationId = 'wellington') =>
  recorded('PartnerLeadReceived', { leadId: `l${position}`, partnerId, locationId, receivedAt, origin: 'partner_dialog', demo: false }, `partnerLead-l${position}`);

const storeWith = (batches: RecordedEvent[][]) => projectedStore([adAnalyticsProjector], ...batches);

describe('ad_analytics projector', () => {
  it('keys an impression by NZ day, partner, subscription, tier, placement and city', () => {
    // 11:30 UTC on 1 March is 2 March in Auckland.
    expect(adAnalyticsCounter(impression('2026-03-01T11:30:00.000Z', { city: null, placement: 'mortgage_calculator', tier: 'silver' }))).toEqual({
      _id: '2026-03-02|p1|s1|silver|mortgage_calculator|',
      keys: { day: '2026-03-02', partnerId: 'p1', subscriptionId: 's1', tier: 'silver', placement: 'mortgage_calculator', city: null },
      inc: { impressions: 1, clicks: 0, leads: 0 },
    });
    expect(adAnalyticsCounter(click('2026-03-01T01:00:00.000Z'))?.inc).toEqual({ impressions: 0, clicks: 1, leads: 0 });
    expect(adAnalyticsCounter(recorded('AdSubscriptionStarted', {}, 'adSubscription-1'))).toBeNull();
  });

  it('counts a lead for its partner, day and city only: it names no advert', () => {
    expect(adAnalyticsCounter(lead('p1', '2026-03-01T04:00:00.000Z', 'christchurch'))).toEqual({
      _id: '2026-03-01|p1|-|-|-|Christchurch',
      keys: { day: '2026-03-01', partnerId: 'p1', subscriptionId: null, tier: null, placement: null, city: 'Christchurch' },
      inc: { impressions: 0, clicks: 0, leads: 1 },
    });
    expect(adAnalyticsCounter(lead('p1', '2026-03-01T04:00:00.000Z', 'atlantis'))?.keys.city).toBeNull();
    // The same sender again within the lead window: delivered, but not another lead.
    const repeat = lead('p1', '2026-03-01T05:00:00.000Z');
    expect(adAnalyticsCounter({ ...repeat, data: { ...(repeat.data as object), repeatOf: 'l1' } })).toBeNull();
  });

  it('writes one $inc per key for a whole batch, the same totals as event by event', async () => {
    const events = [impression('2026-03-01T01:00:00.000Z'), impression('2026-03-01T02:00:00.000Z'), click('2026-03-01T03:00:00.000Z'), impression('2026-03-01T03:00:00.000Z', { city: 'Nelson' }), lead('p1', '2026-03-01T04:00:00.000Z'), lead('p1', '2026-03-01T05:00:00.000Z')];
    const writes = adAnalyticsProjector.projectBatch!(events);
    expect(writes).toHaveLength(3);
    expect(writes).toContainEqual({
      collection: AD_ANALYTICS,
      updateOne: {
        filter: { _id: '2026-03-01|p1|s1|gold|sidebar_valuation|Auckland' },
        update: { $setOnInsert: { day: '2026-03-01', partnerId: 'p1', subscriptionId: 's1', tier: 'gold', placement: 'sidebar_valuation', city: 'Auckland' }, $inc: { impressions: 2, clicks: 1, leads: 0 } },
        upsert: true,
      },
    });
    const batched = await storeWith([events]);
    const oneByOne = await storeWith(events.map((e) => [e]));
    const all = async (s: EmbeddedReadStore) => (await s.collection<AdAnalyticsDoc>(AD_ANALYTICS).find({}, { sort: { _id: 1 } })).map(({ _id, impressions, clicks, leads }) => ({ _id, impressions, clicks, leads }));
    expect(await all(batched)).toEqual(await all(oneByOne));
    // A replay sums the same counters into whole documents.
    expect([...sumAdAnalytics(events).values()].map(adAnalyticsDocOf).sort((a, b) => a._id.localeCompare(b._id)).map(({ _id, impressions, clicks, leads }) => ({ _id, impressions, clicks, leads }))).toEqual(await all(batched));
  });

  it('answers the admin series per day by tier and by placement, leads without an advert under "none"', async () => {
    const store = await storeWith([
      [impression('2026-03-01T01:00:00.000Z'), impression('2026-03-01T02:00:00.000Z'), click('2026-03-01T02:00:01.000Z'), impression('2026-03-03T01:00:00.000Z', { sub: 's2', partner: 'p2', tier: 'bronze', placement: 'property_results' })],
      [impression('2026-03-01T05:00:00.000Z', { sub: 's2', partner: 'p2', tier: 'bronze', placement: 'property_results' }), lead('p1', '2026-03-03T00:00:00.000Z')],
      [impression('2026-03-10T05:00:00.000Z')],
    ]);
    const view = await adminAdPerformance(store, '2026-03-01', '2026-03-03');
    expect(view.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(view.totals).toEqual({ impressions: 4, clicks: 1, leads: 1, clickThroughRate: 0.25 });
    expect(view.byTier.map((s) => s.key)).toEqual(['gold', 'silver', 'bronze', NO_ADVERT]);
    expect(view.byTier[0]).toEqual({ key: 'gold', impressions: [2, 0, 0], clicks: [1, 0, 0], clickThroughRate: [0.5, 0, 0], leads: [0, 0, 0] });
    expect(view.byTier[2]).toMatchObject({ key: 'bronze', impressions: [1, 0, 1] });
    expect(view.byTier[3]).toEqual({ key: NO_ADVERT, impressions: [0, 0, 0], clicks: [0, 0, 0], clickThroughRate: [0, 0, 0], leads: [0, 0, 1] });
    expect(view.byPlacement.map((s) => s.key)).toEqual(['sidebar_valuation', 'mortgage_calculator', 'rental_assessment', 'property_results', NO_ADVERT]);
    expect(view.byPlacement[3]).toMatchObject({ key: 'property_results', impressions: [1, 0, 1] });
    // No leads without an advert, no "none" series.
    expect(adPerformanceOf([], '2026-03-01', '2026-03-01').byTier.map((s) => s.key)).toEqual(['gold', 'silver', 'bronze']);
  });

  it("answers a partner's days (zeros included) with its own impressions, clicks and leads", async () => {
    const store = await storeWith([[impression('2026-03-01T01:00:00.000Z'), click('2026-03-01T01:00:01.000Z'), impression('2026-03-01T01:00:02.000Z', { partner: 'p2', sub: 's2' }), lead('p1', '2026-03-02T00:00:00.000Z'), lead('p2', '2026-03-02T00:00:00.000Z')]]);
    expect(await partnerAdPerformance(store, 'p1', '2026-03-01', '2026-03-02')).toEqual({
      totals: { impressions: 1, clicks: 1, leads: 1, clickThroughRate: 1 },
      days: [
        { date: '2026-03-01', impressions: 1, clicks: 1, leads: 0 },
        { date: '2026-03-02', impressions: 0, clicks: 0, leads: 1 },
      ],
    });
  });
});
