import { z } from 'zod';
import { adTrafficFilterReasons } from '../advertising';

/** The longest range GET /api/admin/ad-performance answers, and the one it answers when given none. */
export const ADMIN_AD_PERFORMANCE_MAX_DAYS = 366;
export const ADMIN_AD_PERFORMANCE_DEFAULT_DAYS = 30;

const nzDay = (name: string) =>
  z
    .string({ error: `${name} must be a day as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a day as YYYY-MM-DD`)
    // Date.parse rolls 2026-02-30 over to March and gives NaN for month 13: both are refused.
    .refine((day) => {
      const ms = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
    }, `${name} is not a day of the calendar`);

/**
 * GET /api/admin/ad-performance?from&to: New Zealand days, both inclusive. Without `to`, today
 * (NZ); without `from`, the 30 days ending on `to`.
 */
export const AdminAdPerformanceQuery = z
  .object({ from: nzDay('from').optional(), to: nzDay('to').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type AdminAdPerformanceQuery = z.infer<typeof AdminAdPerformanceQuery>;

/**
 * One line of a chart: a tier, a placement, or `none` (leads that name no advert — see
 * projections' ad-analytics.ts for how leads are attributed). Each array has one value per day
 * of the answer's `days`; the click-through rate is clicks / impressions (0 without impressions).
 */
export const AdPerformanceSeries = z.object({
  key: z.string(),
  impressions: z.array(z.number()),
  clicks: z.array(z.number()),
  clickThroughRate: z.array(z.number()),
  leads: z.array(z.number()),
});
export type AdPerformanceSeries = z.infer<typeof AdPerformanceSeries>;

export const AdPerformanceTotals = z.object({ impressions: z.number(), clicks: z.number(), leads: z.number(), clickThroughRate: z.number() });
export type AdPerformanceTotals = z.infer<typeof AdPerformanceTotals>;

/**
 * The admin's Ad Performance section: every NZ day of the range (zeros included), a series per
 * tier (gold, silver, bronze) and per placement (in the contracts' order), each followed by a
 * `none` series only when some leads named no advert, and the range's totals.
 */
export const AdminAdPerformanceView = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  totals: AdPerformanceTotals,
  byTier: z.array(AdPerformanceSeries),
  byPlacement: z.array(AdPerformanceSeries),
});
export type AdminAdPerformanceView = z.infer<typeof AdminAdPerformanceView>;

/**
 * GET /api/admin/ad-traffic-filtered?from&to (same days as the Ad Performance range): the ad
 * impressions and clicks filtered as invalid traffic, by reason (every reason, in the contracts'
 * order) and by partner. None of it is in a partner's figures, cap or bill.
 */
const FilteredCounts = { impressions: z.number(), clicks: z.number() };
export const FilteredTrafficView = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(FilteredCounts),
  byReason: z.array(z.object({ reason: z.enum(adTrafficFilterReasons), ...FilteredCounts })),
  byPartner: z.array(z.object({ partnerId: z.string(), businessName: z.string().nullable(), ...FilteredCounts })),
});
export type FilteredTrafficView = z.infer<typeof FilteredTrafficView>;
