import { type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { AD_PERFORMANCE, adPerformanceProjector, daysBetween, nzDayOf, subscriptionImpressionsBetween } from './ad-performance';

const event = recordedEvents();
/** How many events were made (the activity ids number them). */
let position = 0;
const recorded = (type: string, data: object, streamName: string): RecordedEvent => (position++, event(streamName, type, data));
const activity = (type: 'AdImpressionRecorded' | 'AdClickRecorded', subscriptionId: string, partnerId: string, at: string) =>
  recorded(
    type,
    {
      [type === 'AdImpressionRecorded' ? 'impressionId' : 'clickId']: `a${position}`,
      adContentId: `ad-${subscriptionId}`,
      subscriptionId,
      partnerId,
      tier: 'gold',
      placement: 'sidebar_valuation',
      city: 'Auckland',
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
const impression = (s: string, p: string, at: string) => activity('AdImpressionRecorded', s, p, at);
const click = (s: string, p: string, at: string) => activity('AdClickRecorded', s, p, at);
const lead = (partnerId: string, receivedAt: string) => recorded('PartnerLeadReceived', { leadId: `l${position}`, partnerId, receivedAt, demo: true }, `partnerLead-l${position}`);

const storeWith = (batches: RecordedEvent[][]) => projectedStore([adPerformanceProjector], ...batches);

describe('ad_performance projector', () => {
  it('counts by New Zealand day: 11:30 UTC on 1 March is already 2 March in Auckland', () => {
    expect(nzDayOf('2026-03-01T11:30:00.000Z')).toBe('2026-03-02');
    expect(nzDayOf('2026-03-01T10:30:00.000Z')).toBe('2026-03-01');
    // Winter (NZST, +12).
    expect(nzDayOf('2026-07-01T11:30:00.000Z')).toBe('2026-07-01');
    expect(nzDayOf('2026-07-01T12:30:00.000Z')).toBe('2026-07-02');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('writes one $inc per key for a whole batch, the same totals as event by event', () => {
    const events = [impression('s1', 'p1', '2026-03-01T01:00:00.000Z'), impression('s1', 'p1', '2026-03-01T02:00:00.000Z'), click('s1', 'p1', '2026-03-01T03:00:00.000Z'), impression('s2', 'p1', '2026-03-01T03:00:00.000Z'), lead('p1', '2026-03-01T04:00:00.000Z'), lead('p1', '2026-03-01T05:00:00.000Z')];
    const writes = adPerformanceProjector.projectBatch!(events);
    // The leads are ad_analytics' to count (./ad-analytics.ts): nothing here.
    expect(writes).toHaveLength(2);
    expect(writes).toContainEqual({ collection: AD_PERFORMANCE, updateOne: { filter: { _id: 's1:2026-03-01' }, update: { $setOnInsert: { subscriptionId: 's1', partnerId: 'p1', day: '2026-03-01' }, $inc: { impressions: 2, clicks: 1 } }, upsert: true } });
    expect(writes).toContainEqual({ collection: AD_PERFORMANCE, updateOne: { filter: { _id: 's2:2026-03-01' }, update: { $setOnInsert: { subscriptionId: 's2', partnerId: 'p1', day: '2026-03-01' }, $inc: { impressions: 1, clicks: 0 } }, upsert: true } });
    expect(events.flatMap((e) => adPerformanceProjector.project(e))).toHaveLength(4);
  });

  it('answers impressions per subscription in a range, over batches', async () => {
    const store = await storeWith([
      [impression('s1', 'p1', '2026-03-01T01:00:00.000Z'), impression('s1', 'p1', '2026-03-01T02:00:00.000Z'), impression('s2', 'p1', '2026-03-03T02:00:00.000Z'), click('s1', 'p1', '2026-03-01T02:00:01.000Z')],
      // A second batch adds to the same documents.
      [impression('s1', 'p1', '2026-03-01T05:00:00.000Z'), impression('s3', 'p2', '2026-03-01T05:00:00.000Z'), lead('p1', '2026-03-03T00:00:00.000Z'), lead('p2', '2026-03-03T00:00:00.000Z')],
      // Outside the range asked for below.
      [impression('s1', 'p1', '2026-03-10T05:00:00.000Z')],
    ]);
    expect(await subscriptionImpressionsBetween(store, ['s1', 's2', 's9'], '2026-03-01', '2026-03-31')).toEqual(
      new Map([
        ['s1', 4],
        ['s2', 1],
        ['s9', 0],
      ]),
    );
    expect(await subscriptionImpressionsBetween(store, ['s1'], '2026-03-02', '2026-03-09')).toEqual(new Map([['s1', 0]]));
  });
});
