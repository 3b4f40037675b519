/**
 * Asking the admins for a plan (POST /api/partner/ad-plan-requests?role=): where this server takes
 * no card payments, the Subscribe dialog sends the partner's request instead, which the admins
 * list beside their allocate form. Asking twice is the same request (the server records it once).
 */
import type { AdPlanRequestBody, AdPlanRequestView, PartnerRoleName } from '@kainga/contracts';
import { apiJson } from '../../../api/client';
import { withRole } from '../partner-api';

export const AD_PLAN_REQUESTS_PATH = '/api/partner/ad-plan-requests';

export const requestPlanAllocation = (role: PartnerRoleName, body: AdPlanRequestBody, idempotencyKey: string) =>
  apiJson<AdPlanRequestView>('POST', withRole(AD_PLAN_REQUESTS_PATH, role), body, undefined, idempotencyKey);

/** What the dialog says once the request is sent. */
export const planRequestSentText = (planName: string, cityName: string) =>
  `Your request for ${planName} in ${cityName} has gone to the administrators. Once they allocate it, it appears under Current Subscriptions.`;
