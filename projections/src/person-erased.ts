import { ERASED_TEXT, personalDataRules, VISITOR_ERASURE_STREAM_PREFIX, visitorErasureAsPersonErased, type PersonErased, type VisitorErased } from '@kainga/contracts';
import type { EventFilter, RecordedEvent } from '@kainga/platform';

/**
 * How the read models follow an erasure (issue 50). `PersonErased` is appended on the person's
 * stream `user-<id>` and names by id everything that was theirs; each read model that holds some
 * of it subscribes to it and overwrites the personal fields with the values the log's rules give
 * once the keys are destroyed (personalDataRules), or deletes what only that person could see.
 *
 * Why the same values as the rules: a rebuild reads the earlier events with those values already
 * and then the PersonErased, a live projection the original values and then the PersonErased; so
 * each handler sets every field it touches to a value that does not depend on what was there,
 * and both end with the same documents.
 */
export const PERSON_ERASED = 'PersonErased';

export type PersonErasedData = PersonErased['data'];

/** A projector's filter that lets the person's erasure through as well (its stream is `user-<id>`). */
export function withPersonErased(filter: EventFilter): EventFilter {
  return {
    ...(filter.eventTypes ? { eventTypes: [...filter.eventTypes, PERSON_ERASED] } : {}),
    ...(filter.streamPrefixes ? { streamPrefixes: [...new Set([...filter.streamPrefixes, 'user-'])] } : {}),
  };
}

/** A visitor's erasure (VisitorErased on `visitorErasure-<digest>`): the requests a signed-out visitor sent. */
export const VISITOR_ERASED = 'VisitorErased';

/** A projector's filter that lets a signed-out visitor's erasure through too (for the read models holding what visitors send). */
export function withVisitorErased(filter: EventFilter): EventFilter {
  return {
    ...(filter.eventTypes ? { eventTypes: [...filter.eventTypes, VISITOR_ERASED] } : {}),
    ...(filter.streamPrefixes ? { streamPrefixes: [...new Set([...filter.streamPrefixes, VISITOR_ERASURE_STREAM_PREFIX])] } : {}),
  };
}

/** The erasure's data when the event is one; a visitor's reads as a person's who only sent requests. */
export const personErasedOf = (event: RecordedEvent): PersonErasedData | null =>
  event.type === PERSON_ERASED ? (event.data as PersonErasedData) : event.type === VISITOR_ERASED ? visitorErasureAsPersonErased(event.data as VisitorErased['data']) : null;

/**
 * What an event type's personal fields read as once erased (personal-fields.ts), their paths
 * less `prefix` (`profile.` of PartnerEnrolled, `content.` of an advert): the values each read
 * model writes over what it copied from them.
 */
export function erasedValuesOf(eventType: string, prefix = ''): Record<string, unknown> {
  const groups = personalDataRules[eventType];
  if (!groups) throw new Error(`No personal fields are declared for ${eventType}`);
  const values: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [path, value] of Object.entries(group.fields)) values[path.startsWith(prefix) ? path.slice(prefix.length) : path] = value;
  }
  return values;
}

/** `{ _id: { $in: ids } }`: the ids the erasure names, read from the primary index. */
export const byIds = (ids: readonly string[]) => ({ _id: { $in: [...ids] } });

export { ERASED_TEXT };
