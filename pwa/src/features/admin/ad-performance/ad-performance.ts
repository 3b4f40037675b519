/**
 * The admin's Ad Performance section (GET /api/admin/ad-performance): its date range, and the
 * chart lines of one figure (impressions, clicks, click-through or leads) by tier or by placement.
 */
import type { AdminAdPerformanceView, AdPerformanceSeries } from '@kainga/contracts';
import { adTierLabels, type AdPlacement, type AdTier } from '@kainga/contracts/browser';
import { placementLabels } from '../advertising/plans';
import { addDays } from '../../../format/nz-time';
import { clickThroughRate } from '../../partner-dashboard/advertising/performance';

export const ADMIN_AD_PERFORMANCE_PATH = '/api/admin/ad-performance';
/** As the server: 30 days unless chosen, at most 366. */
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
}

/** The 30 NZ days ending on `today`. */
export const defaultRange = (today: string): DayRange => ({ from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today });

export const adPerformanceUrl = (range: DayRange) => `${ADMIN_AD_PERFORMANCE_PATH}?from=${range.from}&to=${range.to}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daysIn = (r: DayRange) => Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a range cannot be asked for (the server would refuse it too), or null when it can. */
export function rangeProblem(r: DayRange): string | null {
  if (!DAY.test(r.from) || !DAY.test(r.to)) return 'Choose both days.';
  if (r.from > r.to) return 'The first day must not be after the last.';
  if (daysIn(r) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

export type Breakdown = 'tier' | 'placement';
export type Figure = 'impressions' | 'clicks' | 'clickThroughRate' | 'leads';

export const figures: { key: Figure; title: string; axis: string; percent?: boolean }[] = [
  { key: 'impressions', title: 'Impressions per day', axis: 'Impressions' },
  { key: 'clicks', title: 'Clicks per day', axis: 'Clicks' },
  { key: 'clickThroughRate', title: 'Click-through rate per day', axis: 'Click-through', percent: true },
  { key: 'leads', title: 'Leads per day', axis: 'Leads' },
];

/** Leads name no advert (the server's `none` series). */
export const NO_ADVERT_LABEL = 'Not from an advert';

const tierColors: Record<AdTier, string> = { gold: '#d4a017', silver: '#8c8c8c', bronze: '#ad6800' };
const placementColors: Record<AdPlacement, string> = { sidebar_valuation: '#0b5d4b', mortgage_calculator: '#d46b08', rental_assessment: '#722ed1', property_results: '#13a8a8' };
const NO_ADVERT_COLOR = '#1d39c4';

function lineLook(breakdown: Breakdown, key: string): { label: string; color: string } {
  if (breakdown === 'tier' && key in tierColors) return { label: adTierLabels[key as AdTier], color: tierColors[key as AdTier] };
  if (breakdown === 'placement' && key in placementColors) return { label: placementLabels[key as AdPlacement], color: placementColors[key as AdPlacement] };
  return { label: key === 'none' ? NO_ADVERT_LABEL : key, color: NO_ADVERT_COLOR };
}

/**
 * One chart's lines: a line per tier (or placement) of the answer, labelled and coloured; the
 * `none` series only on the leads chart (it has no impressions or clicks to show).
 */
export function chartLines(view: AdminAdPerformanceView, breakdown: Breakdown, figure: Figure): { label: string; color: string; values: (number | null)[] }[] {
  const series: AdPerformanceSeries[] = breakdown === 'tier' ? view.byTier : view.byPlacement;
  return series.filter((s) => s.key !== 'none' || figure === 'leads').map((s) => ({ ...lineLook(breakdown, s.key), values: figure === 'clickThroughRate' ? clickThroughOf(s) : s[figure] }));
}

/**
 * A series' click-through per day, from its clicks and impressions: null (not available) on a day
 * with clicks but no counted impression, where the server's rate reads 0.
 */
const clickThroughOf = (s: AdPerformanceSeries) => s.clicks.map((clicks, i) => clickThroughRate(clicks, s.impressions[i] ?? 0));

/**
 * Per day of the range, whether anything was counted (an impression, a click or a lead, in any
 * series): every chart's table lists those days, so a day with a click but no counted impression
 * shows its click-through as not available rather than being left out.
 */
export const activeDayFlags = (view: AdminAdPerformanceView): boolean[] =>
  view.days.map((_, i) => view.byTier.some((s) => (s.impressions[i] ?? 0) > 0 || (s.clicks[i] ?? 0) > 0 || (s.leads[i] ?? 0) > 0));

/** Whether the range holds anything to chart. */
export const hasFigures = (view: AdminAdPerformanceView) => view.totals.impressions > 0 || view.totals.clicks > 0 || view.totals.leads > 0;
