import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Filter as EsdbFilter,
  type JSONType,
  type Position as EsdbPosition,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import type { EventMetadata } from '@kainga/contracts';
import {
  WrongExpectedRevisionError,
  isSystemEvent,
  matchesFilter,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store';

const PAD = 20;
const MAX_UINT63 = (1n << 63n) - 1n;

/** `{commit, prepare}` as one string that sorts lexicographically in log order. */
export const toEsdbPosition = (p: EsdbPosition): Position =>
  `${p.commit.toString().padStart(PAD, '0')}-${p.prepare.toString().padStart(PAD, '0')}`;

const POSITION_FORMAT = /^(\d{20})-(\d{20})$/;

/** The inverse of {@link toEsdbPosition}; refuses positions made by another adapter (a SQLite checkpoint, say). */
export function fromEsdbPosition(position: Position): EsdbPosition {
  const match = POSITION_FORMAT.exec(position);
  if (!match) throw new Error(`"${position}" is not an EventStoreDB position (expected <commit>-<prepare>, 20 digits each)`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

/** A .NET regex that never matches: what an empty list of event types or prefixes asks for. */
const MATCH_NOTHING = '(?!)';
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type CheckpointOptions = Required<Pick<EsdbFilter, 'checkpointInterval' | 'checkpointReached'>>;

/**
 * The server-side filter for a subscription. EventStoreDB takes one filter (on event type or on
 * stream name), so the narrower of ours goes to the server and `matchesFilter` re-checks both on
 * the client. Exact event types become an anchored regex; system events are always dropped.
 */
function serverFilter(filter: EventFilter | undefined, checkpoints: CheckpointOptions): EsdbFilter {
  if (filter?.eventTypes) {
    const types = filter.eventTypes;
    return eventTypeFilter({ regex: types.length ? `^(?:${types.map(escapeRegex).join('|')})$` : MATCH_NOTHING, ...checkpoints });
  }
  if (filter?.streamPrefixes) {
    const prefixes = filter.streamPrefixes;
    return prefixes.length ? streamNameFilter({ prefixes: [...prefixes], ...checkpoints }) : streamNameFilter({ regex: MATCH_NOTHING, ...checkpoints });
  }
  return excludeSystemEvents(checkpoints);
}

const wanted = (e: RecordedEvent, filter?: EventFilter) => !isSystemEvent(e) && matchesFilter(e, filter);

function decodeBytes(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Our recorded event from the client's; null for an unresolved link. */
function toRecorded(resolved: { event?: EsdbRecordedEvent; commitPosition?: bigint }): RecordedEvent | null {
  const e = resolved.event;
  if (!e) return null;
  // Event positions on stream reads arrive from server 22.6 on; older servers only send the commit position.
  const position = e.position ?? (resolved.commitPosition !== undefined ? { commit: resolved.commitPosition, prepare: resolved.commitPosition } : undefined);
  if (!position) throw new Error(`EventStoreDB sent event ${e.id} without a log position (server 22.6 or later is required)`);
  const metadata = e.metadata instanceof Uint8Array ? decodeBytes(e.metadata) : e.metadata;
  return {
    id: e.id,
    type: e.type,
    data: e.data instanceof Uint8Array ? decodeBytes(e.data) : e.data,
    metadata: metadata as EventMetadata,
    streamName: e.streamId,
    revision: Number(e.revision),
    position: toEsdbPosition(position),
    recordedAt: e.created.toISOString(),
  };
}

/** Reads a client stream until `visit` returns false, then cancels the server call. */
async function consume<E>(read: StreamingRead<E>, visit: (item: E) => boolean): Promise<void> {
  for await (const item of read) {
    if (!visit(item)) {
      await read.cancel().catch(() => undefined);
      break;
    }
  }
}

/**
 * The EventStore port on EventStoreDB / KurrentDB (gRPC, `@eventstore/db-client` v6, server 23.10
 * or later for the caught-up signal of subscriptions).
 *
 * Semantics follow the embedded SQLite adapter, with these server-given differences:
 * - Idempotency is EventStoreDB's own: a retried append of the same event ids at the same
 *   expected revision (or `no_stream`) succeeds without writing and returns the original
 *   revision. Event ids are only unique per stream on the server, so an id reused on *another*
 *   stream is not refused with `DuplicateEventIdError` (the command handler derives ids from the
 *   idempotency key *and* the stream name, so that cannot happen through it).
 * - `readAll`, `headPosition` and `countEvents` read `$all` and filter on the client (this
 *   client version has no server-side filter for reads); `headPosition` stops at the first match
 *   reading backwards, `countEvents` is O(n) and meant for progress bars only.
 * - Subscriptions filter on the server (one filter: event type, else stream prefix) and again
 *   on the client; system (`$`) events never reach a handler. The scanned position
 *   (`onCheckpoint`) comes from the server's filtered-subscription checkpoints, so a subscription
 *   to rare events moves past the events it skips as the SQLite one does.
 * - Caught up, as on SQLite, means "everything up to the head it knows of is handled". The server
 *   sends `caughtUp` once each time it turns from catch-up to live (not after every batch), so
 *   `onCaughtUp` is called whenever the client's buffer is drained and handled while the server
 *   is live, i.e. after catch-up and again after each live batch; `onFellBehind` is called before
 *   a batch that follows a caught-up report, and on the server's `fellBehind`. (Current servers
 *   do not forward fell-behind to gRPC clients, their Streams.Read drops it: a subscription the
 *   server moved back to catch-up is then seen behind when its next batch arrives.)
 * - `append` returns the `$all` position of the last event it wrote (read-your-writes waits for
 *   it): the server's answer for a one-event write; for several, the last event is read back.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(stream: string, events: readonly NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected: AppendExpectedRevision = expectedRevision === 'no_stream' ? NO_STREAM : expectedRevision === 'any' ? 'any' : BigInt(expectedRevision);
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
        { expectedRevision: expected },
      );
      const nextRevision = Number(result.nextExpectedRevision);
      // An idempotent (already written) append comes back without a position: look up the original.
      // So does a write of several events: the server answers the position of the write as a
      // whole (its commit and its transaction's prepare position), not necessarily the last
      // event's, and read-your-writes waiting for less could answer before the last is projected.
      const position =
        events.length === 1 && result.position && result.position.commit <= MAX_UINT63 ? toEsdbPosition(result.position) : await this.positionOf(stream, nextRevision);
      return { nextRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }
      throw error;
    }
  }

  private async positionOf(stream: string, revision: number): Promise<Position> {
    const [event] = await this.readEvents(stream, revision, 1);
    if (!event) throw new Error(`Event ${revision} of ${stream} was appended but cannot be read back`);
    return event.position;
  }

  async readStream(stream: string, options?: { fromRevision?: number; limit?: number }): Promise<RecordedEvent[]> {
    if (options?.limit !== undefined && options.limit <= 0) return [];
    return this.readEvents(stream, options?.fromRevision ?? 0, options?.limit);
  }

  private async readEvents(stream: string, fromRevision: number, maxCount?: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        fromRevision: fromRevision > 0 ? BigInt(fromRevision) : START,
        ...(maxCount ? { maxCount } : {}),
      });
      for await (const resolved of read) {
        const e = toRecorded(resolved);
        if (e) events.push(e);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    if (limit <= 0) return [];
    const after = options.after ?? null;
    const fromPosition: ReadPosition = after ? fromEsdbPosition(after) : START;
    const page: RecordedEvent[] = [];
    // The server's fromPosition is inclusive; ours is exclusive.
    await consume(this.client.readAll({ direction: FORWARDS, fromPosition }), (resolved) => {
      const e = toRecorded(resolved);
      if (e && (after === null || e.position > after) && wanted(e, options.filter)) page.push(e);
      return page.length < limit;
    });
    return page;
  }

  async headPosition(filter?: EventFilter): Promise<Position | null> {
    let head: Position | null = null;
    await consume(this.client.readAll({ direction: BACKWARDS, fromPosition: END }), (resolved) => {
      const e = toRecorded(resolved);
      if (e && wanted(e, filter)) head = e.position;
      return head === null;
    });
    return head;
  }

  /** O(n): reads the whole log. Only for progress bars. */
  async countEvents(filter?: EventFilter): Promise<number> {
    let n = 0;
    await consume(this.client.readAll({ direction: FORWARDS, fromPosition: START }), (resolved) => {
      const e = toRecorded(resolved);
      if (e && wanted(e, filter)) n += 1;
      return true;
    });
    return n;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const batchSize = Math.max(1, options.batchSize ?? 500);
    let resolveDone!: () => void;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));

    /** Everything at or before it was delivered or did not match (see SubscribeOptions.onCheckpoint). */
    let scanned: Position | null = options.after ?? null;
    let reported: Position | null = scanned;
    /** A checkpoint from the server, held (with the server's stream) until what came before it is delivered. */
    let held: { position: Position; release: () => void } | null = null;
    /** Between the server's caught-up and fell-behind signals. */
    let live = false;
    /** Whether onCaughtUp was the last thing reported (see SubscribeOptions.onFellBehind). */
    let caughtUp = false;
    const fellBehind = () => {
      if (!caughtUp) return;
      caughtUp = false;
      options.onFellBehind?.();
    };
    let finished = false;
    let wantsPump = false;
    let pumping: Promise<void> | null = null;

    const report = () => {
      if (scanned !== null && (reported === null || scanned > reported)) {
        reported = scanned;
        options.onCheckpoint?.(scanned);
      }
    };

    let source: AllStreamSubscription;
    try {
      if (this.closed) throw new Error('The event store is closed');
      source = this.client.subscribeToAll(
        {
          fromPosition: options.after ? fromEsdbPosition(options.after) : START,
          filter: serverFilter(options.filter, {
            // The server sends a checkpoint per `checkpointInterval` × its search window (32 events
            // by default) scanned, matching or not: about one per batch.
            checkpointInterval: Math.ceil(batchSize / 32),
            // The client awaits this before passing on anything the server sent after the
            // checkpoint, while what it sent before is still in our buffer: so the checkpoint is
            // held until the buffer is drained and delivered, and only then reported.
            checkpointReached: (_subscription, position) =>
              new Promise<void>((release) => {
                if (finished) return release();
                held?.release();
                held = { position: toEsdbPosition(position), release };
                pump();
              }),
          }),
        },
        // Buffer at most one batch: an unread buffer pauses the gRPC stream (back-pressure).
        { highWaterMark: batchSize },
      );
    } catch (error) {
      options.onError?.(error);
      resolveDone();
      return { done, stop: async () => done };
    }

    /** Hands what is buffered to onBatch, a batch at a time, awaiting each one. */
    const drain = async () => {
      while (!finished) {
        const batch: RecordedEvent[] = [];
        let lastSeen: Position | null = null;
        let raw: AllStreamResolvedEvent | null = null;
        while (batch.length < batchSize && (raw = source.read() as AllStreamResolvedEvent | null) !== null) {
          const e = toRecorded(raw);
          // Skips the event at `after` should the server start there (and any replay), and system events.
          if (!e || (scanned !== null && e.position <= scanned)) continue;
          lastSeen = e.position;
          if (wanted(e, options.filter)) batch.push(e);
        }
        if (batch.length > 0) {
          // Events arrived after the last caught-up report: behind until they are handled.
          fellBehind();
          await options.onBatch(batch);
        }
        if (lastSeen !== null) scanned = lastSeen;
        if (batch.length > 0 || raw !== null) {
          // More may have arrived while onBatch ran: read again before calling the buffer empty.
          report();
          continue;
        }
        // The buffer was found empty with nothing awaited since, so everything the server sent
        // before a held checkpoint has been delivered.
        if (held) {
          if (scanned === null || held.position > scanned) scanned = held.position;
          const { release } = held;
          held = null;
          release();
        }
        report();
        // The server is live (it pushes each event as it is written) and all it sent is handled.
        if (live && !finished) {
          caughtUp = true;
          options.onCaughtUp?.(scanned);
        }
        return;
      }
    };

    const pump = () => {
      wantsPump = true;
      if (pumping || finished) return;
      pumping = (async () => {
        while (wantsPump && !finished) {
          wantsPump = false;
          await drain();
        }
      })()
        .catch((error: unknown) => {
          void finish(error);
        })
        .finally(() => {
          pumping = null;
          if (wantsPump && !finished) pump();
        });
    };

    const finish = async (error?: unknown) => {
      if (finished) return;
      finished = true;
      held?.release();
      held = null;
      await source.unsubscribe().catch(() => undefined);
      source.destroy();
      // Let a batch in flight complete, as the SQLite adapter's stop does.
      if (pumping) await pumping;
      this.subscriptions.delete(subscription);
      if (error !== undefined) options.onError?.(error);
      resolveDone();
    };

    source.on('readable', pump);
    source.on('caughtUp', () => {
      live = true;
      pump();
    });
    source.on('fellBehind', () => {
      live = false;
      fellBehind();
    });
    source.on('error', (error: Error) => {
      void finish(error);
    });
    source.on('end', () => {
      void finish(new Error('The EventStoreDB subscription ended unexpectedly'));
    });

    const subscription: Subscription = {
      done,
      stop: async () => {
        await finish();
        await done;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }
}
