import type { AdActivityEvent } from '@kainga/contracts';
import { adActivityEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';

/**
 * Per subscription per New Zealand day, the impressions and clicks its adverts had
 * (`ad_performance`): the active adverts' monthly cap reads it. The partner's and the admin's
 * performance figures come from `ad_analytics` (./ad-analytics.ts). Impressions are the product's
 * hottest events, so a live batch becomes one `$inc` per key, not one per event.
 */
export const AD_PERFORMANCE = 'ad_performance';

export interface AdPerformanceDoc {
  _id: string;
  subscriptionId: string;
  partnerId: string;
  /** NZ calendar day, YYYY-MM-DD. */
  day: string;
  impressions: number;
  clicks: number;
  [key: string]: unknown;
}

const nzDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' });
// NZ's offset changes only on whole hours, so every instant of one UTC hour has one NZ day.
const nzDayOfHour = new Map<string, string>();

/** The New Zealand calendar day (YYYY-MM-DD) of an ISO instant. */
export function nzDayOf(at: string): string {
  const hour = at.slice(0, 13);
  let day = nzDayOfHour.get(hour);
  if (day === undefined) {
    day = nzDayFormat.format(new Date(at));
    if (nzDayOfHour.size > 10_000) nzDayOfHour.clear();
    nzDayOfHour.set(hour, day);
  }
  return day;
}

type Counter = { _id: string; keys: Record<string, string>; inc: Record<string, number> };

/** The subscription-day counter one event moves (null for an event this read model does not count). */
function counterOf(event: RecordedEvent): Counter | null {
  if (event.type !== 'AdImpressionRecorded' && event.type !== 'AdClickRecorded') return null;
  const { data } = { type: event.type, data: event.data } as AdActivityEvent;
  const day = nzDayOf(data.at);
  return {
    _id: `${data.subscriptionId}:${day}`,
    keys: { subscriptionId: data.subscriptionId, partnerId: data.partnerId, day },
    inc: event.type === 'AdImpressionRecorded' ? { impressions: 1, clicks: 0 } : { impressions: 0, clicks: 1 },
  };
}

const toWrite = (c: Counter): CollectionWrite => ({ collection: AD_PERFORMANCE, updateOne: { filter: { _id: c._id }, update: { $setOnInsert: c.keys, $inc: c.inc }, upsert: true } });

export const adPerformanceProjector: Projector = {
  name: 'ad_performance',
  collections: [AD_PERFORMANCE],
  filter: { eventTypes: [...adActivityEventTypes], streamPrefixes: ['adActivity-'] },
  indexes: {
    // A set of subscriptions' days (impressions this month).
    [AD_PERFORMANCE]: [{ keys: { subscriptionId: 1, day: 1 } }],
  },
  project: (event) => {
    const c = counterOf(event);
    return c ? [toWrite(c)] : [];
  },
  projectBatch(events) {
    const sums = new Map<string, Counter>();
    for (const event of events) {
      const c = counterOf(event);
      if (!c) continue;
      const sum = sums.get(c._id);
      if (!sum) sums.set(c._id, c);
      else for (const [field, n] of Object.entries(c.inc)) sum.inc[field] = (sum.inc[field] ?? 0) + n;
    }
    return [...sums.values()].map(toWrite);
  },
};

/**
 * Impressions per subscription between two NZ days (inclusive, YYYY-MM-DD): the active adverts'
 * monthly cap reads it. Every id asked for is in the answer (0 when it had none).
 */
export async function subscriptionImpressionsBetween(store: ReadStore, subscriptionIds: readonly string[], fromDay: string, toDay: string): Promise<Map<string, number>> {
  const totals = new Map<string, number>(subscriptionIds.map((id) => [id, 0]));
  if (subscriptionIds.length === 0) return totals;
  const docs = await store
    .collection<AdPerformanceDoc>(AD_PERFORMANCE)
    .find({ subscriptionId: { $in: [...new Set(subscriptionIds)] }, day: { $gte: fromDay, $lte: toDay } }, { projection: { subscriptionId: 1, impressions: 1 } });
  for (const d of docs) totals.set(d.subscriptionId, (totals.get(d.subscriptionId) ?? 0) + d.impressions);
  return totals;
}

/** The NZ days from `fromDay` to `toDay` inclusive (YYYY-MM-DD, calendar arithmetic). */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${fromDay}T00:00:00Z`), end = Date.parse(`${toDay}T00:00:00Z`); t <= end; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
