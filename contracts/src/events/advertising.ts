import { z } from 'zod';
import { adContentStatuses, adPlacements, adSubscriptionStatuses, adTiers } from '../advertising';
import { PartnerRoleNameSchema } from '../roles-schema';
import { AdSubscriptionActivated, AdSubscriptionBillingUpdated, AdSubscriptionPaymentFailed, AdSubscriptionPaymentRetried, AdSubscriptionRenewed, CheckoutSource, adSubscriptionBillingEventTypes } from './billing';

export const AdTierSchema = z.enum(adTiers);
export const AdPlacementSchema = z.enum(adPlacements);
export const AdSubscriptionStatusSchema = z.enum(adSubscriptionStatuses);
export const AdContentStatusSchema = z.enum(adContentStatuses);

/** What an admin sets on a plan (partner/admin spec §3 "Ad plan"); prices in NZD. */
export const AdPlanFields = z.object({
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number(),
  pricePerLead: z.number(),
  adWidth: z.number().int(),
  adHeight: z.number().int(),
  priority: z.number().int(),
  maxImpressions: z.number().int(),
  allowedPlacements: z.array(AdPlacementSchema),
  features: z.array(z.string()),
});
export type AdPlanFields = z.infer<typeof AdPlanFields>;

/**
 * An advertising plan, stream `adPlan-<tier>`: the tier is unique (spec 001 §3 ad_plans), so
 * the stream of its tier is its reservation. Created by the start-up seed (prices from
 * configuration) or by an admin; every edit and every switch on or off is an event.
 */
export const AdPlanCreated = z.object({
  type: z.literal('AdPlanCreated'),
  data: z.object({ planId: z.string(), tier: AdTierSchema, plan: AdPlanFields, isActive: z.boolean(), by: z.string().nullable(), at: z.string() }),
});
export const AdPlanRevised = z.object({
  type: z.literal('AdPlanRevised'),
  data: z.object({ planId: z.string(), tier: AdTierSchema, plan: AdPlanFields, by: z.string(), at: z.string() }),
});
export const AdPlanDeactivated = z.object({
  type: z.literal('AdPlanDeactivated'),
  data: z.object({ planId: z.string(), tier: AdTierSchema, by: z.string(), at: z.string() }),
});
export const AdPlanReactivated = z.object({
  type: z.literal('AdPlanReactivated'),
  data: z.object({ planId: z.string(), tier: AdTierSchema, by: z.string(), at: z.string() }),
});
export const AdPlanEvent = z.discriminatedUnion('type', [AdPlanCreated, AdPlanRevised, AdPlanDeactivated, AdPlanReactivated]);
export type AdPlanEvent = z.infer<typeof AdPlanEvent>;
export const adPlanEventTypes = ['AdPlanCreated', 'AdPlanRevised', 'AdPlanDeactivated', 'AdPlanReactivated'] as const;

/**
 * How a subscription came to be: an admin's allocation (spec 001 §2, active at once, no payment)
 * or the partner's paid checkout (billing.ts), so allocation and payment share one subscription model.
 */
export const AdSubscriptionSource = z.discriminatedUnion('via', [z.object({ via: z.literal('admin'), by: z.string() }), CheckoutSource]);
export type AdSubscriptionSource = z.infer<typeof AdSubscriptionSource>;

/** An allocation shows adverts at once; a checkout waits for Stripe to confirm its first payment. */
export const startingStatusOf = (source: AdSubscriptionSource): 'active' | 'incomplete' => (source.via === 'checkout' ? 'incomplete' : 'active');

/**
 * A partner's subscription to a plan in one location, stream `adSubscription-<subscriptionId>`.
 * The plan's tier and the partner's role are copied in so readers need not join to decide what
 * an advert is.
 */
export const AdSubscriptionStarted = z.object({
  type: z.literal('AdSubscriptionStarted'),
  data: z.object({
    subscriptionId: z.string(),
    partnerId: z.string(),
    partnerUserId: z.string(),
    partnerRole: PartnerRoleNameSchema,
    adPlanId: z.string(),
    tier: AdTierSchema,
    locationId: z.string(),
    startDate: z.string(),
    autoRenew: z.boolean(),
    source: AdSubscriptionSource,
    /** Generated demo data (ops' demo seed); false when absent. */
    demo: z.boolean().default(false),
  }),
});
/**
 * Adverts stop. `by` is the admin, or 'billing' (BILLING_ACTOR) when the billing workflow paused
 * it because a renewal stayed unpaid past the grace period (`reason` then says so).
 */
export const AdSubscriptionPaused = z.object({
  type: z.literal('AdSubscriptionPaused'),
  data: z.object({ subscriptionId: z.string(), by: z.string(), at: z.string(), reason: z.string().optional() }),
});
export const AdSubscriptionResumed = z.object({
  type: z.literal('AdSubscriptionResumed'),
  data: z.object({ subscriptionId: z.string(), by: z.string(), at: z.string() }),
});
/**
 * Final: an expired subscription never shows adverts again. `by` is the admin, 'stripe'
 * (STRIPE_ACTOR) when Stripe ended it (then `stripeEventId` names the webhook it came from), or
 * 'billing' (BILLING_ACTOR) when the billing workflow ended it (`reason`: the first payment never
 * came, a renewal stayed unpaid, or it was cancelled at the period's end).
 */
export const AdSubscriptionExpired = z.object({
  type: z.literal('AdSubscriptionExpired'),
  data: z.object({ subscriptionId: z.string(), by: z.string(), at: z.string(), stripeEventId: z.string().optional(), reason: z.string().optional() }),
});
export const AdSubscriptionEvent = z.discriminatedUnion('type', [
  AdSubscriptionStarted,
  AdSubscriptionPaused,
  AdSubscriptionResumed,
  AdSubscriptionExpired,
  AdSubscriptionActivated,
  AdSubscriptionRenewed,
  AdSubscriptionPaymentFailed,
  AdSubscriptionBillingUpdated,
  AdSubscriptionPaymentRetried,
]);
export type AdSubscriptionEvent = z.infer<typeof AdSubscriptionEvent>;
export const adSubscriptionEventTypes = ['AdSubscriptionStarted', 'AdSubscriptionPaused', 'AdSubscriptionResumed', 'AdSubscriptionExpired', ...adSubscriptionBillingEventTypes] as const;

/** The words and picture of an advert (spec 001 §5 ad creation schema). */
export const AdContentFields = z.object({
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  targetRoles: z.array(z.string()),
});
export type AdContentFields = z.infer<typeof AdContentFields>;

/**
 * An advert of one subscription, stream `adContent-<adContentId>`. It waits for an admin's
 * approval (pending_approval); an edit by the partner sends it back for approval.
 */
export const AdContentSubmitted = z.object({
  type: z.literal('AdContentSubmitted'),
  data: z.object({
    adContentId: z.string(),
    subscriptionId: z.string(),
    partnerId: z.string(),
    content: AdContentFields,
    by: z.string(),
    at: z.string(),
    demo: z.boolean().default(false),
  }),
});
export const AdContentRevised = z.object({
  type: z.literal('AdContentRevised'),
  data: z.object({ adContentId: z.string(), content: AdContentFields, by: z.string(), at: z.string() }),
});
export const AdContentApproved = z.object({
  type: z.literal('AdContentApproved'),
  data: z.object({ adContentId: z.string(), by: z.string(), at: z.string() }),
});
export const AdContentRejected = z.object({
  type: z.literal('AdContentRejected'),
  data: z.object({ adContentId: z.string(), reason: z.string(), by: z.string(), at: z.string() }),
});
export const AdContentPaused = z.object({
  type: z.literal('AdContentPaused'),
  data: z.object({ adContentId: z.string(), by: z.string(), at: z.string() }),
});
export const AdContentResumed = z.object({
  type: z.literal('AdContentResumed'),
  data: z.object({ adContentId: z.string(), by: z.string(), at: z.string() }),
});
export const AdContentEvent = z.discriminatedUnion('type', [AdContentSubmitted, AdContentRevised, AdContentApproved, AdContentRejected, AdContentPaused, AdContentResumed]);
export type AdContentEvent = z.infer<typeof AdContentEvent>;
export const adContentEventTypes = ['AdContentSubmitted', 'AdContentRevised', 'AdContentApproved', 'AdContentRejected', 'AdContentPaused', 'AdContentResumed'] as const;

/**
 * What was shown or clicked, where and to whom — without the person: the IP address and the
 * browser session are kept only as salted hashes (DESIGN "hash IP addresses").
 */
const AdActivityFields = {
  adContentId: z.string(),
  subscriptionId: z.string(),
  partnerId: z.string(),
  tier: AdTierSchema,
  placement: AdPlacementSchema,
  city: z.string().nullable(),
  suburb: z.string().nullable(),
  userId: z.string().nullable(),
  propertyId: z.string().nullable(),
  userAgent: z.string(),
  ipHash: z.string(),
  sessionHash: z.string(),
  at: z.string(),
};

/**
 * The hottest facts of the product. Streams `adActivity-<YYYY-MM-DD>` (UTC day), appended in
 * batches by one writer per process, so thousands a second cost a few appends, and a day's
 * stream replays in the order they were recorded (analysts replay them).
 */
export const AdImpressionRecorded = z.object({
  type: z.literal('AdImpressionRecorded'),
  data: z.object({ impressionId: z.string(), ...AdActivityFields }),
});
export const AdClickRecorded = z.object({
  type: z.literal('AdClickRecorded'),
  data: z.object({ clickId: z.string(), ...AdActivityFields }),
});
export const AdActivityEvent = z.discriminatedUnion('type', [AdImpressionRecorded, AdClickRecorded]);
export type AdActivityEvent = z.infer<typeof AdActivityEvent>;
export const adActivityEventTypes = ['AdImpressionRecorded', 'AdClickRecorded'] as const;
export const adActivityStream = (at: Date | string) => `adActivity-${new Date(at).toISOString().slice(0, 10)}`;
