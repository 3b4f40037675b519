export { buildApp, BODY_LIMIT } from './app';
// What every answer pays whatever its route (bench:scale runs it alone as a reference).
export { default as requestBasics, requestBasicsOptions } from './plugins/request-basics';
export type { AppDeps } from './deps';
export { registerAccount, changeRoles } from './accounts/accounts';
export { grantRole } from './accounts/admin-email';
export { completeApprovals } from './partners/applications';
export { SESSION_COOKIE } from './plugins/sessions';
export * from './valuations/valuation-commands';
export { researchComparables } from './valuations/research';
export { cityMarketFor } from './valuations/city-market';
export { cityMarketFigures, CONFIDENCE_WITHIN, estimateValue, estimateWithOpenAI, findComparables, leastSquares, normalWithin, type ValuationSubject } from './valuations/model';
export { recordSale, saleIdOf } from './sales/sale';
export { openAiFrom, type OpenAiValuer } from './valuations/openai-client';
export { emailSenderOf, publicOrigin } from './accounts/admin-email';
export { leadDecider, leadStream } from './leads/lead';
export { partnerDecider, partnerIdFor, partnerStream } from './partners/partner';
// The demo seed (ops) makes partners, images and leads through these, as the routes do.
export { submitApplication, approveApplication, rejectApplication, applicationIdFor } from './partners/applications';
export { applicationStream } from './partners/application';
export { createPartner } from './partners/create-partner';
export { receiveLead } from './leads/receive-lead';
// bench:scale gives a demo partner thousands of leads through this, to time its data export.
export { appendPaidLeads } from './profile/bulk-leads';
export { loadUser } from './plugins/actor';
export { detectImageFormat } from './uploads/image-format';
export { stripMetadata } from './uploads/strip-metadata';
export { imagePath } from './uploads/image-path';
export { uploadRule, type ImageKind } from './uploads/image-kinds';
// Advertising plans and subscriptions: the start-up seed (ops) and the demo seed allocate through these.
export { seedAdPlans, parseAdPlansConfig, AdPlansConfig } from './advertising/plans/seed-ad-plans';
export { adPlanDecider, adPlanIdFor, adPlanStream, tierOfAdPlanId } from './advertising/plans/ad-plan';
export { adSubscriptionDecider, adSubscriptionStream, STRIPE_FINAL_STATUSES, type AdSubscriptionCommand, type AdSubscriptionState } from './advertising/subscriptions/ad-subscription';
export { allocateAdPlan } from './advertising/subscriptions/allocate-ad-plan';
export { onAdContent, submitAdContent } from './advertising/content/content-commands';
export { leadChargeDecider, leadChargeStream, type LeadChargeCommand, type LeadChargeState } from './billing/lead-charges/lead-charge';
export { leadChargeOf, leadChargeTermsOf, requestLeadCharge, sendLeadChargeCommand, takeLeadPayment, LEAD_CHARGE_MAX_AGE_MS, type LeadPaymentOutcome } from './billing/lead-charges/charge-lead';
export { LEAD_CHARGES_PER_PARTNER_PER_DAY } from './billing/lead-charges/lead-charge-allowance';
export { refundLeadCharge } from './billing/lead-charges/refund-lead-charge';
export { paymentsOf } from './billing/payments-of';
export { locateAmongSales, locateFromSales, streetOf } from './valuations/locate-among-sales';
export { distancePointOf, locateHome, locationNote, measuresDistance, type HomeLocation } from './valuations/locate-home';
export { completeErasure, ERASURE_ACTOR, type ErasureDeps } from './personal-data/erasure-effects';
export { userDecider, userStream } from './accounts/user';
