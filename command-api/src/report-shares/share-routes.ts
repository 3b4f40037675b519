import { CreateReportShareRequest, ReportShare, reportShareStream, ValuationIdParams } from '@kainga/contracts';
import { CommandError, handleCommand, loadAggregate, waitForProjection } from '@kainga/platform';
import { findReportShare, findValuation, reportSharesOf } from '@kainga/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { publicOrigin } from '../accounts/admin-email';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { reportShareDecider } from './report-share';
import { toReportShare } from './share-answer';
import { newShareSecret } from './shared-link';

const ShareIdParams = z.strictObject({ shareId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'This is not a shared link’s id.') });
const DAY_MS = 86_400_000;
const NOT_FOUND = 'Valuation not found.';

/**
 * Share Report (issue 52): the owner of a completed valuation makes links to its report that
 * anyone may open (shared-page-route.ts), lists them with how often each was opened, and stops
 * one. Only the owner: anyone else's valuation or link is 404, so its existence is not told.
 */
export default async function reportShareRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // PUBLIC_URL's origin; without it (a machine of one's own) the one the owner reached us on, so the link opens from where they are.
  const originOf = (request: FastifyRequest) => (deps.config.PUBLIC_URL ? publicOrigin(deps.config) : `${request.protocol}://${request.host}`);
  const settled = (position: Parameters<typeof waitForProjection>[2]) => waitForProjection(deps.stores.readStore, 'report_shares', position);

  r.post(
    '/api/valuations/:id/shares',
    {
      preHandler: routeGuard('POST /api/valuations/:id/shares'),
      schema: { tags: ['valuations'], params: ValuationIdParams, body: CreateReportShareRequest, response: { 201: ReportShare, ...errorResponses(400, 401, 404, 409) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const valuation = await findValuation(deps.stores.readStore, request.params.id);
      if (!valuation || valuation.userId !== user.id) throw new CommandError('not_found', NOT_FOUND);
      if (!valuation.estimate) throw new CommandError('conflict', 'This valuation has no report to share yet.');
      const now = new Date();
      // The id follows from the request's idempotency key: a retry makes no second link.
      const shareId = idempotentShareId(idempotencyKeyOf(request));
      const result = await handleCommand(
        deps.stores.eventStore,
        reportShareDecider,
        reportShareStream(shareId),
        {
          type: 'CreateShare',
          shareId,
          valuationId: valuation._id,
          propertyId: valuation.propertyId,
          userId: user.id,
          secret: newShareSecret(),
          showAddress: request.body.showAddress,
          at: now.toISOString(),
          expiresAt: new Date(now.getTime() + request.body.expiresInDays * DAY_MS).toISOString(),
        },
        { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) },
      );
      await settled(result.position);
      const doc = await findReportShare(deps.stores.readStore, shareId);
      if (!doc) throw new Error(`The link ${shareId} was recorded but is not in its read model`);
      return reply.status(201).send(toReportShare(doc, originOf(request), now));
    },
  );

  r.get(
    '/api/valuations/:id/shares',
    { preHandler: routeGuard('GET /api/valuations/:id/shares'), schema: { tags: ['valuations'], params: ValuationIdParams, response: { 200: z.array(ReportShare), ...errorResponses(400, 401, 404) } } },
    async (request) => {
      const user = currentUser(request);
      const valuation = await findValuation(deps.stores.readStore, request.params.id);
      if (!valuation || valuation.userId !== user.id) throw new CommandError('not_found', NOT_FOUND);
      const now = new Date();
      return (await reportSharesOf(deps.stores.readStore, valuation._id)).filter((d) => d.userId === user.id).map((d) => toReportShare(d, originOf(request), now));
    },
  );

  r.delete(
    '/api/report-shares/:shareId',
    { preHandler: routeGuard('DELETE /api/report-shares/:shareId'), schema: { tags: ['valuations'], params: ShareIdParams, response: { 200: ReportShare, ...errorResponses(400, 401, 404) } } },
    async (request) => {
      const user = currentUser(request);
      const stream = reportShareStream(request.params.shareId);
      // Whose link it is comes from its own stream, not the read model: a link made a moment ago is stopped too.
      const { state } = await loadAggregate(deps.stores.eventStore, reportShareDecider, stream);
      if (state.status === 'none' || state.userId !== user.id) throw new CommandError('not_found', 'This shared link was not found.');
      const result = await handleCommand(deps.stores.eventStore, reportShareDecider, stream, { type: 'RevokeShare', at: new Date().toISOString() }, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      await settled(result.position ?? (await deps.stores.eventStore.headPosition()));
      const doc = await findReportShare(deps.stores.readStore, request.params.shareId);
      if (!doc) throw new CommandError('not_found', 'This shared link was not found.');
      return toReportShare(doc, originOf(request), new Date());
    },
  );
}

/** A share id from the request's idempotency key (a UUID's shape): a retry with the same key finds the link it made. */
function idempotentShareId(key: string): string {
  const h = createHash('sha256').update(`reportShare\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
