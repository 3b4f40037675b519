import { BillingHistoryResponse, PartnerRoleQuery } from '@kainga/contracts';
import { leadChargesOfPartner, leadChargeSummary, LEAD_CHARGES_LIST_LIMIT, subscriptionsOfPartner } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { nzMonthStart } from '../../leads/nz-month';
import { activePartner } from '../../partners/active-partner';
import { currentUser, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { billingEntryOf } from './billing-entry';

/**
 * GET /api/billing/history (spec 001 §7, per active role): the lead charges of the partner the
 * caller acts as (`?role=`), newest first (at most 500), and the Billing tab's summary over all of
 * them — total billed (succeeded, less refunds), this month's (New Zealand calendar month), the
 * failed count — and the partner's active subscriptions. A disputed charge carries its dispute.
 * Only the caller's own partner record is ever read.
 */
export default async function billingHistoryRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/billing/history',
    {
      preHandler: routeGuard('GET /api/billing/history'),
      schema: {
        tags: ['billing'],
        summary: 'The active partner role’s lead charges, newest first, with the Billing tab’s totals',
        querystring: PartnerRoleQuery,
        response: { 200: BillingHistoryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const store = deps.stores.readStore;
      const partner = await activePartner(store, currentUser(request), request.query.role);
      const [charges, subscriptions] = await Promise.all([leadChargesOfPartner(store, partner._id), subscriptionsOfPartner(store, partner._id)]);
      return {
        entries: charges.slice(0, LEAD_CHARGES_LIST_LIMIT).map(billingEntryOf),
        summary: { ...leadChargeSummary(charges, nzMonthStart(new Date())), activeSubscriptions: subscriptions.filter((s) => s.status === 'active').length },
      };
    },
  );
}
