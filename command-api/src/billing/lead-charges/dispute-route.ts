import { BillingHistoryEntry, LeadChargeDisputeRequest, PartnerRoleQuery } from '@kainga/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { activePartner } from '../../partners/active-partner';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { billingEntryOf } from './billing-entry';
import { onLeadChargeDispute } from './lead-charge-disputes';

const LeadIdParams = z.object({ leadId: z.string().min(1).max(100) });

/**
 * POST /api/billing/lead-charges/{leadId}/dispute (the Billing tab, per active role): the partner
 * says a paid lead was not worth paying for, and why. Once per charge, within 30 days of it; an
 * admin then refunds it or keeps it (admin-dispute-routes.ts). Answers the charge as the history
 * now lists it; another partner's charge answers 404, as no charge at all.
 */
export default async function leadChargeDisputeRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/billing/lead-charges/:leadId/dispute',
    {
      preHandler: routeGuard('POST /api/billing/lead-charges/:leadId/dispute'),
      schema: {
        tags: ['billing'],
        summary: 'Dispute a paid lead charge of the active partner role',
        params: LeadIdParams,
        querystring: PartnerRoleQuery,
        body: LeadChargeDisputeRequest,
        response: { 201: BillingHistoryEntry, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const partner = await activePartner(deps.stores.readStore, user, request.query.role);
      const metadata = metadataOf(request);
      const doc = await onLeadChargeDispute(
        deps,
        request.params.leadId,
        { type: 'DisputeLeadCharge', partnerId: partner._id, reason: request.body.reason, by: user.id, at: metadata.occurredAt },
        { idempotencyKey: idempotencyKeyOf(request), metadata },
      );
      return reply.status(201).send(billingEntryOf(doc));
    },
  );
}
