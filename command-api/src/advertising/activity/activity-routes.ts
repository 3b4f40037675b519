import { AdEventRequest, AdEventResponse, locationById, type AdActivityEvent } from '@kainga/contracts';
import { CommandError, countAdEvent } from '@kainga/platform';
import { adContentById, nzDayOf } from '@kainga/projections';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { rateLimitKey } from '../../plugins/security';
import { errorResponses } from '../../plugins/schemas';
import { AdActivityWriter, DEFAULT_ACTIVITY_WRITER } from './activity-writer';
import { isBotRequest } from './ad-visitor';
import { FilteredTrafficTally } from './filtered-traffic-tally';
import type { AdServing } from './ad-serving';
import { warmActivityKeys } from './warm-dedup';

export const AD_NOT_FOUND = 'Advert not found.';
export const AD_NOT_SHOWING = 'This advert is not showing, so it records no impressions or clicks.';

const bot: AdEventResponse = { recorded: false, reason: 'bot' };
const duplicate: AdEventResponse = { recorded: false, reason: 'duplicate' };
const capped: AdEventResponse = { recorded: false, reason: 'capped' };
const filtered: AdEventResponse = { recorded: false, reason: 'filtered' };
const recorded: AdEventResponse = { recorded: true, reason: 'recorded' };
const outcomeOf = { recorded: 'accepted', duplicate: 'deduplicated', bot: 'bot', capped: 'capped', filtered: 'filtered' } as const satisfies Record<AdEventResponse['reason'], string>;

/** A suburb as people name one (letters, spaces, hyphens, apostrophes); anything else is not kept. */
const SUBURB = /^\p{L}[\p{L}\p{M} '’.-]{0,59}$/u;
/** A property id as Kāinga makes them. */
const PROPERTY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The user agent kept with an event: enough to tell browsers apart, not a kilobyte an event. */
const USER_AGENT_MAX = 300;

/**
 * POST /api/ads/impression and /api/ads/click (consumer spec §3): public, no person recorded
 * (the routes sit outside the session scope, so userId is null: the hot path pays for no session,
 * and adverts are counted per browser session, not per person).
 *
 * - An unknown advert answers 404; one not showing (not approved, paused, or its subscription
 *   paused or expired) answers 409 and records nothing.
 * - Invalid traffic is filtered before anything counts (traffic-filter.ts): bots by user agent
 *   answer `{recorded: false, reason: 'bot'}`; an event without a serve token the server signed
 *   for this advert, placement and browser session, beyond the per-address limits, or a click
 *   without a counted impression, answers `{recorded: false, reason: 'filtered'}`; a repeat within
 *   24 h answers `duplicate`; an impression past the month's cap `capped`, and nothing is written.
 *   Each is tallied apart with its reason (AdTrafficFiltered, for admins), never as an impression.
 * - The placement and the town recorded are those the advert was served for, not what the page
 *   says; a suburb or property id that is not one is not kept.
 * - Counted events are answered only once durable (group commit, AdActivityWriter); a full queue
 *   or a failed append answers 503 and the browser may send it again (it counts then).
 */
export default async function adActivityRoutes(app: FastifyInstance, { deps, serving }: { deps: AppDeps; serving: AdServing }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;
  const writer = new AdActivityWriter(deps.stores.eventStore, {
    ...DEFAULT_ACTIVITY_WRITER,
    onError: (err, events) => deps.logger.error({ err, events }, 'ad activity append failed; its requests answered 503'),
  });
  const tally = new FilteredTrafficTally(deps.stores.eventStore, (err) => deps.logger.error({ err }, 'filtered ad traffic tally append failed'));
  const { filter, hasher } = serving;
  // What this process recorded in the last 24 h before it started still counts.
  const warmed = await warmActivityKeys(deps.stores.eventStore, filter, Date.now());
  deps.logger.debug({ warmed }, 'ad impression and click de-duplication warmed from the log');
  app.addHook('onClose', async () => {
    await writer.close();
    await Promise.all([tally.close(), filter.close()]);
  });

  async function record(kind: 'impression' | 'click', request: FastifyRequest & { body: AdEventRequest }, reply: FastifyReply): Promise<AdEventResponse> {
    const body = request.body;
    const isBot = isBotRequest(request.headers['user-agent'], body.userAgent);
    const ad = await adContentById(store, body.adContentId);
    if (!ad) {
      if (isBot) return bot;
      throw new CommandError('not_found', AD_NOT_FOUND);
    }
    const now = Date.now();
    if (isBot) {
      tally.count(ad, kind, 'bot', now);
      return bot;
    }
    if (ad.status !== 'active' || ad.subscriptionStatus !== 'active') throw new CommandError('conflict', AD_NOT_SHOWING);

    const visitor = await hasher.visitorOf(request, reply, now);
    const at = new Date(now).toISOString();
    const judged = await filter.judge({ kind, ad, placement: body.placement, serveToken: body.serveToken, sessionHash: visitor.sessionHash, earlierSessionHash: visitor.earlierSessionHash, addressKey: rateLimitKey(request), month: nzDayOf(at).slice(0, 7), now });
    if (!judged.count) {
      tally.count(ad, kind, judged.reason, now);
      return judged.reason === 'duplicate' ? duplicate : judged.reason === 'over_cap' ? capped : filtered;
    }

    const id = randomUUID();
    const fields = {
      adContentId: ad.id,
      subscriptionId: ad.subscriptionId,
      partnerId: ad.partnerId,
      tier: ad.tier,
      placement: judged.served.placement,
      city: locationById(judged.served.locationId)?.cityName ?? null,
      suburb: body.suburb && SUBURB.test(body.suburb) ? body.suburb : null,
      userId: null,
      propertyId: body.propertyId && PROPERTY_ID.test(body.propertyId) ? body.propertyId : null,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
      ipHash: visitor.ipHash,
      sessionHash: visitor.sessionHash,
      at,
    };
    const metadata = { actorId: null, actorRoles: [], correlationId: request.id, causationId: null, occurredAt: at };
    const event: AdActivityEvent & { id: string; metadata: typeof metadata } =
      kind === 'impression' ? { id, type: 'AdImpressionRecorded', data: { impressionId: id, ...fields }, metadata } : { id, type: 'AdClickRecorded', data: { clickId: id, ...fields }, metadata };
    try {
      await writer.record(event);
    } catch (error) {
      // Not recorded, so not seen: the browser's retry counts.
      judged.undo();
      throw error;
    }
    return recorded;
  }

  /** What became of each event, counted for metrics (kainga_ad_events_total) from the answer alone. */
  async function counted(kind: 'impression' | 'click', answer: Promise<AdEventResponse>): Promise<AdEventResponse> {
    try {
      const response = await answer;
      countAdEvent(kind, response.recorded ? 'accepted' : outcomeOf[response.reason]);
      return response;
    } catch (error) {
      countAdEvent(kind, error instanceof CommandError && error.kind !== 'unavailable' ? 'refused' : 'failed');
      throw error;
    }
  }

  const schema = (summary: string) => ({ tags: ['advertising'], summary, body: AdEventRequest, response: { 200: AdEventResponse, ...errorResponses(400, 404, 409, 503) } });
  r.post('/api/ads/impression', { schema: schema('Records that a served advert was shown (once per advert per browser session per 24 h, within the month’s cap)') }, (request, reply) => counted('impression', record('impression', request, reply)));
  r.post('/api/ads/click', { schema: schema('Records a click on a served advert after its counted impression (once)') }, (request, reply) => counted('click', record('click', request, reply)));
}
