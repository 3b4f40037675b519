import { findLocation, MyMessageView, PartnerContactRequest, PartnerDialogRequest, PartnerLeadRequest, PartnerLeadView, serviceTypeOfRole, type User } from '@kainga/contracts';
import { invalid, notFound, type ReadStore } from '@kainga/platform';
import { findProperty, leadsOfUser, PARTNERS, type PartnerDoc } from '@kainga/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, requireUser } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { toLeadView, toMyMessageView } from './lead-views';
import { ANONYMOUS_LEADS_PER_PARTNER, DIALOG_LIMIT, LEAD_LIMITS } from './lead-limits';
import { availablePartner } from './partner-access';
import { receiveLead } from './receive-lead';
import { propertyLocationOf, serviceTypeOf } from './request-parsing';

const PartnerIdParams = z.object({ id: z.string().min(1).max(100) });

/** The request's idempotency: the client's key (scoped to the account, or to the address when signed out). */
function keyOf(request: FastifyRequest) {
  const key = idempotencyKeyOf(request);
  const keyed = key !== request.id;
  // Two visitors choosing the same key must not land on one request.
  return { idempotencyKey: keyed && !request.user ? `${request.ip}:${key}` : key, keyed, metadata: metadataOf(request) };
}

const fullName = (user: User) => `${user.firstName} ${user.lastName}`.trim() || user.email;

function refuseSelf(user: User | null, partner: PartnerDoc) {
  if (user && user.id === partner.userId) throw invalid('You cannot send a request to yourself.');
}

/** A property named in a request must be the client's own; another's answers as unknown. */
async function ownProperty(store: ReadStore, user: User, propertyId: string | null) {
  if (!propertyId) return null;
  const property = await findProperty(store, propertyId);
  if (!property || property.ownerId !== user.id) throw notFound('Property not found.');
  return property;
}

/**
 * Requests from clients to partners: the local-professionals contact dialog and service request
 * (signed in), a premium partner's dialog (anyone), and the client's own messages. In the
 * session scope so that a signed-in visitor's dialog message carries their account.
 *
 * Leads worth paying for: the same sender to the same partner within a month is one lead
 * (receive-lead.ts); each address and each account may send so many an hour, and each partner
 * receives so many signed-out dialog messages an hour (lead-limits.ts: 429 past them, nothing
 * recorded). A signed-out visitor's message reaches the partner but is never charged: nothing
 * confirms that the email typed into the dialog is the sender's (charge-lead.ts).
 */
export default async function leadRequestRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.post(
    '/api/partners/:id/contact',
    {
      config: { rateLimit: [DIALOG_LIMIT, ...LEAD_LIMITS, ANONYMOUS_LEADS_PER_PARTNER] },
      schema: { tags: ['leads'], params: PartnerIdParams, body: PartnerDialogRequest, response: { 201: z.object({ id: z.string() }), ...errorResponses(400, 404, 429) } },
    },
    async (request, reply) => {
      const { partner, locations } = await availablePartner(store, request.params.id);
      refuseSelf(request.user, partner);
      const body = request.body;
      const lead = await receiveLead(
        deps,
        {
          partnerId: partner._id,
          userId: request.user?.id ?? null,
          origin: 'partner_dialog',
          serviceType: 'ad_inquiry',
          propertyId: null,
          locationId: locations[0]!.locationId,
          requestMessage: body.message,
          contactName: body.name,
          contactEmail: body.email,
          contactPhone: body.phone,
        },
        keyOf(request),
      );
      // Only the id: a signed-out sender has no inbox to read the rest from, and none is needed.
      return reply.status(201).send({ id: lead._id });
    },
  );

  r.post(
    '/api/partner-contacts',
    { preHandler: requireUser(), config: { rateLimit: LEAD_LIMITS }, schema: { tags: ['leads'], body: PartnerContactRequest, response: { 201: PartnerLeadView, ...errorResponses(400, 401, 404, 409, 429) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { partner, locations } = await availablePartner(store, request.body.partnerId);
      refuseSelf(user, partner);
      const property = await ownProperty(store, user, request.body.propertyId);
      const cityLocation = property ? (findLocation(property.city)?.id ?? null) : null;
      const lead = await receiveLead(
        deps,
        {
          partnerId: partner._id,
          userId: user.id,
          origin: 'contact',
          serviceType: serviceTypeOfRole[partner.role],
          propertyId: property?._id ?? null,
          locationId: cityLocation ?? locations[0]!.locationId,
          requestMessage: request.body.message,
          contactName: fullName(user),
          contactEmail: user.email,
          contactPhone: null,
        },
        keyOf(request),
      );
      return reply.status(201).send(toLeadView(lead));
    },
  );

  r.post(
    '/api/partner-leads',
    { preHandler: requireUser(), config: { rateLimit: LEAD_LIMITS }, schema: { tags: ['leads'], body: PartnerLeadRequest, response: { 201: PartnerLeadView, ...errorResponses(400, 401, 404, 409, 429) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const serviceType = serviceTypeOf(body.serviceType);
      const location = propertyLocationOf(body.propertyLocation);
      const { partner } = await availablePartner(store, body.partnerId);
      refuseSelf(user, partner);
      const property = await ownProperty(store, user, body.propertyId);
      const lead = await receiveLead(
        deps,
        {
          partnerId: partner._id,
          userId: user.id,
          origin: 'service_request',
          serviceType,
          propertyId: property?._id ?? null,
          locationId: location.id,
          requestMessage: body.requestMessage,
          contactName: fullName(user),
          contactEmail: user.email,
          contactPhone: null,
        },
        keyOf(request),
      );
      return reply.status(201).send(toLeadView(lead));
    },
  );

  r.get('/api/my-messages', { preHandler: requireUser(), schema: { tags: ['leads'], response: { 200: z.array(MyMessageView), ...errorResponses(401) } } }, async (request) => {
    const leads = await leadsOfUser(store, currentUser(request).id);
    const partnerIds = [...new Set(leads.map((l) => l.partnerId))];
    const partners = partnerIds.length ? await store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: partnerIds } }) : [];
    const byId = new Map(partners.map((p) => [p._id, p]));
    // Every lead names an enrolled partner (checked when it was sent); partners are never deleted.
    return leads.flatMap((lead) => {
      const partner = byId.get(lead.partnerId);
      return partner ? [toMyMessageView(lead, partner)] : [];
    });
  });
}
