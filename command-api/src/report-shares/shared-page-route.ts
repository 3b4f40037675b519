import { reportShareOpensStream, reportShareStream } from '@kainga/contracts';
import { loadAggregate } from '@kainga/platform';
import { findValuation } from '@kainga/projections';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { renderValuationReport } from '../valuations/report';
import { isLinkPreviewOrRobot } from './link-preview';
import { RecentOpens } from './recent-opens';
import { reportShareDecider } from './report-share';
import { sharedLinkGonePage } from './shared-page';
import { parseSharedLink, secretMatches, SHARED_PATH } from './shared-link';

/**
 * GET /shared/<shareId>.<secret>: a shared report, public, as a whole document from the server
 * (a chat app's preview reads its Open Graph tags without running scripts). Whether it opens is
 * decided on the link's own stream (two events at most), so "Stop sharing" holds at once; an
 * expired, stopped or unknown link, a wrong secret, or an erased owner (the secret reads as
 * erased) all answer the same 404 page. The secret is in the URL: the page sends no referrer
 * and is cached nowhere. Each person's first open in a while is counted for the owner.
 */
export default async function sharedPageRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const opens = new RecentOpens();
  const gone = (reply: FastifyReply) => reply.status(404).type('text/html; charset=utf-8').send(sharedLinkGonePage());

  app.get<{ Params: { link: string } }>(`${SHARED_PATH}/:link`, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    const link = parseSharedLink(request.params.link);
    if (!link) return gone(reply);
    const { state } = await loadAggregate(deps.stores.eventStore, reportShareDecider, reportShareStream(link.shareId));
    const now = new Date();
    if (state.status !== 'active' || !secretMatches(link.secret, state.secret) || new Date(state.expiresAt) <= now) return gone(reply);
    const valuation = await findValuation(deps.stores.readStore, state.valuationId);
    if (!valuation?.estimate || valuation.userId !== state.userId) return gone(reply);

    const userAgent = request.headers['user-agent'];
    if (!isLinkPreviewOrRobot(userAgent) && opens.firstOpen(link.shareId, request.ip, userAgent ?? '', now.getTime())) {
      // A fact, not a decision: its own stream, never read to decide; a failure to count does not fail the page.
      await deps.stores.eventStore
        .append(
          reportShareOpensStream(link.shareId),
          [{ id: randomUUID(), type: 'ReportShareOpened', data: { shareId: link.shareId, valuationId: state.valuationId, userId: state.userId, openedAt: now.toISOString() }, metadata: { actorId: null, actorRoles: [], correlationId: link.shareId, causationId: null, occurredAt: now.toISOString() } }],
          { expectedRevision: 'any' },
        )
        .catch((err: unknown) => request.log.warn({ err, shareId: link.shareId }, 'could not count an open of a shared report'));
    }
    return reply.type('text/html; charset=utf-8').send(renderValuationReport(valuation, now, { sharedAt: state.createdAt, showAddress: state.showAddress }));
  });
}
