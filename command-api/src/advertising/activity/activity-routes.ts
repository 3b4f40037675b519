import { AD_IMPRESSION_DEDUP_MS, AdEventRequest, AdEventResponse } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import { adContentById } from '@kainga/projections';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../plugins/schemas';
import { AdActivityWriter, DEFAULT_ACTIVITY_WRITER } from './activity-writer';
import { isBotRequest, VisitorHasher } from './ad-visitor';
import { RecentKeys } from './recent-keys';
import { warmImpressionKeys } from './warm-dedup';

export const AD_NOT_FOUND = 'Advert not found.';
export const AD_NOT_SHOWING = 'This advert is not showing, so it records no impressions or clicks.';

/** Two clicks on one advert from one browser session this close together are one (a double click). */
export const AD_CLICK_COLLAPSE_MS = 1000;
/** Most keys each in-memory window holds (see RecentKeys): about 150 MB at the impression cap. */
export const AD_DEDUP_MAX_KEYS = 1_000_000;

const bot: AdEventResponse = { recorded: false, reason: 'bot' };
const duplicate: AdEventResponse = { recorded: false, reason: 'duplicate' };
const recorded: AdEventResponse = { recorded: true, reason: 'recorded' };

/**
 * POST /api/ads/impression and /api/ads/click (consumer spec §3): public, no person recorded
 * (the routes sit outside the session scope, so userId is null: the hot path pays for no session,
 * and adverts are counted per browser session, not per person).
 *
 * - Bots (by user agent) answer `{recorded: false, reason: 'bot'}` and record nothing.
 * - An unknown advert answers 404; one not showing (not approved, paused, or its subscription
 *   paused or expired) answers 409 and records nothing.
 * - An impression counts at most once per advert per browser session per 24 h (the advertising
 *   cookie); a repeat answers `{recorded: false, reason: 'duplicate'}`. A click is recorded each
 *   time, except that a second click on the same advert from the same session within 1 s is a
 *   double click and counts once.
 * - Both are answered only once their event is durable (group commit, AdActivityWriter); a full
 *   queue or a failed append answers 503 and the browser may send it again.
 */
export default async function adActivityRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  const writer = new AdActivityWriter(deps.stores.eventStore, {
    ...DEFAULT_ACTIVITY_WRITER,
    onError: (err, events) => deps.logger.error({ err, events }, 'ad activity append failed; its requests answered 503'),
  });
  const hasher = new VisitorHasher(deps.sessionSecret);
  const impressions = new RecentKeys(AD_IMPRESSION_DEDUP_MS, AD_DEDUP_MAX_KEYS);
  const clicks = new RecentKeys(AD_CLICK_COLLAPSE_MS, AD_DEDUP_MAX_KEYS);
  // What this process recorded in the last 24 h before it started still counts.
  const warmed = await warmImpressionKeys(deps.stores.eventStore, impressions, Date.now());
  deps.logger.debug({ warmed }, 'ad impression de-duplication warmed from the log');
  app.addHook('onClose', () => writer.close());

  async function record(kind: 'impression' | 'click', request: FastifyRequest & { body: AdEventRequest }, reply: FastifyReply): Promise<AdEventResponse> {
    const body = request.body;
    const userAgent = body.userAgent || request.headers['user-agent'] || '';
    if (isBotRequest(request.headers['user-agent'], body.userAgent)) return bot;
    const ad = await adContentById(store, body.adContentId);
    if (!ad) throw new CommandError('not_found', AD_NOT_FOUND);
    if (ad.status !== 'active' || ad.subscriptionStatus !== 'active') throw new CommandError('conflict', AD_NOT_SHOWING);

    const visitor = hasher.visitorOf(request, reply);
    const now = Date.now();
    const window = kind === 'impression' ? impressions : clicks;
    const key = `${ad.id}|${visitor.sessionHash}`;
    if (!window.claim(key, now)) return duplicate;

    const at = new Date(now).toISOString();
    const id = randomUUID();
    const fields = {
      adContentId: ad.id,
      subscriptionId: ad.subscriptionId,
      partnerId: ad.partnerId,
      tier: ad.tier,
      placement: body.placement,
      city: body.city,
      suburb: body.suburb,
      userId: null,
      propertyId: body.propertyId,
      userAgent: userAgent.slice(0, 1000),
      ipHash: visitor.ipHash,
      sessionHash: visitor.sessionHash,
      at,
    };
    const metadata = { actorId: null, actorRoles: [], correlationId: request.id, causationId: null, occurredAt: at };
    const event =
      kind === 'impression'
        ? { id, type: 'AdImpressionRecorded', data: { impressionId: id, ...fields }, metadata }
        : { id, type: 'AdClickRecorded', data: { clickId: id, ...fields }, metadata };
    try {
      await writer.record(event);
    } catch (error) {
      // Not recorded, so not seen: the browser's retry counts.
      window.release(key, now);
      throw error;
    }
    return recorded;
  }

  const schema = (summary: string) => ({ tags: ['advertising'], summary, body: AdEventRequest, response: { 200: AdEventResponse, ...errorResponses(400, 404, 409, 503) } });
  r.post('/api/ads/impression', { schema: schema('Records that an advert was shown (once per advert per browser session per 24 h)') }, (request, reply) => record('impression', request, reply));
  r.post('/api/ads/click', { schema: schema('Records a click on an advert (a double click within 1 s counts once)') }, (request, reply) => record('click', request, reply));
}
