import type { AdTrafficEvent, AdTrafficFilterReason, FilteredTrafficView } from '@kainga/contracts';
import { adTrafficFilterReasons } from '@kainga/contracts';
import type { CollectionWrite, IndexSpec, Projector, ReadStore } from '@kainga/platform';
import { nzDayOf } from './ad-performance';
import { PARTNERS, type PartnerDoc } from './partners';

/**
 * Invalid ad traffic as admins read it (`ad_filtered_traffic`): per NZ day, advert and reason,
 * the impressions and clicks the activity routes filtered (AdTrafficFiltered tallies). Kept
 * apart from `ad_analytics` on purpose: nothing a partner sees or pays reads this model.
 */
export const AD_FILTERED_TRAFFIC = 'ad_filtered_traffic';

export interface AdFilteredTrafficDoc {
  _id: string;
  day: string;
  partnerId: string;
  subscriptionId: string;
  adContentId: string;
  reason: AdTrafficFilterReason;
  impressions: number;
  clicks: number;
  [key: string]: unknown;
}

type Filtered = Extract<AdTrafficEvent, { type: 'AdTrafficFiltered' }>;

function toWrite({ data }: Filtered): CollectionWrite {
  const day = nzDayOf(data.to);
  const keys = { day, partnerId: data.partnerId, subscriptionId: data.subscriptionId, adContentId: data.adContentId, reason: data.reason };
  return { collection: AD_FILTERED_TRAFFIC, updateOne: { filter: { _id: `${day}|${data.adContentId}|${data.reason}` }, update: { $setOnInsert: keys, $inc: { impressions: data.impressions, clicks: data.clicks } }, upsert: true } };
}

export const AD_FILTERED_TRAFFIC_INDEXES: readonly IndexSpec[] = [{ keys: { day: 1 } }];

export const adFilteredTrafficProjector: Projector = {
  name: 'ad_filtered_traffic',
  collections: [AD_FILTERED_TRAFFIC],
  filter: { eventTypes: ['AdTrafficFiltered'], streamPrefixes: ['adTrafficFiltered-'] },
  indexes: { [AD_FILTERED_TRAFFIC]: AD_FILTERED_TRAFFIC_INDEXES },
  project: (event) => [toWrite(event as Filtered)],
};

/** GET /api/admin/ad-traffic-filtered: the NZ days `from`..`to` (inclusive), by reason (every reason, in order) and by partner (most filtered first). */
export async function filteredTrafficBetween(store: ReadStore, from: string, to: string): Promise<FilteredTrafficView> {
  const docs = await store.collection<AdFilteredTrafficDoc>(AD_FILTERED_TRAFFIC).find({ day: { $gte: from, $lte: to } });
  const byReason = new Map(adTrafficFilterReasons.map((reason) => [reason, { reason, impressions: 0, clicks: 0 }]));
  const byPartner = new Map<string, { partnerId: string; impressions: number; clicks: number }>();
  for (const d of docs) {
    const r = byReason.get(d.reason);
    if (r) {
      r.impressions += d.impressions;
      r.clicks += d.clicks;
    }
    const p = byPartner.get(d.partnerId) ?? { partnerId: d.partnerId, impressions: 0, clicks: 0 };
    p.impressions += d.impressions;
    p.clicks += d.clicks;
    byPartner.set(d.partnerId, p);
  }
  const partners = await store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: [...byPartner.keys()] } }, { projection: { businessName: 1 } });
  const nameOf = new Map(partners.map((p) => [p._id, p.businessName]));
  const reasons = [...byReason.values()];
  const totals = { impressions: reasons.reduce((n, r) => n + r.impressions, 0), clicks: reasons.reduce((n, r) => n + r.clicks, 0) };
  return { from, to, totals, byReason: reasons, byPartner: [...byPartner.values()].map((p) => ({ ...p, businessName: nameOf.get(p.partnerId) ?? null })).sort((a, b) => b.impressions + b.clicks - (a.impressions + a.clicks) || a.partnerId.localeCompare(b.partnerId)) };
}
