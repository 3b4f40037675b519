import { ActiveAd, ActiveAdsQuery, adPlacements, findLocation, partnerRoleOfTarget } from '@kainga/contracts';
import { activeAdCandidates, nzDayOf, subscriptionImpressionsBetween } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { AdServing } from '../activity/ad-serving';
import { errorResponses } from '../../plugins/schemas';
import { selectActiveAds, toActiveAd } from './select-active-ads';

export const BAD_PLACEMENT = `placement must be one of ${adPlacements.join(', ')}`;
const Query = ActiveAdsQuery.extend({ placement: z.enum(adPlacements, { error: BAD_PLACEMENT }) });

/**
 * GET /api/ads/active?placement&city&suburb&targetRole (consumer spec §3), public: the adverts to
 * show in one place for one town, in the order to show them (select-active-ads.ts). `city` is a
 * town's name, matched as GET /api/locations spells it, ignoring case and accents; an unknown
 * town has no adverts, and without a city the adverts of every town are candidates. Adverts are
 * bought per town, so `suburb` narrows nothing (it is recorded with impressions). `targetRole`
 * names the advertiser's partner role (partnerRoleOfTarget); an unknown one matches no one.
 *
 * Each advert carries its serve token (serve-token.ts) for this placement and this browser
 * session (the advertising cookie, given here when the browser has none): its impression and
 * click count only with it. So the answer is the browser's own: `private, no-store`, never kept
 * by a shared cache that would hand one visitor's tokens to the next.
 */
export default async function activeAdsRoutes(app: FastifyInstance, { deps, serving }: { deps: AppDeps; serving: AdServing }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.get(
    '/api/ads/active',
    { schema: { tags: ['advertising'], querystring: Query, response: { 200: z.array(ActiveAd), ...errorResponses(400) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { placement, city, targetRole } = request.query;
      const location = city ? findLocation(city) : undefined;
      if (city && !location) return [];
      const partnerRole = targetRole ? partnerRoleOfTarget(targetRole) : null;
      if (targetRole && !partnerRole) return [];
      const candidates = await activeAdCandidates(store, location?.id ?? null);
      if (candidates.length === 0) return [];
      // maxImpressions counts per subscription per NZ calendar month (ISSUE9 decision).
      const today = nzDayOf(new Date().toISOString());
      const impressionsThisMonth = await subscriptionImpressionsBetween(store, [...new Set(candidates.map((c) => c.subscription._id))], `${today.slice(0, 8)}01`, today);
      const shown = selectActiveAds(candidates, { placement, partnerRole, impressionsThisMonth });
      if (shown.length === 0) return [];
      const servedAt = Date.now();
      const { sessionHash } = await serving.hasher.visitorOf(request, reply, servedAt);
      return shown.map((c) => ({
        ...toActiveAd(c),
        serveToken: serving.tokens.issue({ adContentId: c.content._id, subscriptionId: c.subscription._id, placement, locationId: c.subscription.locationId, cap: c.plan!.maxImpressions, sessionHash, servedAt }),
      }));
    },
  );
}
