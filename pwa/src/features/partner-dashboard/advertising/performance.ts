/**
 * The performance block's figures (the issue: the partner's REAL impressions, click-through and
 * leads over time, replacing spec 001's fixed placeholders): totals, the click-through rate, and
 * one point per NZ day of the window for the chart, days without activity as zeros.
 */
import type { AdPerformanceView } from '@kainga/contracts';
import { addDays } from '../../../format/nz-time';

/** The window the tab asks for: GET /api/partner/ad-performance?role=…&days=30. */
export const PERFORMANCE_DAYS = 30;


export interface PerformancePoint {
  date: string;
  impressions: number;
  clicks: number;
  leads: number;
}

/** One point per day of the `days`-day window ending on `today` (NZ), oldest first. */
export function dailySeries(view: Pick<AdPerformanceView, 'days'>, days: number, today: string): PerformancePoint[] {
  const byDate = new Map(view.days.map((d) => [d.date, d]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - (days - 1));
    const d = byDate.get(date);
    return { date, impressions: d?.impressions ?? 0, clicks: d?.clicks ?? 0, leads: d?.leads ?? 0 };
  });
}

/**
 * Clicks per impression, or null where it is not available: no impression counted, or more clicks
 * than impressions. Both happen honestly — a click is counted while its impression was filtered as
 * invalid traffic, or the impression fell before the period — and a "0%" or "300%" would mislead.
 */
export function clickThroughRate(clicks: number, impressions: number): number | null {
  if (impressions <= 0 || clicks > impressions) return null;
  return clicks / impressions;
}

/** What a figure that is not available shows (with NOT_AVAILABLE_LABEL for screen readers). */
export const NOT_AVAILABLE = '—';
export const NOT_AVAILABLE_LABEL = 'not available';

/** The help text beside click-through figures: why one can be "—". */
export const CLICK_THROUGH_HELP =
  'Click-through is clicks divided by impressions. It shows “—” (not available) where clicks were counted without their impressions: impressions filtered out as invalid traffic, or shown before the period began.';

/** Click-through as a percentage with one decimal ("2.4%"); NOT_AVAILABLE where clickThroughRate has none. */
export function formatClickThrough(clicks: number, impressions: number): string {
  const rate = clickThroughRate(clicks, impressions);
  if (rate === null) return NOT_AVAILABLE;
  return `${(rate * 100).toLocaleString('en-NZ', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

export const formatCount = (n: number) => n.toLocaleString('en-NZ');

/** Whether the window holds anything to chart. */
export const hasActivity = (view: AdPerformanceView) => view.totals.impressions > 0 || view.totals.clicks > 0 || view.totals.leads > 0;

let dayLabelFormat: Intl.DateTimeFormat | undefined;
/** "5 Mar" for a YYYY-MM-DD day (the chart's axis). */
export function dayLabel(day: string): string {
  dayLabelFormat ??= new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dayLabelFormat.format(new Date(`${day}T00:00:00Z`));
}
