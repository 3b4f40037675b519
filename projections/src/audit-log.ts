import { AUDIT_EXCLUDED_EVENT_TYPES, domainEventTypes, type RoleName } from '@kainga/contracts';
import { isSystemEvent, type CollectionWrite, type Filter, type Projector, type ReadStore, type RecordedEvent } from '@kainga/platform';

/**
 * The `audit_log` read model (issue 12): one document per event of the log — every event but the
 * advert impressions and clicks (AUDIT_EXCLUDED_EVENT_TYPES: the analysts' data, replayed apart) —
 * so the admin's history is a walk along an index, never a scan of `$all` per request.
 *
 * Lean: a document holds where the event is (position, stream, revision), what it is (type) and
 * its metadata (actor, correlation, causation, times), but not its data. A page reads the data
 * back from the event store by stream and revision (one ranged stream read per run of
 * revisions). The embedded store holds every document in memory, so a copy of every event's data
 * there would double the log's size in the server's memory (and in MongoDB, its disk) for the
 * sake of 50 rows a page; the event store answers a stream read from its own (stream, revision)
 * index.
 *
 * Order: `seq` = recordedAt + '|' + position, a string that sorts by the time the log recorded
 * the event and then by log position (which breaks ties, and is the log order whenever the clock
 * moved forwards). "Newest first" is then a walk backwards along `seq`, a `from`/`to` range is a
 * range of `seq` (recordedAt is always a 24-character ISO 8601 UTC string, so `seq >= from` ⇔
 * `recordedAt >= from`), and the page's cursor is the last `seq` it gave.
 *
 * Indexes: each filter's field followed by `seq`, so any one filter, a time range, a cursor and
 * the order are one bounded, sorted index walk; queries put the most selective filter given
 * first at the top of the filter and test the others on the documents that walk meets (see
 * pageAuditLog).
 *
 * Memory on the embedded store (measured with 1,000,000 documents loaded and all six indexes
 * sorted, after a full GC): ~800 bytes a document and 4 bytes an index entry (the indexes' lists
 * hold the documents themselves: see EmbeddedIndex), 0.8 GB of heap and 1.2–1.4 GB RSS for the
 * whole service; it was 1.5 GB of heap (~125 bytes an index entry) and 1.85 GB RSS. Each index
 * is sorted when a query first reads it (3–5 s of CPU at that size on a busy 2-core machine);
 * loading the documents takes 6–9 s of CPU, mostly JSON.parse. At that size MongoDB remains the
 * better home for this read model.
 */
export const AUDIT_LOG = 'audit_log';

export interface AuditLogDoc {
  /** The event's log position (as `position`): see the projector's `version`. */
  _id: string;
  eventId: string;
  position: string;
  seq: string;
  stream: string;
  /** The stream's aggregate: the part of its name before the first '-' (`partnerApplication`). */
  streamKind: string;
  revision: number;
  type: string;
  recordedAt: string;
  occurredAt: string | null;
  actorId: string | null;
  actorRoles: RoleName[];
  correlationId: string | null;
  causationId: string | null;
  [key: string]: unknown;
}

const excluded = new Set<string>(AUDIT_EXCLUDED_EVENT_TYPES);

/** The part of a stream name before the first '-' (the whole name when it has none). */
export const streamKindOf = (stream: string) => {
  const dash = stream.indexOf('-');
  return dash < 0 ? stream : stream.slice(0, dash);
};

/** The sort key of an event in the history: when it was recorded, then its log position. */
export const auditSeq = (recordedAt: string, position: string) => `${recordedAt}|${position}`;

const orNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export const auditLogProjector: Projector = {
  name: 'audit_log',
  collections: [AUDIT_LOG],
  // Every domain event but the advert activity, by type: the store then reads by type and never
  // touches the impressions (thousands a second) or a non-domain stream (a benchmark's synthetic
  // events). `domainEventTypes` is derived from contracts' unions, and its test checks that every
  // declared event type is in it, so a type added later reaches the history without a list here.
  filter: { eventTypes: domainEventTypes.filter((type) => !excluded.has(type)) },
  // 2: documents keyed by log position, not event id. An event id is a hash, so each new document
  // landed on a random page of the read store's table; at bench:scale's 100× (310,000 documents,
  // 150 MB) that was a page read and write per event that the log's order makes an append (a
  // valuation's three audit documents: ~0.5 → ~0.3 ms of its read-store writes measured alone).
  version: 2,
  indexes: {
    [AUDIT_LOG]: [
      { keys: { seq: 1 } },
      { keys: { correlationId: 1, seq: 1 } },
      { keys: { stream: 1, seq: 1 } },
      { keys: { actorId: 1, seq: 1 } },
      { keys: { type: 1, seq: 1 } },
      { keys: { streamKind: 1, seq: 1 } },
    ],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    if (excluded.has(event.type) || isSystemEvent({ type: event.type, streamName: event.streamName })) return [];
    const m: Partial<RecordedEvent['metadata']> = event.metadata ?? {};
    const doc: AuditLogDoc = {
      _id: event.position,
      eventId: event.id,
      position: event.position,
      seq: auditSeq(event.recordedAt, event.position),
      stream: event.streamName,
      streamKind: streamKindOf(event.streamName),
      revision: event.revision,
      type: event.type,
      recordedAt: event.recordedAt,
      occurredAt: orNull(m.occurredAt),
      actorId: orNull(m.actorId),
      actorRoles: Array.isArray(m.actorRoles) ? m.actorRoles : [],
      correlationId: orNull(m.correlationId),
      causationId: orNull(m.causationId),
    };
    // The same event applied twice writes the same document: idempotent.
    return [{ collection: AUDIT_LOG, replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }];
  },
};

/** What one page of the history asks for; every filter optional, combined with AND. */
export interface AuditLogQuery {
  /** One stream exactly. */
  stream?: string;
  /** Every stream whose name starts with this (ends with '-': `partnerApplication-`). */
  streamPrefix?: string;
  /** Any of these types. */
  types?: readonly string[];
  /** None of these types (the records of viewing the history, when the admin hides them). */
  excludeTypes?: readonly string[];
  actorId?: string;
  correlationId?: string;
  /** ISO 8601 UTC (`toISOString`): recorded at or after. */
  from?: string;
  /** ISO 8601 UTC: recorded before. */
  to?: string;
  order: 'newest' | 'oldest';
  /** The `seq` of the last event of the previous page (exclusive). */
  after?: string;
  limit: number;
}

/** One page of documents, and the `seq` to continue after (null on the last page). */
export interface AuditLogPage {
  docs: AuditLogDoc[];
  nextAfter: string | null;
}

type Condition = Record<string, unknown>;

/**
 * The conditions of a query, the most selective first: the first is the one the index walk is
 * bounded by (a correlation touches a few events; a stream, an actor, a type, an aggregate kind
 * ever more), the others are tested on what the walk meets.
 */
function conditionsOf(q: AuditLogQuery): { lead: Condition | null; multiType: readonly string[] | null; rest: Condition[] } {
  const conditions: Condition[] = [];
  if (q.correlationId !== undefined) conditions.push({ correlationId: q.correlationId });
  if (q.stream !== undefined) conditions.push({ stream: q.stream });
  if (q.actorId !== undefined) conditions.push({ actorId: q.actorId });
  let multiType: readonly string[] | null = null;
  if (q.types && q.types.length === 1) conditions.push({ type: q.types[0] });
  else if (q.types && q.types.length > 1) {
    // Several types lead only when nothing narrower does: then one walk per type, merged.
    if (conditions.length === 0) multiType = [...new Set(q.types)];
    else conditions.push({ type: { $in: [...q.types] } });
  }
  if (q.streamPrefix !== undefined) {
    const kind = streamKindOf(q.streamPrefix);
    conditions.push({ streamKind: kind });
    // A prefix longer than its kind (`auditViews-<adminId>-`): the names in [prefix, prefix with its last character moved on).
    if (q.streamPrefix !== `${kind}-`) conditions.push({ stream: { $gte: q.streamPrefix, $lt: successor(q.streamPrefix) } });
  }
  // Never the walk's lead: "all but these types" bounds no index, so it is tested on what the walk meets.
  const exclude: Condition[] = q.excludeTypes && q.excludeTypes.length > 0 ? [{ type: { $nin: [...q.excludeTypes] } }] : [];
  if (multiType) return { lead: null, multiType, rest: [...conditions, ...exclude] };
  const [lead = null, ...rest] = conditions;
  return { lead, multiType: null, rest: [...rest, ...exclude] };
}

/** The least string after every string that starts with `prefix` (its last UTF-16 unit moved on by one). */
function successor(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The one `seq` range of a page: the time range and the cursor, whichever bound is tighter on each side. */
function seqRange(q: AuditLogQuery): Condition | null {
  let low: { op: '$gt' | '$gte'; v: string } | null = q.from !== undefined ? { op: '$gte', v: q.from } : null;
  let high: { op: '$lt'; v: string } | null = q.to !== undefined ? { op: '$lt', v: q.to } : null;
  if (q.after !== undefined) {
    if (q.order === 'oldest' && (!low || q.after >= low.v)) low = { op: '$gt', v: q.after };
    if (q.order === 'newest' && (!high || q.after < high.v)) high = { op: '$lt', v: q.after };
  }
  if (!low && !high) return null;
  return { ...(low ? { [low.op]: low.v } : {}), ...(high ? { [high.op]: high.v } : {}) };
}

/**
 * A page's filter: the walk's condition and the `seq` range on top, the rest under `$and`. A module
 * function, not an arrow made per page (see query-plan.ts on named inner functions).
 */
function pageFilter(top: Condition | null, range: Condition | null, rest: Condition[]): Filter {
  return { ...top, ...(range ? { seq: range } : {}), ...(rest.length > 0 ? { $and: rest } : {}) };
}

/**
 * One page of the history in `seq` order (newest or oldest first). The lead condition and the
 * `seq` range sit at the top of the filter, where both stores bound an index walk by them and
 * read it in order, stopping after the page; the other conditions sit under `$and`, tested on
 * each document the walk meets (the embedded planner plans on top-level fields only, and MongoDB
 * picks the same index for it). Several types with nothing narrower: one walk per type, merged.
 * One document more than the page is read, to know whether another page follows.
 */
export async function pageAuditLog(store: ReadStore, q: AuditLogQuery): Promise<AuditLogPage> {
  const coll = store.collection<AuditLogDoc>(AUDIT_LOG);
  const { lead, multiType, rest } = conditionsOf(q);
  const range = seqRange(q);
  const dir = q.order === 'newest' ? -1 : 1;
  const options = { sort: { seq: dir } as const, limit: q.limit + 1 };
  let docs: AuditLogDoc[];
  if (multiType) {
    const walks = await Promise.all(multiType.map((type) => coll.find(pageFilter({ type }, range, rest), options)));
    docs = walks.flat().sort((a, b) => (a.seq < b.seq ? -dir : a.seq > b.seq ? dir : 0)).slice(0, q.limit + 1);
  } else docs = await coll.find(pageFilter(lead, range, rest), options);
  const more = docs.length > q.limit;
  const page = more ? docs.slice(0, q.limit) : docs;
  return { docs: page, nextAfter: more ? page[page.length - 1]!.seq : null };
}
