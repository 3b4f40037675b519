import { z } from 'zod';
import { AdTierSchema } from '../events/advertising';

/** POST /api/partner/ad-plan-requests (per active role): ask the admins to allocate a plan in a town. */
export const AdPlanRequestBody = z.strictObject({
  adPlanId: z.string({ error: 'Please choose an advertising plan.' }).trim().min(1, 'Please choose an advertising plan.').max(100, 'Please choose an advertising plan.'),
  locationId: z.string({ error: 'Please choose a location.' }).trim().min(1, 'Please choose a location.').max(100, 'Please choose a location.'),
  message: z.string({ error: 'The message must be text.' }).trim().max(1000, 'Please keep the message under 1,000 characters.').default(''),
});
export type AdPlanRequestBody = z.input<typeof AdPlanRequestBody>;

/** A partner's request as the admins read it (GET /api/admin/ad-plan-requests), and as the partner's POST answers it. */
export const AdPlanRequestView = z.object({
  id: z.string(),
  partnerId: z.string(),
  businessName: z.string(),
  contactEmail: z.string(),
  adPlanId: z.string(),
  planName: z.string(),
  tier: AdTierSchema.nullable(),
  locationId: z.string(),
  cityName: z.string(),
  message: z.string(),
  requestedAt: z.string(),
  /** The partner holds an active subscription of this plan in this town now (the request is answered). */
  allocated: z.boolean(),
});
export type AdPlanRequestView = z.infer<typeof AdPlanRequestView>;

/** GET /api/admin/ad-plan-requests: newest first (at most 200). */
export const AdPlanRequestsResponse = z.array(AdPlanRequestView);
