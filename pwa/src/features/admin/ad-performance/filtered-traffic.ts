import type { AdTrafficFilterReason } from '@kainga/contracts/browser';
import type { DayRange } from './ad-performance';

export const FILTERED_TRAFFIC_PATH = '/api/admin/ad-traffic-filtered';
export const filteredTrafficUrl = (range: DayRange) => `${FILTERED_TRAFFIC_PATH}?from=${range.from}&to=${range.to}`;

/** What each reason means, in words an admin reads at a glance (the contracts' adTrafficFilterReasons). */
export const filterReasonLabels: Record<AdTrafficFilterReason, string> = {
  bot: 'Bots and scripts (by user agent)',
  not_served: 'Not served to that browser (no or forged serve token, another advert or placement)',
  expired: 'Served more than an hour before',
  other_session: 'Served to another browser session',
  address_limit: 'Past the per-address limit',
  duplicate: 'Repeats within 24 hours, second clicks',
  no_impression: 'Clicks without a counted impression',
  over_cap: 'Past the month’s impressions',
};

/** The reasons with something filtered, most first (ties in the contracts' order). */
export function filteredReasonsShown<R extends { reason: AdTrafficFilterReason; impressions: number; clicks: number }>(rows: readonly R[]): R[] {
  return rows.filter((r) => r.impressions + r.clicks > 0).sort((a, b) => b.impressions + b.clicks - (a.impressions + a.clicks));
}

/** "1 impression", "2,100 impressions". */
export const countOf = (n: number, one: string, many: string) => `${n.toLocaleString('en-NZ')} ${n === 1 ? one : many}`;
