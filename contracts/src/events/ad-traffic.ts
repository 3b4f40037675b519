import { z } from 'zod';
import { adTrafficFilterReasons } from '../advertising';
import { AdTierSchema } from './advertising';

/**
 * Invalid ad traffic, tallied (issue 48): what the activity routes refused to count, per advert
 * and reason, summed over a few seconds and appended as one fact, so a flood of junk costs a few
 * events a minute instead of one an attempt, yet admins see how much was filtered and why.
 * Streams `adTrafficFiltered-<YYYY-MM-DD>` (UTC day of `to`). No partner figure, cap or bill reads them.
 */
export const AdTrafficFiltered = z.object({
  type: z.literal('AdTrafficFiltered'),
  data: z.object({
    adContentId: z.string(),
    subscriptionId: z.string(),
    partnerId: z.string(),
    tier: AdTierSchema,
    reason: z.enum(adTrafficFilterReasons),
    impressions: z.number().int().nonnegative(),
    clicks: z.number().int().nonnegative(),
    /** The first and last refusal summed here. */
    from: z.string(),
    to: z.string(),
  }),
});
export const adTrafficFilteredStream = (at: Date | string) => `adTrafficFiltered-${new Date(at).toISOString().slice(0, 10)}`;

/**
 * A subscription's monthly impressions (its plan's maxImpressions per NZ calendar month) are
 * taken in blocks on a stream of their own, `adImpressionAllowance-<subscriptionId>-<YYYY-MM>`,
 * appended with an expected revision: however many processes count impressions, the blocks
 * reserved never add up past the cap, so no impression past it is ever written. A process gives
 * back what it did not use when it stops.
 */
export const AdImpressionsReserved = z.object({
  type: z.literal('AdImpressionsReserved'),
  data: z.object({ subscriptionId: z.string(), month: z.string(), count: z.number().int().positive(), cap: z.number().int().nonnegative(), holder: z.string(), at: z.string() }),
});
export const AdImpressionsReturned = z.object({
  type: z.literal('AdImpressionsReturned'),
  data: z.object({ subscriptionId: z.string(), month: z.string(), count: z.number().int().positive(), holder: z.string(), at: z.string() }),
});
export const adImpressionAllowanceStream = (subscriptionId: string, month: string) => `adImpressionAllowance-${subscriptionId}-${month}`;

export const AdTrafficEvent = z.discriminatedUnion('type', [AdTrafficFiltered, AdImpressionsReserved, AdImpressionsReturned]);
export type AdTrafficEvent = z.infer<typeof AdTrafficEvent>;
export const adTrafficEventTypes = ['AdTrafficFiltered', 'AdImpressionsReserved', 'AdImpressionsReturned'] as const;
