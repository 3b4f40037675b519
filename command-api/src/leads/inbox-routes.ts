import { PartnerContactView, PartnerLeadView, PartnerResponseRequest, PartnerRoleQuery, PartnerStats } from '@kainga/contracts';
import { CommandError, handleCommand, waitForProjection, type CommandResult } from '@kainga/platform';
import { contactsOfPartner, findPartnerLead, leadsOfPartner, partnerLeadCounts, withClientsAndProperties } from '@kainga/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { leadDecider, leadStream, LEAD_NOT_FOUND, type LeadCommand, type LeadState } from './lead';
import { toContactView, toLeadView } from './lead-views';
import { nzMonthStart } from './nz-month';
import { activePartner } from '../partners/active-partner';

const LeadIdParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The partner dashboard's inbox (spec 001 §3), for the active partner role (`?role=`): its
 * requests as contacts and as leads, the stat cards, marking one read and the one response.
 * Another partner's request answers 404, as an unknown one does.
 */
export default async function partnerInboxRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  // The route table's partner:leads here (refused with 'Partner Access Required', as the
  // dashboard says); the active role and its partner record are checked by activePartner.
  const partnerOf = (request: FastifyRequest & { query: z.infer<typeof PartnerRoleQuery> }) => activePartner(store, currentUser(request), request.query.role);

  /** Runs a command on one of the partner's leads and answers the lead once the read model has it. */
  async function onLead(request: FastifyRequest & { query: z.infer<typeof PartnerRoleQuery>; params: z.infer<typeof LeadIdParams> }, command: (partnerId: string, by: string, at: string) => LeadCommand) {
    const partner = await partnerOf(request);
    const metadata = metadataOf(request);
    const result: CommandResult<LeadState, unknown> = await handleCommand(deps.stores.eventStore, leadDecider, leadStream(request.params.id), command(partner._id, currentUser(request).id, metadata.occurredAt), {
      idempotencyKey: idempotencyKeyOf(request),
      metadata,
    });
    await waitForProjection(store, 'partner_leads', result.position);
    const lead = await findPartnerLead(store, request.params.id);
    if (!lead || lead.partnerId !== partner._id) throw new CommandError('not_found', LEAD_NOT_FOUND);
    return lead;
  }

  r.get(
    '/api/partner-contacts',
    { preHandler: routeGuard('GET /api/partner-contacts'), schema: { tags: ['partner'], querystring: PartnerRoleQuery, response: { 200: z.array(PartnerContactView), ...errorResponses(400, 401, 403) } } },
    async (request) => (await contactsOfPartner(store, (await partnerOf(request))._id)).map(toContactView),
  );

  r.get(
    '/api/partner-leads',
    { preHandler: routeGuard('GET /api/partner-leads'), schema: { tags: ['partner'], querystring: PartnerRoleQuery, response: { 200: z.array(PartnerLeadView), ...errorResponses(400, 401, 403) } } },
    async (request) => (await leadsOfPartner(store, (await partnerOf(request))._id)).map(toLeadView),
  );

  r.get(
    '/api/partner/stats',
    { preHandler: routeGuard('GET /api/partner/stats'), schema: { tags: ['partner'], querystring: PartnerRoleQuery, response: { 200: PartnerStats, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const counts = await partnerLeadCounts(store, (await partnerOf(request))._id, nzMonthStart(new Date()));
      return { totalContacts: counts.total, thisMonthContacts: counts.thisMonth, newContacts: counts.new, respondedContacts: counts.responded };
    },
  );

  r.patch(
    '/api/partner-contacts/:id/read',
    { preHandler: routeGuard('PATCH /api/partner-contacts/:id/read'), schema: { tags: ['partner'], params: LeadIdParams, querystring: PartnerRoleQuery, response: { 200: PartnerContactView, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const lead = await onLead(request, (partnerId, by, at) => ({ type: 'MarkLeadRead', partnerId, by, at }));
      return toContactView((await withClientsAndProperties(store, [lead]))[0]!);
    },
  );

  r.post(
    '/api/partner-leads/:id/respond',
    {
      preHandler: routeGuard('POST /api/partner-leads/:id/respond'),
      schema: { tags: ['partner'], params: LeadIdParams, querystring: PartnerRoleQuery, body: PartnerResponseRequest, response: { 200: PartnerLeadView, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => toLeadView(await onLead(request, (partnerId, by, at) => ({ type: 'RespondToLead', partnerId, response: request.body.response, by, at }))),
  );
}
