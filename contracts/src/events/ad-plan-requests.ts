import { z } from 'zod';

/**
 * A partner asks the admins to allocate an advertising plan (the Subscribe dialog, where this
 * server takes no card payments, or where the partner prefers it): one request per partner, plan
 * and town, on `adPlanRequest-<partnerId>-<adPlanId>-<locationId>`. Asking again while it waits
 * records nothing. Admins read the requests beside their allocate form; the allocation itself is
 * the admin's usual command (AdSubscriptionStarted via admin), which answers the request.
 */
export const adPlanRequestStream = (partnerId: string, adPlanId: string, locationId: string) => `adPlanRequest-${partnerId}-${adPlanId}-${locationId}`;

export const AdPlanAllocationRequested = z.object({
  type: z.literal('AdPlanAllocationRequested'),
  data: z.object({
    partnerId: z.string(),
    adPlanId: z.string(),
    locationId: z.string(),
    /** The partner's own words for the admins; empty when they wrote none. */
    message: z.string(),
    requestedBy: z.string(),
    requestedAt: z.string(),
  }),
});

export const AdPlanRequestEvent = z.discriminatedUnion('type', [AdPlanAllocationRequested]);
export type AdPlanRequestEvent = z.infer<typeof AdPlanRequestEvent>;
export const adPlanRequestEventTypes = AdPlanRequestEvent.options.map((o) => o.shape.type.value);
