import { AdminLeadChargeDispute, AdminLeadChargeDisputesResponse, ResolveLeadChargeDisputeRequest } from '@kainga/contracts';
import { disputedLeadCharges } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { adminDisputesOf } from './billing-entry';
import { onLeadChargeDispute } from './lead-charge-disputes';

const LeadIdParams = z.object({ leadId: z.string().min(1).max(100) });

/**
 * The admin's part in disputed lead charges: every dispute, newest first, with the lead it was
 * for; and the resolution of an open one — refund it (the refunds reactor asks Stripe, and the
 * partner's history shows it refunded) or keep it, with a note the partner reads.
 */
export default async function adminLeadChargeDisputeRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.get(
    '/api/admin/lead-charge-disputes',
    { preHandler: routeGuard('GET /api/admin/lead-charge-disputes'), schema: { tags: ['admin', 'billing'], response: { 200: AdminLeadChargeDisputesResponse, ...errorResponses(401, 403) } } },
    async () => adminDisputesOf(store, await disputedLeadCharges(store)),
  );

  r.post(
    '/api/admin/lead-charge-disputes/:leadId/resolve',
    {
      preHandler: routeGuard('POST /api/admin/lead-charge-disputes/:leadId/resolve'),
      schema: { tags: ['admin', 'billing'], params: LeadIdParams, body: ResolveLeadChargeDisputeRequest, response: { 200: AdminLeadChargeDispute, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const metadata = metadataOf(request);
      const doc = await onLeadChargeDispute(
        deps,
        request.params.leadId,
        { type: 'ResolveLeadChargeDispute', outcome: request.body.outcome, note: request.body.note, by: currentUser(request).id, at: metadata.occurredAt },
        { idempotencyKey: idempotencyKeyOf(request), metadata },
      );
      return (await adminDisputesOf(store, [doc]))[0]!;
    },
  );
}
