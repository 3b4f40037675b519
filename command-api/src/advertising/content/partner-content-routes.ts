import { AdContentRequest, AdContentView, PartnerRoleQuery, type AdContentFields } from '@kainga/contracts';
import { invalid, notFound, type ReadStore } from '@kainga/platform';
import { adContentById, adContentsOfPartner, subscriptionById, type AdSubscriptionDoc } from '@kainga/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { activePartner } from '../../partners/active-partner';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { imageExists } from '../../uploads/image-path';
import { AD_CONTENT_NOT_FOUND } from './ad-content';
import { onAdContent, submitAdContent } from './content-commands';
import { toAdContentView, toAdContentViews } from './content-views';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const UPLOAD_AGAIN = 'Please upload the image again';

const AdContentIdParams = z.object({ id: z.string().min(1).max(100) });
const AdContentStatusRequest = z.strictObject({ status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }) });

/** The partner's own subscription; another partner's answers as an unknown one does. */
async function ownSubscription(store: ReadStore, partnerId: string, subscriptionId: string): Promise<AdSubscriptionDoc> {
  const subscription = await subscriptionById(store, subscriptionId);
  if (!subscription || subscription.partnerId !== partnerId) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return subscription;
}

/**
 * The partner's adverts (Advertising tab, spec 001 §5 "Ad creation schema"), for the active
 * partner role (`?role=`): list, create for one of its subscriptions, edit (back to approval),
 * pause and resume. Another partner's advert or subscription answers 404, as an unknown one does.
 */
export default async function partnerAdContentRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  const partnerOf = (request: FastifyRequest & { query: z.infer<typeof PartnerRoleQuery> }) => activePartner(store, currentUser(request), request.query.role);

  /** The advert's fields from a request, its image one we stored (an address typed by hand is refused). */
  async function contentOf(body: AdContentRequest): Promise<AdContentFields> {
    if (body.imageUrl && !(await imageExists(deps.stores.blobStore, body.imageUrl))) throw invalid(UPLOAD_AGAIN);
    return { title: body.title, description: body.description, imageUrl: body.imageUrl, ctaText: body.ctaText, ctaUrl: body.ctaUrl, targetRoles: body.targetRoles };
  }
  const ctxOf = (request: FastifyRequest) => ({ idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });

  r.get(
    '/api/partner/ad-content',
    { preHandler: routeGuard('GET /api/partner/ad-content'), schema: { tags: ['advertising'], querystring: PartnerRoleQuery, response: { 200: z.array(AdContentView), ...errorResponses(400, 401, 403) } } },
    async (request) => toAdContentViews(store, await adContentsOfPartner(store, (await partnerOf(request))._id)),
  );

  r.post(
    '/api/partner/ad-content',
    {
      preHandler: routeGuard('POST /api/partner/ad-content'),
      schema: { tags: ['advertising'], querystring: PartnerRoleQuery, body: AdContentRequest, response: { 201: AdContentView, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      const partner = await partnerOf(request);
      const subscription = await ownSubscription(store, partner._id, request.body.subscriptionId);
      const content = await contentOf(request.body);
      const ctx = ctxOf(request);
      const record = await submitAdContent(
        deps,
        { partnerId: partner._id, subscription: { subscriptionId: subscription._id, status: subscription.status }, content, by: currentUser(request).id },
        { ...ctx, keyed: ctx.idempotencyKey !== request.id },
      );
      return reply.status(201).send(toAdContentView(record, partner.businessName));
    },
  );

  r.put(
    '/api/partner/ad-content/:id',
    {
      preHandler: routeGuard('PUT /api/partner/ad-content/:id'),
      schema: { tags: ['advertising'], params: AdContentIdParams, querystring: PartnerRoleQuery, body: AdContentRequest, response: { 200: AdContentView, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const partner = await partnerOf(request);
      const existing = await adContentById(store, request.params.id);
      if (!existing || existing.partnerId !== partner._id) throw notFound(AD_CONTENT_NOT_FOUND);
      const subscription = await ownSubscription(store, partner._id, request.body.subscriptionId);
      const content = await contentOf(request.body);
      const record = await onAdContent(
        deps,
        request.params.id,
        { type: 'ReviseAdContent', partnerId: partner._id, subscription: { subscriptionId: subscription._id, status: subscription.status }, content, by: currentUser(request).id, at: metadataOf(request).occurredAt },
        ctxOf(request),
      );
      return toAdContentView(record, partner.businessName);
    },
  );

  r.patch(
    '/api/partner/ad-content/:id/status',
    {
      preHandler: routeGuard('PATCH /api/partner/ad-content/:id/status'),
      schema: { tags: ['advertising'], params: AdContentIdParams, querystring: PartnerRoleQuery, body: AdContentStatusRequest, response: { 200: AdContentView, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const partner = await partnerOf(request);
      const ctx = ctxOf(request);
      const record = await onAdContent(
        deps,
        request.params.id,
        { type: 'SetAdContentStatus', partnerId: partner._id, status: request.body.status, by: currentUser(request).id, at: ctx.metadata.occurredAt },
        ctx,
      );
      return toAdContentView(record, partner.businessName);
    },
  );
}
