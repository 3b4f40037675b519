import type { CollectionWrite, Projector, RecordedEvent } from '@kainga/platform';

/**
 * The `activity` read model: counts per type and day, straight from the events, so the public
 * stats (30 days) and the admin's recent activity (7 days) are a sum over a few documents.
 */
export const ACTIVITY = 'activity';
export type ActivityType = 'user' | 'property' | 'valuation';
export interface ActivityDoc {
  _id: string;
  type: ActivityType;
  day: string;
  count: number;
  [key: string]: unknown;
}

const typeOf: Record<string, ActivityType> = { UserRegistered: 'user', PropertyRegistered: 'property', ValuationCompleted: 'valuation' };

export const activityProjector: Projector = {
  name: 'activity',
  // 2: a valuation counts on the day it was asked for (ValuationCompleted.requestedAt).
  version: 2,
  collections: [ACTIVITY],
  filter: { eventTypes: Object.keys(typeOf) },
  // recentActivity: the last n days.
  indexes: { [ACTIVITY]: [{ keys: { day: 1 } }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const type = typeOf[event.type];
    if (!type) return [];
    const day = whenOf(event).slice(0, 10);
    return [{ collection: ACTIVITY, updateOne: { filter: { _id: `${type}:${day}` }, update: { $setOnInsert: { type, day }, $inc: { count: 1 } }, upsert: true } }];
  },
};

/**
 * When an event counts: a valuation on the day it was asked for, as every list of valuations
 * dates it (the demo's valuations are asked for over weeks and worked out at seeding: counted when
 * they finished, all of them fell in the last 30 days); anything else when it happened (demo
 * data is back-dated this way), else when it was recorded. A ValuationCompleted from before
 * `requestedAt` existed counts when it happened.
 */
function whenOf(event: RecordedEvent): string {
  if (event.type === 'ValuationCompleted') {
    const { requestedAt } = event.data as { requestedAt?: unknown };
    if (typeof requestedAt === 'string' && requestedAt) return requestedAt;
  }
  return event.metadata.occurredAt || event.recordedAt;
}
