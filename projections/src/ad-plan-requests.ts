import type { AdPlanRequestEvent } from '@kainga/contracts';
import { adPlanRequestEventTypes, adPlanRequestStream } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { personErasedOf, withPersonErased } from './person-erased';

/**
 * The `ad_plan_requests` read model: one document per partner's request that the admins allocate
 * a plan in a town (`_id` its stream), read by the admins' list beside the allocate form
 * (GET /api/admin/ad-plan-requests). Whether it has been answered is read from the subscriptions
 * when listed, not stored: an allocation made any way answers it.
 */
export const AD_PLAN_REQUESTS = 'ad_plan_requests';

export interface AdPlanRequestDoc {
  _id: string;
  partnerId: string;
  adPlanId: string;
  locationId: string;
  message: string;
  requestedBy: string;
  requestedAt: string;
  [key: string]: unknown;
}

export const adPlanRequestsProjector: Projector = {
  name: 'ad_plan_requests',
  // 2: an erased partner's requests are gone (PersonErased).
  version: 2,
  collections: [AD_PLAN_REQUESTS],
  filter: withPersonErased({ eventTypes: adPlanRequestEventTypes, streamPrefixes: ['adPlanRequest-'] }),
  // The admins' list, newest first; a partner's requests (its erasure).
  indexes: { [AD_PLAN_REQUESTS]: [{ keys: { requestedAt: -1, _id: 1 } }, { keys: { partnerId: 1 } }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const erased = personErasedOf(event);
    // An erased partner can be allocated nothing: its requests (and their messages) leave the admins' list.
    if (erased) return erased.records.partnerIds.length === 0 ? [] : [{ collection: AD_PLAN_REQUESTS, deleteMany: { filter: { partnerId: { $in: [...erased.records.partnerIds] } } } }];
    const e = { type: event.type, data: event.data } as AdPlanRequestEvent;
    return match(e)
      .with({ type: 'AdPlanAllocationRequested' }, ({ data }): CollectionWrite[] => [
        {
          collection: AD_PLAN_REQUESTS,
          updateOne: {
            filter: { _id: adPlanRequestStream(data.partnerId, data.adPlanId, data.locationId) },
            update: { $set: { partnerId: data.partnerId, adPlanId: data.adPlanId, locationId: data.locationId, message: data.message, requestedBy: data.requestedBy, requestedAt: data.requestedAt } },
            upsert: true,
          },
        },
      ])
      .exhaustive();
  },
};

/** Most requests one list answers. */
export const AD_PLAN_REQUESTS_LIST_LIMIT = 200;

/** Every request, newest first. */
export function adPlanRequests(store: ReadStore, limit = AD_PLAN_REQUESTS_LIST_LIMIT): Promise<AdPlanRequestDoc[]> {
  return store.collection<AdPlanRequestDoc>(AD_PLAN_REQUESTS).find({}, { sort: { requestedAt: -1, _id: 1 }, limit });
}

export function findAdPlanRequest(store: ReadStore, id: string): Promise<AdPlanRequestDoc | null> {
  return store.collection<AdPlanRequestDoc>(AD_PLAN_REQUESTS).findOne({ _id: id });
}
