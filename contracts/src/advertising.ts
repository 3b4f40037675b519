import type { PartnerRoleName } from './roles';

/**
 * Advertising names and constants (consumer spec §3, §4, §9; partner/admin spec §3, §4, §9) —
 * zod-free, so the web app's bundle reads the same values as the server.
 */
export const adTiers = ['gold', 'silver', 'bronze'] as const;
export type AdTier = (typeof adTiers)[number];
/** Tiers are shown in this order (spec 001 §9). */
export const adTierLabels: Record<AdTier, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' };

export const adPlacements = ['sidebar_valuation', 'mortgage_calculator', 'rental_assessment', 'property_results'] as const;
export type AdPlacement = (typeof adPlacements)[number];

/**
 * Subscription status: active ↔ paused (admin), any → expired (final). A subscription bought
 * through the checkout starts `incomplete` and shows no adverts until Stripe confirms its first
 * payment (spec 001 §4: "shows as activated on successful payment").
 */
export const adSubscriptionStatuses = ['incomplete', 'active', 'paused', 'expired'] as const;
export type AdSubscriptionStatus = (typeof adSubscriptionStatuses)[number];
/** The statuses an admin may set (PATCH …/partner-ad-subscriptions/{id}): only a payment activates an incomplete one. */
export const adminSubscriptionStatuses = ['active', 'paused', 'expired'] as const;
export type AdminSubscriptionStatus = (typeof adminSubscriptionStatuses)[number];

/** Ad content status: pending_approval → active (approved) or rejected; active ↔ paused. */
export const adContentStatuses = ['pending_approval', 'active', 'paused', 'rejected'] as const;
export type AdContentStatus = (typeof adContentStatuses)[number];

/**
 * The `targetRole` values the consumer screens send (consumer spec §3): the sidebar asks for
 * registered valuers, the mortgage calculator for 'mortgage-broker', the rental calculator for
 * 'property-manager'. Each names the advertiser's partner role.
 */
export const adTargetRoles: Record<string, PartnerRoleName> = {
  registered_valuer: 'registered_valuer',
  'registered-valuer': 'registered_valuer',
  mortgage_broker: 'mortgage_broker',
  'mortgage-broker': 'mortgage_broker',
  property_manager: 'property_manager',
  'property-manager': 'property_manager',
};
export const partnerRoleOfTarget = (targetRole: string | null | undefined): PartnerRoleName | null =>
  (targetRole && Object.prototype.hasOwnProperty.call(adTargetRoles, targetRole) ? adTargetRoles[targetRole] : null) ?? null;

/** Ad content limits (spec 001 §5, §9). */
export const AD_TITLE_MAX = 100;
export const AD_DESCRIPTION_MAX = 500;
export const AD_CTA_TEXT_MAX = 50;
export const AD_DEFAULT_CTA_TEXT = 'Learn More';

/** Consumer spec §9. */
export const AD_ROTATION_MS = 30_000;
export const AD_VALUATION_ROTATION_MS = 60_000;
export const ACTIVE_ADS_STALE_MS = 5 * 60_000;
export const ACTIVE_ADS_REFETCH_MS = 10 * 60_000;
export const AD_SIDEBAR_MAX = 3;
export const AD_MAX_DOTS = 5;
/** Silver and bronze interleave 3 silver, then 2 bronze. */
export const AD_INTERLEAVE = { silver: 3, bronze: 2 } as const;
/** An impression counts at most once per ad per browser session in this window. */
export const AD_IMPRESSION_DEDUP_MS = 24 * 60 * 60_000;

/** Admin messages (spec 001 §5, §8). */
export const ALLOCATE_MISSING_MESSAGE = 'Please select a partner, plan, and location.';

/**
 * Why an ad impression or click was not counted (issue 48, in the spirit of the IAB/MRC Invalid
 * Traffic guidelines): filtered traffic is tallied apart with its reason, for admins, and never
 * reaches a partner's figures, a cap or a bill.
 * - `bot`: a crawler, monitor or script by its user agent (general invalid traffic);
 * - `not_served`: no serve token, a forged one, or one for another advert or placement: the server
 *   did not show this advert there (GET /api/ads/active hands out the tokens);
 * - `expired`: a serve token older than its hour;
 * - `other_session`: a token served to another browser session (or the request had no ad cookie);
 * - `address_limit`: more from one address (IPv4, or IPv6 /64) for one advert than a household shows;
 * - `duplicate`: the same browser session again within 24 h (an impression) or a second click;
 * - `no_impression`: a click without a counted impression of that advert in that session before it;
 * - `over_cap`: the subscription's impressions for the NZ month are used up (nothing more is written).
 */
export const adTrafficFilterReasons = ['bot', 'not_served', 'expired', 'other_session', 'address_limit', 'duplicate', 'no_impression', 'over_cap'] as const;
export type AdTrafficFilterReason = (typeof adTrafficFilterReasons)[number];
