import { applyBatch, type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { activeContentOfSubscriptions, adContentById, adContentProjector, adContentsOfPartner, adContentsWithStatus } from './ad-content';
import { adSubscriptionsProjector } from './ad-subscriptions';

const event = recordedEvents();
const recorded = (type: string, data: object, streamName: string): RecordedEvent => event(streamName, type, data);
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`;
const started = (subscriptionId: string, partnerId: string, locationId = 'auckland') =>
  recorded(
    'AdSubscriptionStarted',
    { subscriptionId, partnerId, partnerUserId: 'u1', partnerRole: 'registered_valuer', adPlanId: 'plan-gold', tier: 'gold', locationId, startDate: at(1), autoRenew: true, source: { via: 'admin', by: 'a' } },
    `adSubscription-${subscriptionId}`,
  );
const content = { title: 'Valuations', description: 'Fast and fair.', imageUrl: null, ctaText: 'Learn More', ctaUrl: 'https://example.nz', targetRoles: [] };
const submitted = (adContentId: string, subscriptionId: string, partnerId: string, day: number) =>
  recorded('AdContentSubmitted', { adContentId, subscriptionId, partnerId, content, by: 'u1', at: at(day) }, `adContent-${adContentId}`);
const onContent = (type: string, adContentId: string, extra: object = {}) => recorded(type, { adContentId, by: 'x', at: at(9), ...extra }, `adContent-${adContentId}`);

/** The adverts, and the subscriptions they are read with (their own read model). */
/** Subscriptions and their content: the queries read both. */
const storeWith = (events: RecordedEvent[]) => projectedStore([adSubscriptionsProjector, adContentProjector], events);

describe('ad_content projector', () => {
  it('answers an advert with its subscription’s tier, location and role, through approval, pause and resume', async () => {
    const store = await storeWith([started('s1', 'p1'), submitted('c1', 's1', 'p1', 2)]);
    expect(await adContentById(store, 'c1')).toMatchObject({ id: 'c1', subscriptionId: 's1', partnerId: 'p1', tier: 'gold', locationId: 'auckland', partnerRole: 'registered_valuer', status: 'pending_approval', demo: false });
    await applyBatch(store, adContentProjector, [onContent('AdContentApproved', 'c1'), onContent('AdContentPaused', 'c1')], 'ad_content', (c) => c);
    expect(await adContentById(store, 'c1')).toMatchObject({ status: 'paused', approvedBy: 'x', approvedAt: at(9) });
    await applyBatch(store, adContentProjector, [onContent('AdContentResumed', 'c1')], 'ad_content', (c) => c);
    expect((await activeContentOfSubscriptions(store, ['s1'])).map((c) => c._id)).toEqual(['c1']);
    expect(await adContentById(store, 'nope')).toBeNull();
  });

  it('sends a revised advert back for approval, forgetting the rejection', async () => {
    const store = await storeWith([
      started('s1', 'p1'),
      submitted('c1', 's1', 'p1', 2),
      onContent('AdContentRejected', 'c1', { reason: 'Blurry image' }),
    ]);
    expect(await adContentById(store, 'c1')).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry image' });
    await applyBatch(store, adContentProjector, [onContent('AdContentRevised', 'c1', { content: { ...content, title: 'Sharper' } })], 'ad_content', (c) => c);
    expect(await adContentById(store, 'c1')).toMatchObject({ status: 'pending_approval', title: 'Sharper', rejectionReason: null });
  });

  it('lists a partner’s adverts newest first and the approval queue oldest first', async () => {
    const store = await storeWith([started('s1', 'p1'), started('s2', 'p2'), submitted('c1', 's1', 'p1', 2), submitted('c2', 's1', 'p1', 3), submitted('c3', 's2', 'p2', 4)]);
    expect((await adContentsOfPartner(store, 'p1')).map((c) => c.id)).toEqual(['c2', 'c1']);
    expect((await adContentsWithStatus(store, 'pending_approval')).map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
  });
});
