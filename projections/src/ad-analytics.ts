import type { AdActivityEvent, AdPlacement, AdTier } from '@kainga/contracts';
import { adActivityEventTypes, locationById } from '@kainga/contracts';
import type { CollectionWrite, EventFilter, IndexSpec, Projector } from '@kainga/platform';
import { nzDayOf } from './ad-performance';

/**
 * The analytic read model of advertising: per New Zealand day (nzDayOf), subscription, tier,
 * placement and city, the impressions, clicks and leads counted (`ad_analytics`). The admin's Ad
 * Performance charts and the partner dashboard's performance block read it live; the replay CLI
 * (`replay -- ads --into <analysis>`) builds the same documents from a range of the log into a
 * store of their own, with the same `adAnalyticsCounter`, so the two cannot disagree.
 *
 * Attribution of leads: a PartnerLeadReceived names its partner, its time and the client's
 * location, but no advert — the contact dialogs do not know which advert (if any) brought the
 * visitor. So a lead counts for its partner on its NZ day in the city of its `locationId`, with
 * subscription, tier and placement null; no lead is guessed onto an advert. Every lead counts,
 * demo ones too, as the partner's inbox and the performance block show them, but for repeats (a
 * sender's later requests within the lead window, never charged): those are not new leads. Impressions and
 * clicks carry their subscription, tier, placement and city (null when the page gave none).
 */
export const AD_ANALYTICS = 'ad_analytics';

export interface AdAnalyticsKeys {
  /** NZ calendar day, YYYY-MM-DD. */
  day: string;
  partnerId: string;
  subscriptionId: string | null;
  tier: AdTier | null;
  placement: AdPlacement | null;
  city: string | null;
}

export interface AdAnalyticsCounts {
  impressions: number;
  clicks: number;
  leads: number;
}

export interface AdAnalyticsDoc extends AdAnalyticsKeys, AdAnalyticsCounts {
  _id: string;
  [key: string]: unknown;
}

/** What one event adds to one document. */
export interface AdAnalyticsCounter {
  _id: string;
  keys: AdAnalyticsKeys;
  inc: AdAnalyticsCounts;
}

export const AD_ANALYTICS_EVENT_TYPES = [...adActivityEventTypes, 'PartnerLeadReceived'] as const;
export const AD_ANALYTICS_FILTER: EventFilter = { eventTypes: [...AD_ANALYTICS_EVENT_TYPES], streamPrefixes: ['adActivity-', 'partnerLead-'] };

// Every part but the last (the city, free text from the page) is an id, a day or an enum name
// without `|`, so the id is unambiguous; a city is never empty (the route makes '' null).
const idOf = (k: AdAnalyticsKeys) => [k.day, k.partnerId, k.subscriptionId ?? '-', k.tier ?? '-', k.placement ?? '-', k.city ?? ''].join('|');

/** The counter one event moves, or null for an event this model does not count. Pure. */
export function adAnalyticsCounter(event: { type: string; data: unknown }): AdAnalyticsCounter | null {
  if (event.type === 'AdImpressionRecorded' || event.type === 'AdClickRecorded') {
    const { data } = event as AdActivityEvent;
    const keys: AdAnalyticsKeys = { day: nzDayOf(data.at), partnerId: data.partnerId, subscriptionId: data.subscriptionId, tier: data.tier, placement: data.placement, city: data.city };
    const inc = event.type === 'AdImpressionRecorded' ? { impressions: 1, clicks: 0, leads: 0 } : { impressions: 0, clicks: 1, leads: 0 };
    return { _id: idOf(keys), keys, inc };
  }
  if (event.type === 'PartnerLeadReceived') {
    const data = event.data as { partnerId: string; locationId: string; receivedAt: string; repeatOf?: string };
    // A repeat (the same sender again within the lead window) is delivered, but it is not another lead.
    if (data.repeatOf) return null;
    const keys: AdAnalyticsKeys = { day: nzDayOf(data.receivedAt), partnerId: data.partnerId, subscriptionId: null, tier: null, placement: null, city: locationById(data.locationId)?.cityName ?? null };
    return { _id: idOf(keys), keys, inc: { impressions: 0, clicks: 0, leads: 1 } };
  }
  return null;
}

/**
 * Adds the events' counters into `sums` (one entry per document), in place, and returns it: a
 * live batch of thousands of impressions becomes a few `$inc`s, and a replay sums a whole range.
 */
export function sumAdAnalytics(events: Iterable<{ type: string; data: unknown }>, sums: Map<string, AdAnalyticsCounter> = new Map()): Map<string, AdAnalyticsCounter> {
  for (const event of events) {
    const c = adAnalyticsCounter(event);
    if (!c) continue;
    const sum = sums.get(c._id);
    if (!sum) sums.set(c._id, c);
    else {
      sum.inc.impressions += c.inc.impressions;
      sum.inc.clicks += c.inc.clicks;
      sum.inc.leads += c.inc.leads;
    }
  }
  return sums;
}

/** A finished counter as the document it stands for (a replay writes these whole). */
export const adAnalyticsDocOf = (c: AdAnalyticsCounter): AdAnalyticsDoc => ({ _id: c._id, ...c.keys, ...c.inc });

const toWrite = (c: AdAnalyticsCounter): CollectionWrite => ({ collection: AD_ANALYTICS, updateOne: { filter: { _id: c._id }, update: { $setOnInsert: { ...c.keys }, $inc: { ...c.inc } }, upsert: true } });

/** The admin charts read a range of days; the partner block one partner's days. */
export const AD_ANALYTICS_INDEXES: readonly IndexSpec[] = [{ keys: { day: 1 } }, { keys: { partnerId: 1, day: 1 } }];

export const adAnalyticsProjector: Projector = {
  name: 'ad_analytics',
  // 2: repeats of a lead (repeatOf) are not counted.
  version: 2,
  collections: [AD_ANALYTICS],
  filter: AD_ANALYTICS_FILTER,
  indexes: { [AD_ANALYTICS]: AD_ANALYTICS_INDEXES },
  project: (event) => [...sumAdAnalytics([event]).values()].map(toWrite),
  projectBatch: (events) => [...sumAdAnalytics(events).values()].map(toWrite),
};
