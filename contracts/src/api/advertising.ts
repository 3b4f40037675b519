import { z } from 'zod';
import { AD_CTA_TEXT_MAX, AD_DEFAULT_CTA_TEXT, AD_DESCRIPTION_MAX, AD_TITLE_MAX, ALLOCATE_MISSING_MESSAGE, adminSubscriptionStatuses } from '../advertising';
import { AdContentStatusSchema, AdPlacementSchema, AdSubscriptionStatusSchema, AdTierSchema } from '../events/advertising';
import { PartnerRoleNameSchema } from '../roles-schema';

/** GET /api/ad-plans (and the admin's lists): spec 001 §3 "Ad plan". */
export const AdPlanView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tier: AdTierSchema,
  monthlyPrice: z.number(),
  pricePerLead: z.number(),
  adWidth: z.number(),
  adHeight: z.number(),
  priority: z.number(),
  maxImpressions: z.number(),
  allowedPlacements: z.array(AdPlacementSchema),
  features: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdPlanView = z.infer<typeof AdPlanView>;

const money = (what: string) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} cannot be negative`).max(1_000_000, `${what} is too large`);
const whole = (what: string, min: number, max: number) =>
  z.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`).min(min, `${what} must be at least ${min}`).max(max, `${what} cannot exceed ${max}`);

/** POST /api/admin/ad-plans (create; tier is unique) and PUT /api/admin/ad-plans/{id} (edit). */
export const AdPlanRequest = z.strictObject({
  tier: AdTierSchema,
  name: z.string({ error: 'Plan name is required' }).trim().min(1, 'Plan name is required').max(100, 'Plan name is too long'),
  description: z.string().trim().max(1000, 'Description too long').default(''),
  monthlyPrice: money('Monthly price'),
  pricePerLead: money('Price per lead').default(0),
  adWidth: whole('Ad width', 1, 4000),
  adHeight: whole('Ad height', 1, 4000),
  priority: whole('Priority', 0, 1000).default(0),
  maxImpressions: whole('Max impressions', 1, 100_000_000),
  allowedPlacements: z.array(AdPlacementSchema, { error: 'Choose where the plan may show adverts' }).min(1, 'Choose where the plan may show adverts'),
  features: z.array(z.string().trim().min(1).max(200, 'A feature is too long')).max(20, 'At most 20 features').default([]),
  isActive: z.boolean().default(true),
});
export type AdPlanRequest = z.infer<typeof AdPlanRequest>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
/** POST /api/admin/allocate-ad-plan {partnerId, adPlanId, locationId}. */
export const AllocateAdPlanRequest = z.strictObject({
  partnerId: required(ALLOCATE_MISSING_MESSAGE),
  adPlanId: required(ALLOCATE_MISSING_MESSAGE),
  locationId: required(ALLOCATE_MISSING_MESSAGE),
});
export type AllocateAdPlanRequest = z.infer<typeof AllocateAdPlanRequest>;

/** PATCH /api/admin/partner-ad-subscriptions/{id} {status}. */
export const UpdateAdSubscriptionRequest = z.strictObject({
  status: z.enum(adminSubscriptionStatuses, { error: 'Status must be active, paused or expired' }),
});
export type UpdateAdSubscriptionRequest = z.infer<typeof UpdateAdSubscriptionRequest>;

const SubscriptionLocation = z.object({ id: z.string(), cityName: z.string(), region: z.string() });

/** A subscription as the partner's Advertising tab reads it (GET /api/partner-ad-subscriptions). */
export const PartnerAdSubscriptionView = z.object({
  id: z.string(),
  adPlanId: z.string(),
  partnerId: z.string(),
  locationId: z.string(),
  status: AdSubscriptionStatusSchema,
  startDate: z.string(),
  endDate: z.string().nullable(),
  autoRenew: z.boolean(),
  totalImpressions: z.number(),
  totalClicks: z.number(),
  adPlan: AdPlanView,
  location: SubscriptionLocation,
  demo: z.boolean(),
  /** Allocated by an admin (no payment) or bought through the checkout (paid with Stripe). */
  via: z.enum(['admin', 'checkout']),
  /** The payment state (spec 001 §3 partner_ad_subscriptions): null for an allocation, and until Stripe says. */
  stripeSubscriptionId: z.string().nullable(),
  stripeSubscriptionStatus: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The card provider's words for the last failed payment, until a payment succeeds. */
  lastPaymentError: z.string().nullable(),
  /** When the unpaid renewal first failed (the grace period counts from it); null when nothing is owed. */
  paymentDueSince: z.string().nullable(),
  /** The billing workflow's retries of the unpaid renewal so far. */
  paymentRetries: z.number(),
  /** Why billing paused or ended it, in the partner's words; null otherwise. */
  statusReason: z.string().nullable(),
});
export type PartnerAdSubscriptionView = z.infer<typeof PartnerAdSubscriptionView>;

/** GET /api/admin/partner-ad-subscriptions: with the partner embedded (spec 001 §3). */
export const AdminAdSubscriptionView = PartnerAdSubscriptionView.extend({
  partner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), businessName: z.string(), roleId: PartnerRoleNameSchema }),
});
export type AdminAdSubscriptionView = z.infer<typeof AdminAdSubscriptionView>;

/** Ad content (spec 001 §5 "Ad creation schema": title 1–100, description 1–500, ctaText 1–50, valid ctaUrl, optional image). */
export const AdContentRequest = z.strictObject({
  subscriptionId: required('Please choose the subscription this advert belongs to'),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(AD_TITLE_MAX, `Title must be ${AD_TITLE_MAX} characters or fewer`),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(AD_DESCRIPTION_MAX, `Description must be ${AD_DESCRIPTION_MAX} characters or fewer`),
  ctaText: z
    .string()
    .trim()
    .max(AD_CTA_TEXT_MAX, `Button text must be ${AD_CTA_TEXT_MAX} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : AD_DEFAULT_CTA_TEXT)),
  ctaUrl: z
    .string({ error: 'Please enter a valid URL' })
    .trim()
    .max(500, 'Please enter a valid URL')
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'Please enter a valid URL'),
  imageUrl: z
    .string()
    .regex(/^\/api\/uploads\/ad-images\/[A-Za-z0-9._-]+$/, 'Please upload the image again')
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  targetRoles: z.array(z.string().max(50)).max(10).default([]),
});
export type AdContentRequest = z.infer<typeof AdContentRequest>;

/** An advert's content with its state (the partner's and the admin's lists). */
export const AdContentView = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  partnerId: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  targetRoles: z.array(z.string()),
  status: AdContentStatusSchema,
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For the admin's approval list: whose advert, which plan and where. */
  businessName: z.string(),
  tier: AdTierSchema,
  cityName: z.string(),
  demo: z.boolean(),
});
export type AdContentView = z.infer<typeof AdContentView>;

export const RejectAdContentRequest = z.strictObject({
  reason: z.string({ error: 'Please give a reason for the rejection' }).trim().min(1, 'Please give a reason for the rejection').max(1000, 'The reason is too long'),
});

/** GET /api/ads/active?placement&city&suburb&targetRole. */
export const ActiveAdsQuery = z.object({
  placement: AdPlacementSchema,
  city: z.string().trim().max(100).optional(),
  suburb: z.string().trim().max(100).optional(),
  targetRole: z.string().trim().max(50).optional(),
});
export type ActiveAdsQuery = z.infer<typeof ActiveAdsQuery>;

/**
 * An active advert (consumer spec §3): the partner fields the premium panel and its dialog read,
 * and the banner fields (id, adPlan.tier, title, description, imageUrl, ctaText, ctaUrl).
 */
export const ActiveAd = z.object({
  id: z.string(),
  adContentId: z.string(),
  tier: AdTierSchema,
  adPlan: z.object({ tier: AdTierSchema }),
  partnerId: z.string(),
  partnerRole: PartnerRoleNameSchema,
  partnerName: z.string(),
  businessName: z.string(),
  bio: z.string().nullable(),
  videoLink: z.string().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  profileImage: z.string().nullable(),
  subscriptionId: z.string(),
  cityName: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  demo: z.boolean(),
  /**
   * Proof that the server showed this advert in this placement to this browser session: sent back
   * with the advert's impression and click (signed, one hour; see command-api's serve-token.ts).
   */
  serveToken: z.string(),
});
export type ActiveAd = z.infer<typeof ActiveAd>;

/** POST /api/ads/impression and /api/ads/click (consumer spec §3 "Ad event payload"). */
export const AdEventRequest = z.strictObject({
  adContentId: z.string({ error: 'adContentId is required' }).trim().min(1, 'adContentId is required').max(100),
  placement: AdPlacementSchema,
  userAgent: z.string().max(1000).default(''),
  city: z.string().trim().max(100).nullish().transform((v) => v || null),
  suburb: z.string().trim().max(100).nullish().transform((v) => v || null),
  propertyId: z.string().max(100).nullish().transform((v) => v || null),
  /** The advert's serveToken from GET /api/ads/active; without it nothing is counted. */
  serveToken: z.string().max(1000).nullish().transform((v) => v || null),
});
export type AdEventRequest = z.infer<typeof AdEventRequest>;

/**
 * What the server did with an ad event: recorded, or why not — a repeat, a bot, the month's
 * impressions used up (`capped`), or invalid traffic (`filtered`: the reason is kept for admins,
 * not told to the sender, so a script learns nothing of the filters it meets).
 */
export const AdEventResponse = z.object({ recorded: z.boolean(), reason: z.enum(['recorded', 'duplicate', 'bot', 'capped', 'filtered']) });
export type AdEventResponse = z.infer<typeof AdEventResponse>;

/** GET /api/partner/ad-performance?role&days: the last `days` NZ days, today included (30 when not given). */
export const AD_PERFORMANCE_DEFAULT_DAYS = 30;
export const AD_PERFORMANCE_MAX_DAYS = 366;
export const AdPerformanceQuery = z.object({
  role: PartnerRoleNameSchema.optional(),
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(AD_PERFORMANCE_MAX_DAYS, `days must be at most ${AD_PERFORMANCE_MAX_DAYS}`)
    .default(AD_PERFORMANCE_DEFAULT_DAYS),
});

/** GET /api/partner/ad-performance?role&days: the partner's real figures, per day (NZ dates). */
export const AdPerformanceDay = z.object({ date: z.string(), impressions: z.number(), clicks: z.number(), leads: z.number() });
export const AdPerformanceView = z.object({
  totals: z.object({ impressions: z.number(), clicks: z.number(), leads: z.number(), clickThroughRate: z.number() }),
  days: z.array(AdPerformanceDay),
});
export type AdPerformanceView = z.infer<typeof AdPerformanceView>;
