import type { RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { ACTIVITY, activityProjector, type ActivityDoc } from './activity';
import { recentActivity } from './stats';

const event = recordedEvents();
const at = (e: RecordedEvent, occurredAt: string): RecordedEvent => ({ ...e, metadata: { ...e.metadata, occurredAt } });
const completed = (valuationId: string, requestedAt: string | undefined, completedAt: string) =>
  at(
    event(`valuation-${valuationId}`, 'ValuationCompleted', {
      valuationId,
      propertyId: `p-${valuationId}`,
      estimatedValue: 800_000,
      conservativeValue: 720_000,
      optimisticValue: 880_000,
      confidence: 80,
      completedAt,
      ...(requestedAt ? { requestedAt } : {}),
    }),
    completedAt,
  );

describe('activity', () => {
  it('counts a valuation on the day it was asked for, as the lists date it', async () => {
    // Asked for 40 days before it finished (as the demo's are: worked out at seeding).
    const store = await projectedStore([activityProjector], [completed('v1', '2026-10-18T09:00:00.000Z', '2026-11-27T09:00:00.000Z')]);
    const docs = await store.collection<ActivityDoc>(ACTIVITY).find({});
    expect(docs.map((d) => [d.type, d.day, d.count])).toEqual([['valuation', '2026-10-18', 1]]);
    expect((await recentActivity(store, new Date('2026-11-27T12:00:00.000Z'), 30)).valuation).toBe(0);
    expect((await recentActivity(store, new Date('2026-11-27T12:00:00.000Z'), 45)).valuation).toBe(1);
  });

  it('counts a valuation recorded before requestedAt existed on the day it happened', async () => {
    const store = await projectedStore([activityProjector], [completed('v1', undefined, '2026-11-20T09:00:00.000Z')]);
    const docs = await store.collection<ActivityDoc>(ACTIVITY).find({});
    expect(docs.map((d) => [d.type, d.day, d.count])).toEqual([['valuation', '2026-11-20', 1]]);
  });

  it('counts registrations on the day they happened (demo data is back-dated)', async () => {
    const registered = at(event('user-u1', 'UserRegistered', { userId: 'u1' }), '2026-09-28T09:00:00.000Z');
    const store = await projectedStore([activityProjector], [registered, registered, completed('v1', '2026-09-28T10:00:00.000Z', '2026-11-27T09:00:00.000Z')]);
    const docs = await store.collection<ActivityDoc>(ACTIVITY).find({}, { sort: { _id: 1 } });
    expect(docs.map((d) => [d._id, d.count])).toEqual([
      ['user:2026-09-28', 2],
      ['valuation:2026-09-28', 1],
    ]);
  });
});
