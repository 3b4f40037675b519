import type { AuditActor, AuditEventView, RoleName, UserDoc } from '@kainga/contracts';
import type { EventStore, ReadStore, RecordedEvent } from '@kainga/platform';
import { USERS, type AuditLogDoc } from '@kainga/projections';

/**
 * Events as the history shows them: the actor's name and email resolved when the history is read
 * (one read of the users read model per page, by `_id`), and, for a page of the audit read model
 * (which keeps no data), each event's data read back from its stream.
 */

/** The accounts behind a page's actor ids, in one read; an id no account has keeps only its id. */
export async function actorsOf(readStore: ReadStore, ids: Iterable<string | null>): Promise<Map<string, AuditActor>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  const actors = new Map<string, AuditActor>(wanted.map((id) => [id, { id, name: null, email: null }]));
  if (wanted.length === 0) return actors;
  const users = await readStore.collection<UserDoc>(USERS).find({ _id: { $in: wanted } }, { projection: { firstName: 1, lastName: 1, email: 1 } });
  for (const u of users) {
    const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
    actors.set(u._id, { id: u._id, name: name || null, email: u.email ?? null });
  }
  return actors;
}

/**
 * The data of the page's events, by event id: per stream, one ranged read per run of consecutive
 * revisions (a correlation's events in one stream are usually one run), all streams at once.
 */
export async function dataOf(eventStore: EventStore, docs: readonly AuditLogDoc[]): Promise<Map<string, unknown>> {
  const byStream = new Map<string, number[]>();
  for (const d of docs) {
    const revisions = byStream.get(d.stream) ?? [];
    revisions.push(d.revision);
    byStream.set(d.stream, revisions);
  }
  const reads: Promise<RecordedEvent[]>[] = [];
  for (const [stream, revisions] of byStream) {
    const sorted = [...new Set(revisions)].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; ) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
      reads.push(eventStore.readStream(stream, { fromRevision: sorted[i]!, limit: j - i + 1 }));
      i = j + 1;
    }
  }
  const data = new Map<string, unknown>();
  for (const events of await Promise.all(reads)) for (const e of events) data.set(e.id, e.data);
  return data;
}

const actorOf = (actors: Map<string, AuditActor>, id: string | null): AuditActor | null => (id === null ? null : (actors.get(id) ?? { id, name: null, email: null }));

/** A page of the audit read model as the history shows it. */
export async function viewsOfDocs(stores: { eventStore: EventStore; readStore: ReadStore }, docs: readonly AuditLogDoc[]): Promise<AuditEventView[]> {
  const [actors, data] = await Promise.all([actorsOf(stores.readStore, docs.map((d) => d.actorId)), dataOf(stores.eventStore, docs)]);
  return docs.map((d) => ({
    id: d.eventId,
    position: d.position,
    stream: d.stream,
    revision: d.revision,
    type: d.type,
    recordedAt: d.recordedAt,
    occurredAt: d.occurredAt,
    actor: actorOf(actors, d.actorId),
    actorRoles: d.actorRoles,
    correlationId: d.correlationId,
    causationId: d.causationId,
    // Not found only if the log lost an event the read model saw, which an append-only log does not.
    data: data.has(d.eventId) ? data.get(d.eventId) : null,
  }));
}

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Events read from a stream as the history shows them. */
export async function viewsOfEvents(readStore: ReadStore, events: readonly RecordedEvent[]): Promise<AuditEventView[]> {
  const actors = await actorsOf(readStore, events.map((e) => textOrNull(e.metadata?.actorId)));
  return events.map((e) => ({
    id: e.id,
    position: e.position,
    stream: e.streamName,
    revision: e.revision,
    type: e.type,
    recordedAt: e.recordedAt,
    occurredAt: textOrNull(e.metadata?.occurredAt),
    actor: actorOf(actors, textOrNull(e.metadata?.actorId)),
    actorRoles: (Array.isArray(e.metadata?.actorRoles) ? e.metadata.actorRoles : []) as RoleName[],
    correlationId: textOrNull(e.metadata?.correlationId),
    causationId: textOrNull(e.metadata?.causationId),
    data: e.data,
  }));
}
