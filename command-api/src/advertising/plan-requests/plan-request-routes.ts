import { AdPlanRequestBody, AdPlanRequestsResponse, AdPlanRequestView, PartnerRoleQuery } from '@kainga/contracts';
import { CommandError, conflict, handleCommand, waitForCommand } from '@kainga/platform';
import { adPlanRequests, findAdPlanRequest, subscriptionsOfPartner } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { activePartner } from '../../partners/active-partner';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { activePlan, servedLocation } from '../subscriptions/subscription-rules';
import { adPlanRequestDecider, adPlanRequestStream } from './ad-plan-request';
import { adPlanRequestViews } from './plan-request-views';

/**
 * Asking the admins for a plan (the Subscribe dialog's "Ask an administrator"): the partner the
 * caller acts as asks for an active plan in a town it serves; the admins list the requests beside
 * their allocate form. The spec shows no such request; these rules are ours:
 * - only the caller's own partner record asks (`?role=`), for an active plan (404/409) and a town
 *   it serves (400), as an allocation would need;
 * - a plan the partner already holds there is not asked for (409);
 * - asking again records nothing (one request per partner, plan and town) and answers the first.
 */
export default async function adPlanRequestRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.post(
    '/api/partner/ad-plan-requests',
    {
      preHandler: routeGuard('POST /api/partner/ad-plan-requests'),
      schema: {
        tags: ['advertising'],
        summary: 'Ask the admins to allocate an advertising plan in a town to the active partner role',
        querystring: PartnerRoleQuery,
        body: AdPlanRequestBody,
        response: { 201: AdPlanRequestView, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const partner = await activePartner(store, user, request.query.role);
      const { plan } = await activePlan(deps.stores, request.body.adPlanId, (name) => `The ${name} plan is not offered now. Choose another plan.`);
      const location = await servedLocation(store, partner._id, request.body.locationId, (city) => `You do not serve ${city}. Choose one of your locations.`);
      const held = (await subscriptionsOfPartner(store, partner._id)).some((s) => s.adPlanId === plan.planId && s.locationId === location.id && s.status === 'active');
      if (held) throw conflict(`You already have the ${plan.plan.name} plan in ${location.cityName}.`);
      const metadata = metadataOf(request);
      const stream = adPlanRequestStream(partner._id, plan.planId, location.id);
      const result = await handleCommand(
        deps.stores.eventStore,
        adPlanRequestDecider,
        stream,
        { type: 'RequestAdPlanAllocation', partnerId: partner._id, adPlanId: plan.planId, locationId: location.id, message: request.body.message ?? '', by: user.id, at: metadata.occurredAt },
        { idempotencyKey: idempotencyKeyOf(request), metadata },
      );
      await waitForCommand(deps.stores, 'ad_plan_requests', stream, result);
      const doc = await findAdPlanRequest(store, stream);
      const [view] = doc ? await adPlanRequestViews(store, [doc]) : [];
      if (!view) throw new CommandError('unavailable', 'Your request was sent but is not readable yet. Please reload in a moment.');
      return reply.status(201).send(view);
    },
  );

  r.get(
    '/api/admin/ad-plan-requests',
    {
      preHandler: routeGuard('GET /api/admin/ad-plan-requests'),
      schema: { tags: ['admin', 'advertising'], summary: 'Partners’ requests for a plan allocation, newest first', response: { 200: AdPlanRequestsResponse, ...errorResponses(401, 403) } },
    },
    async () => adPlanRequestViews(store, await adPlanRequests(store)),
  );
}
