import { adActivityEventTypes, type AdPlacement, type PartnerRoleName } from '@kainga/contracts';
import { waitForProjection, type NewEvent, type Stores } from '@kainga/platform';
import { randomBytes, randomUUID } from 'node:crypto';
import { ensureTestPlan } from '../content/test-fixtures';
import { VisitorHasher } from './ad-visitor';
import { ServeTokens, type ServedAd } from './serve-token';
import { VisitorDayKeys } from './visitor-day-keys';

const metadata = () => ({ actorId: 'test-admin', actorRoles: ['admin' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });
const event = (type: string, data: object): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata() });

/**
 * A gold advert of `partnerId` in Auckland, as an admin's allocation and approval would leave
 * it (the events appended directly, so these tests need neither the plans nor the content routes),
 * once the ad_content and ad_subscriptions read models have it. `approved: false` leaves it pending approval.
 */
export async function placeAdvert(stores: Stores, partner: { partnerId: string; userId: string; role: PartnerRoleName }, { approved = true } = {}) {
  await ensureTestPlan(stores, 'gold');
  const subscriptionId = randomUUID();
  const adContentId = randomUUID();
  const at = new Date().toISOString();
  await stores.eventStore.append(
    `adSubscription-${subscriptionId}`,
    [
      event('AdSubscriptionStarted', {
        subscriptionId,
        partnerId: partner.partnerId,
        partnerUserId: partner.userId,
        partnerRole: partner.role,
        adPlanId: 'plan-gold',
        tier: 'gold',
        locationId: 'auckland',
        startDate: at,
        autoRenew: true,
        source: { via: 'admin', by: 'test-admin' },
        demo: false,
      }),
    ],
    { expectedRevision: 'no_stream' },
  );
  const content = { title: 'Fast valuations', description: 'Registered valuers in Auckland', imageUrl: null, ctaText: 'Learn More', ctaUrl: 'https://example.nz', targetRoles: [partner.role] };
  const submitted = [event('AdContentSubmitted', { adContentId, subscriptionId, partnerId: partner.partnerId, content, by: partner.userId, at, demo: false })];
  const { position } = await stores.eventStore.append(`adContent-${adContentId}`, approved ? [...submitted, event('AdContentApproved', { adContentId, by: 'test-admin', at })] : submitted, {
    expectedRevision: 'no_stream',
  });
  // Adverts are read with their subscriptions: both models must have them.
  await waitForProjection(stores.readStore, 'ad_content', position);
  await waitForProjection(stores.readStore, 'ad_subscriptions', position);
  return { subscriptionId, adContentId };
}

/** How many ad impressions and clicks the log holds. */
export const adActivityCount = (stores: Stores) => stores.eventStore.countEvents({ eventTypes: adActivityEventTypes, streamPrefixes: ['adActivity-'] });

/** The ad impressions and clicks in the log (the first 10,000). */
export const adActivityEvents = (stores: Stores) => stores.eventStore.readAll({ filter: { eventTypes: adActivityEventTypes, streamPrefixes: ['adActivity-'] }, limit: 10_000 });

/** A well-formed advertising cookie value, as the server would give a new browser session. */
export const newAdCookie = () => randomBytes(16).toString('base64url');

/**
 * The serve token GET /api/ads/active would have given the browser holding `cookie` for this
 * advert (signed with the app's session secret, the session hashed with the day's visitor key),
 * so a test or a bench can send impressions that count without asking for the list first.
 * `served` overrides what was served (a small cap, an old time).
 */
export async function serveTokenFor(
  deps: { sessionSecret: string; stores: Pick<Stores, 'personalKeys'> },
  cookie: string,
  ad: { adContentId: string; subscriptionId: string },
  served: Partial<Omit<ServedAd, 'adContentId' | 'subscriptionId' | 'sessionHash'>> & { placement?: AdPlacement } = {},
): Promise<string> {
  const servedAt = served.servedAt ?? Date.now();
  const sessionHash = await new VisitorHasher(new VisitorDayKeys(deps.stores.personalKeys)).sessionHash(cookie, servedAt);
  return new ServeTokens(deps.sessionSecret).issue({ placement: 'sidebar_valuation', locationId: 'auckland', cap: 10_000, servedAt, ...served, ...ad, sessionHash });
}
