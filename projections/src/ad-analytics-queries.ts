import type { AdminAdPerformanceView, AdPerformanceSeries, AdPerformanceView } from '@kainga/contracts';
import { adPlacements, adTiers } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { AD_ANALYTICS, type AdAnalyticsDoc } from './ad-analytics';
import { daysBetween } from './ad-performance';

/** The series key of figures that name no tier or placement (leads: see ad-analytics.ts). */
export const NO_ADVERT = 'none';

const rate = (clicks: number, impressions: number) => (impressions === 0 ? 0 : clicks / impressions);

type Figures = Pick<AdAnalyticsDoc, 'day' | 'impressions' | 'clicks' | 'leads'>;

/** Sums figures into one series per key, one value per day of `days` (days outside are left out). */
function seriesBy<D extends Figures>(docs: readonly D[], days: readonly string[], keys: readonly string[], keyOf: (d: D) => string | null): AdPerformanceSeries[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const zeros = () => days.map(() => 0);
  const byKey = new Map<string, AdPerformanceSeries>(keys.map((key) => [key, { key, impressions: zeros(), clicks: zeros(), clickThroughRate: zeros(), leads: zeros() }]));
  for (const d of docs) {
    const i = index.get(d.day);
    if (i === undefined) continue;
    const key = keyOf(d) ?? NO_ADVERT;
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { key, impressions: zeros(), clicks: zeros(), clickThroughRate: zeros(), leads: zeros() }));
    s.impressions[i]! += d.impressions;
    s.clicks[i]! += d.clicks;
    s.leads[i]! += d.leads;
  }
  for (const s of byKey.values()) s.clickThroughRate = s.impressions.map((n, i) => rate(s.clicks[i]!, n));
  return [...byKey.values()];
}

/**
 * The Ad Performance figures of the NZ days `from`..`to` (inclusive) from analytic documents:
 * every day present, a series per tier and per placement (always all of them, in the contracts'
 * order), then `none` when some leads named no advert; totals over the range. Pure, so the admin
 * route and the replay CLI's "as of" table give one reading of one set of documents.
 */
export function adPerformanceOf(docs: readonly AdAnalyticsDoc[], from: string, to: string): AdminAdPerformanceView {
  const days = daysBetween(from, to);
  const inRange = docs.filter((d) => d.day >= from && d.day <= to);
  const sum = (field: 'impressions' | 'clicks' | 'leads') => inRange.reduce((n, d) => n + d[field], 0);
  const totals = { impressions: sum('impressions'), clicks: sum('clicks'), leads: sum('leads'), clickThroughRate: 0 };
  totals.clickThroughRate = rate(totals.clicks, totals.impressions);
  return { from, to, days, totals, byTier: seriesBy(inRange, days, adTiers, (d) => d.tier), byPlacement: seriesBy(inRange, days, adPlacements, (d) => d.placement) };
}

/** The analytic documents of the NZ days `from`..`to` (the `day` index), optionally of one partner (`partnerId, day`). */
export function analyticsBetween(store: ReadStore, from: string, to: string, partnerId?: string): Promise<AdAnalyticsDoc[]> {
  const range = { day: { $gte: from, $lte: to } };
  return store.collection<AdAnalyticsDoc>(AD_ANALYTICS).find(partnerId === undefined ? range : { partnerId, ...range });
}

/** GET /api/admin/ad-performance: every partner's figures of the range, by tier and by placement. */
export async function adminAdPerformance(store: ReadStore, from: string, to: string): Promise<AdminAdPerformanceView> {
  return adPerformanceOf(await analyticsBetween(store, from, to), from, to);
}

/**
 * A partner's impressions, clicks (of its own subscriptions) and leads per NZ day from `from` to
 * `to` (every day present, zeros included) and their totals; click-through = clicks / impressions.
 */
export async function partnerAdPerformance(store: ReadStore, partnerId: string, from: string, to: string): Promise<AdPerformanceView> {
  const byDay = new Map(daysBetween(from, to).map((date) => [date, { date, impressions: 0, clicks: 0, leads: 0 }]));
  for (const d of await analyticsBetween(store, from, to, partnerId)) {
    const day = byDay.get(d.day);
    if (!day) continue;
    day.impressions += d.impressions;
    day.clicks += d.clicks;
    day.leads += d.leads;
  }
  const days = [...byDay.values()];
  const impressions = days.reduce((n, d) => n + d.impressions, 0);
  const clicks = days.reduce((n, d) => n + d.clicks, 0);
  const leads = days.reduce((n, d) => n + d.leads, 0);
  return { totals: { impressions, clicks, leads, clickThroughRate: rate(clicks, impressions) }, days };
}
