import { z } from 'zod';
import { AdTierSchema } from './advertising';

/**
 * One live subscription per partner, tier and town (spec 001 §2): the slot's reservation stream,
 * `adSlot-<partnerId>-<tier>-<locationId>`. An admin's allocation and a partner's checkout each
 * claim the slot, with the stream's expected revision, before the subscription starts (and before
 * Stripe is asked), so however many race for it one holds it. Its holder gives it up when its
 * subscription expires, when its checkout did not go through, or when it never started at all.
 */
export const AdSlotClaimed = z.object({
  type: z.literal('AdSlotClaimed'),
  data: z.object({
    partnerId: z.string(),
    tier: AdTierSchema,
    locationId: z.string(),
    subscriptionId: z.string(),
    via: z.enum(['admin', 'checkout']),
    claimedAt: z.string(),
  }),
});

/**
 * Why a holder gave the slot up: its subscription `expired` (recorded by the next claim, which
 * reads that on the subscription's own stream), its checkout `failed` before the subscription
 * started (Stripe refused), or it was `abandoned`: claimed long ago and never started.
 */
export const adSlotReleaseReasons = ['expired', 'failed', 'abandoned'] as const;
export type AdSlotReleaseReason = (typeof adSlotReleaseReasons)[number];

export const AdSlotReleased = z.object({
  type: z.literal('AdSlotReleased'),
  data: z.object({
    partnerId: z.string(),
    tier: AdTierSchema,
    locationId: z.string(),
    subscriptionId: z.string(),
    reason: z.enum(adSlotReleaseReasons),
    releasedAt: z.string(),
  }),
});

export const AdSlotEvent = z.discriminatedUnion('type', [AdSlotClaimed, AdSlotReleased]);
export type AdSlotEvent = z.infer<typeof AdSlotEvent>;
