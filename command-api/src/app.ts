import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import invitationRoutes from './accounts/invitation-routes';
import profileRoutes from './accounts/routes';
import profileExportRoutes from './profile/export-routes';
import adminAdEventsRoutes from './admin/ad-events-routes';
import adminOutboxRoutes from './admin/outbox-routes';
import adminAuditRoutes from './admin/audit/audit-routes';
import activeAdsRoutes from './advertising/active-ads/active-ads-routes';
import adminAdContentRoutes from './advertising/content/admin-content-routes';
import partnerAdContentRoutes from './advertising/content/partner-content-routes';
import adPlanRoutes from './advertising/plans/plan-routes';
import adSubscriptionRoutes from './advertising/subscriptions/subscription-routes';
import adminPropertyRoutes from './admin/properties-routes';
import adminUserRoutes from './admin/users-routes';
import adminUserExportRoutes from './admin/user-export-routes';
import accountDeletionRoutes from './personal-data/account-deletion-routes';
import adminErasureRoutes from './personal-data/admin-erasure-routes';
import adActivityRoutes from './advertising/activity/activity-routes';
import { adServing } from './advertising/activity/ad-serving';
import checkoutRoutes from './billing/checkout/checkout-routes';
import couponRoutes from './billing/coupons/coupon-routes';
import adminLeadChargeDisputeRoutes from './billing/lead-charges/admin-dispute-routes';
import adPlanRequestRoutes from './advertising/plan-requests/plan-request-routes';
import billingHistoryRoute from './billing/lead-charges/billing-history-route';
import leadChargeDisputeRoute from './billing/lead-charges/dispute-route';
import stripeConfigRoute from './billing/stripe-config-route';
import stripeWebhookRoutes from './billing/webhook/webhook-routes';
import adPerformanceRoutes from './advertising/activity/performance-routes';
import adminAdPerformanceRoutes from './advertising/activity/admin-performance-routes';
import oauthRoutes from './auth/oauth-routes';
import providersRoute from './auth/providers-route';
import currentUserRoute from './auth/current-user-route';
import authRoutes from './auth/routes';
import signedInHint from './auth/signed-in-hint';
import type { AppDeps } from './deps';
import healthRoutes from './health/routes';
import partnerApplicationRoutes from './partners/application-routes';
import partnerRoutes from './partners/partner-routes';
import partnerDirectoryRoutes from './leads/directory-routes';
import partnerInboxRoutes from './leads/inbox-routes';
import leadRequestRoutes from './leads/request-routes';
import partnerProfileRoutes from './partner-profile/profile-routes';
import mapDetailsRoutes from './properties/map-details-routes';
import visibilityRoutes from './properties/visibility-routes';
import publicRoutes from './public/routes';
import imageServeRoutes from './uploads/serve-routes';
import imageUploadRoutes from './uploads/upload-routes';
import valuationRoutes from './valuations/routes';
import actor from './plugins/actor';
import compress from './plugins/compress';
import crossSite from './plugins/cross-site';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler';
import jsonBody from './plugins/json-body';
import metrics from './plugins/metrics';
import tracing from './plugins/tracing';
import openapi from './plugins/openapi';
import pwaStatic from './plugins/pwa-static';
import requestBasics, { requestBasicsOptions } from './plugins/request-basics';
import { responseSerializerCompiler } from './plugins/response-serializer';
import security from './plugins/security';
import sessionReader from './plugins/session-reader';
import sessions, { sessionParts } from './plugins/sessions';
import { LoginThrottle } from './auth/login-throttle';
import { retentionJobs } from './retention/retention-jobs';
import retentionSchedule from './retention/retention-schedule';

/** Largest JSON body accepted; image uploads have their own limits (uploads/image-kinds.ts). */
export const BODY_LIMIT = 64 * 1024;

/** Longest path parameter routed (Fastify's default; ids are 36 characters); a longer one answers 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify reads a bare number as "trust nothing", so a hop
 * count becomes a function trusting the n addresses nearest the socket (the socket's peer is hop 0).
 */
function trustProxyOption(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The whole HTTP app: plugins per concern, routes per area. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Headers and body must arrive within REQUEST_TIMEOUT_MS (408 otherwise); Node checks open
  // connections on an interval, kept well under the bound. The time a handler takes is not bounded
  // here (a valuation may wait minutes). An idle keep-alive connection closes after 72 s, longer
  // than the 60 s idle timeout of common load balancers.
  const requestTimeout = deps.config.REQUEST_TIMEOUT_MS;
  const app = Fastify({
    ...requestBasicsOptions(deps.logger),
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    requestTimeout,
    keepAliveTimeout: 72_000,
    http: { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeout / 4)) },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: BODY_LIMIT,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are validated against their schemas in tests only (see response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler(deps.config.NODE_ENV === 'test'));
  // The request id and the security headers on every answer, error answers too.
  await app.register(requestBasics);
  // A span per request (when tracing is on) around everything after it, refusals included.
  await app.register(tracing);
  // Request timings (when metrics are on) see every answer, refusals of the plugins below too.
  await app.register(metrics, { deps });
  await app.register(errorHandler);
  await app.register(jsonBody);
  await app.register(openapi);
  await app.register(security, { deps });
  await app.register(crossSite, { deps });
  await app.register(compress);

  // Public reads never look at a session: outside the session scope they pay nothing for
  // cookie parsing or @fastify/session, which signs and hashes a new session on every request
  // it sees (about a fifth of a cookie-less request's CPU when measured).
  await app.register(healthRoutes, { deps });
  await app.register(publicRoutes, { deps });
  await app.register(providersRoute, { deps });
  await app.register(partnerDirectoryRoutes, { deps });
  await app.register(imageServeRoutes, { deps });
  // Serving adverts and counting them share the serve tokens and the invalid-traffic filter.
  const serving = adServing(deps);
  await app.register(activeAdsRoutes, { deps, serving });
  // The adverts' hottest writes need no session either (see activity-routes.ts).
  await app.register(adActivityRoutes, { deps, serving });
  // Stripe.js's key, and Stripe's webhooks (no cookie: a signature over the raw body, its own parser).
  await app.register(stripeConfigRoute, { deps });
  await app.register(stripeWebhookRoutes, { deps });

  // Everything that knows who is asking, in two scopes sharing one signer and one session store.
  const parts = sessionParts(deps);
  const hintMaxAge = deps.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60;
  const throttle = new LoginThrottle();
  // What is kept about visitors only for a while is dropped on a schedule (docs/retention.md).
  await app.register(retentionSchedule, { jobs: retentionJobs(deps, { sessions: parts, throttle, serving }) });
  // The routes that make, change or end a session: @fastify/session (sessions.ts) and the actor.
  await app.register(async function sessionScope(scope) {
    await scope.register(sessions, { parts });
    await scope.register(signedInHint, { maxAgeSeconds: hintMaxAge, signedIn: (request) => (request.session === undefined ? undefined : !!request.session?.userId) });
    await scope.register(actor, { deps });
    await scope.register(authRoutes, { deps, throttle });
    await scope.register(oauthRoutes, { deps });
    await scope.register(invitationRoutes, { deps });
    await scope.register(accountDeletionRoutes, { deps });
  });
  // Every other signed-in route only reads the session (session-reader.ts says why that is cheaper).
  await app.register(async function signedInScope(scope) {
    await scope.register(sessionReader, { deps, parts });
    await scope.register(signedInHint, { maxAgeSeconds: hintMaxAge, signedIn: (request) => (request.userResolved ? request.user !== null : undefined) });
    await scope.register(currentUserRoute, { deps });
    await scope.register(profileRoutes, { deps });
    await scope.register(profileExportRoutes, { deps });
    await scope.register(adminUserRoutes, { deps });
    await scope.register(adminUserExportRoutes, { deps });
    await scope.register(adminErasureRoutes, { deps });
    await scope.register(adminPropertyRoutes, { deps });
    await scope.register(adminOutboxRoutes, { deps });
    await scope.register(adminAuditRoutes, { deps });
    await scope.register(adminAdEventsRoutes, { deps });
    await scope.register(mapDetailsRoutes, { deps });
    await scope.register(visibilityRoutes, { deps });
    await scope.register(valuationRoutes, { deps });
    await scope.register(partnerApplicationRoutes, { deps });
    await scope.register(partnerRoutes, { deps });
    await scope.register(leadRequestRoutes, { deps });
    await scope.register(partnerInboxRoutes, { deps });
    await scope.register(imageUploadRoutes, { deps });
    await scope.register(partnerProfileRoutes, { deps });
    await scope.register(partnerAdContentRoutes, { deps });
    await scope.register(adminAdContentRoutes, { deps });
    await scope.register(adPerformanceRoutes, { deps });
    await scope.register(adminAdPerformanceRoutes, { deps });
    await scope.register(adPlanRoutes, { deps });
    await scope.register(adSubscriptionRoutes, { deps });
    await scope.register(checkoutRoutes, { deps });
    await scope.register(billingHistoryRoute, { deps });
    await scope.register(leadChargeDisputeRoute, { deps });
    await scope.register(adminLeadChargeDisputeRoutes, { deps });
    await scope.register(adPlanRequestRoutes, { deps });
    await scope.register(couponRoutes, { deps });
  });

  await app.register(pwaStatic, { pwaDir: deps.pwaDir });
  return app as unknown as FastifyInstance;
}
