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
import { ForeignPositionError } from './foreign-position';

const PAD = 20;
const MAX_UINT63 = (1n << 63n) - 1n;

/** `{commit, prepare}` as one string that sorts lexicographically in log order. */
export const toEsdbPosition = (p: EsdbPosition): Position =>
  `${p.commit.toString().padStart(PAD, '0')}-${p.prepare.toString().padStart(PAD, '0')}`;

const POSITION_FORMAT = /^(\d{20})-(\d{20})$/;

/**
 * The inverse of {@link toEsdbPosition}. A position of another log (the embedded store's are 20
 * digits without the `-<prepare>` half) is refused with ForeignPositionError, which runners do not
 * retry: a read store built from the SQLite log would otherwise resubscribe for ever.
 */
export function fromEsdbPosition(position: Position): EsdbPosition {
  const match = POSITION_FORMAT.exec(position);
  if (!match) throw new ForeignPositionError(position, 'EventStoreDB positions are <commit>-<prepare>, 20 digits each');
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

/** A .NET regex that never matches: what an empty list of event types or prefixes asks for. */
const MATCH_NOTHING = '(?!)';
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type CheckpointOptions = Pick<EsdbFilter, 'checkpointInterval' | 'checkpointReached'>;

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
 * How often a live, caught-up subscription whose scanned position has not moved looks at the log
 * past it (see `probeGap`): the projection runner stores scanned positions at most once a second
 * anyway (CHECKPOINT_INTERVAL_MS), so looking more often would not make read-your-writes sooner.
 */
export const GAP_PROBE_INTERVAL_MS = 1000;
/** Most events one probe reads: more than a server checkpoint interval, so the gap is normally read whole. */
const GAP_PROBE_MAX = 2048;

export interface EsdbEventStoreOptions {
  /** See GAP_PROBE_INTERVAL_MS. */
  gapProbeIntervalMs?: number;
}

/**
 * The EventStore port on EventStoreDB / KurrentDB (gRPC, `@eventstore/db-client` v6, server 23.10
 * or later for the caught-up signal of subscriptions, which filtered reads also rely on).
 *
 * Semantics follow the embedded SQLite adapter, with these server-given differences:
 * - Idempotency is EventStoreDB's own, and only certain at an exact expected revision (or
 *   `no_stream`): a retried append of the same event ids there succeeds without writing and
 *   returns the original revision; the server compares the ids with the events at those
 *   revisions in its index (`IndexWriter.CheckCommit`, KurrentDB
 *   `v26.0.3:src/KurrentDB.Core/Services/Storage/ReaderIndex/IndexWriter.cs` lines 257–320,
 *   "strong idempotency checks"). At `any` it only looks in `_committedEvents`, a cache of recent
 *   event ids bounded by `CommittedEventsMemCacheLimit` (lines 91, 198–254, "weak idempotency
 *   checks … check recently written events only"), and the server's
 *   docs say so: "If you use `-2` as your expected version value, KurrentDB does its best to
 *   keep events idempotent but cannot assure that everything is fully idempotent"
 *   (`docs/server/http-api/introduction.md`, Idempotence). Writers that may retry therefore
 *   append at a known revision (AdActivityWriter does). Event ids are only unique per stream on
 *   the server, so an id reused on *another* stream is not refused with `DuplicateEventIdError`
 *   (the command handler derives ids from the idempotency key *and* the stream name).
 * - Filtered `readAll` and `countEvents` filter on the server: this client version's reads take
 *   no filter, so they run as a filtered subscription that ends when the server says it caught
 *   up (only matching events cross the network). Unfiltered reads and `headPosition` read `$all`
 *   directly; `headPosition` reads backwards from the end in growing pages (one event first, so
 *   the unfiltered head costs one) and stops at the first match: with a filter that is as far
 *   back as the last matching event, as this client cannot filter a backward read on the server
 *   (`@kurrent/kurrentdb-client`'s readAll can).
 * - Subscriptions filter on the server (one filter: event type, else stream prefix) and again
 *   on the client; system (`$`) events never reach a handler. The scanned position
 *   (`onCheckpoint`) comes from the server's filtered-subscription checkpoints, and, while the
 *   subscription is live with nothing to deliver, from a look at the few events past it (see
 *   `probeGap`): the server sends checkpoints only every `checkpointInterval` × 32 events, so
 *   on a quiet log a read-your-writes wait for an event the projection skips would otherwise
 *   wait out its timeout.
 * - Resuming after a stored checkpoint is exact: the server itself resumes a subscription
 *   strictly after the position it is given (it skips events at or before it: KurrentDB
 *   `v26.0.3:src/KurrentDB.Core/Services/Transport/Enumerators/Enumerator.AllSubscriptionFiltered.cs`
 *   line 292, `CatchUp`, "if (eventPosition <= checkpoint) continue", and line 218, `GoLive`), and
 *   the checkpoints it sends never name an unread event. Live, a checkpoint is the position of an
 *   event already considered (`v26.0.3:src/KurrentDB.Core/Services/SubscriptionsService.cs` line
 *   404, `CheckpointReached(…, pair.OriginalPosition)` after that event was passed on or filtered
 *   out). In catch-up it is the last event sent or the start of the page just read
 *   (`IndexReadAllResult.CurrentPos`, `ReaderIndex/AllReader.cs` line 186), taken only when that
 *   page considered the record there (Enumerator line 304: "when completed.CurrentPos ==
 *   completed.NextPos, we can't use completed.CurrentPos as checkpoint as we haven't yet
 *   processed the record at that position"). Such a page start is `(commit, 0)`, before every event
 *   of that commit, or an event the page considered: either way every event at or before a
 *   checkpoint was considered, so resuming strictly after it skips nothing.
 * - Caught up, as on SQLite, means "everything up to the head it knows of is handled". The server
 *   sends `caughtUp` once each time it turns from catch-up to live (not after every batch), so
 *   `onCaughtUp` is called whenever the client's buffer is drained and handled while the server
 *   is live, i.e. after catch-up and again after each live batch; `onFellBehind` is called before
 *   a batch that follows a caught-up report, and on the server's `fellBehind`. (Current servers
 *   do not forward fell-behind to gRPC clients, their Streams.Read drops it: a subscription the
 *   server moved back to catch-up is then seen behind when its next batch arrives.)
 * - `append` returns the `$all` position of the last event it wrote (read-your-writes waits for
 *   it): the server's answer for a one-event write; for several, the last event is read back.
 * - A checkpoint of another log (the embedded store's) is refused with ForeignPositionError.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  /** Told of every position this store appended, so an idle subscription can move past it at once. */
  private readonly appendListeners = new Set<(position: Position) => void>();
  private readonly gapProbeIntervalMs: number;
  private closed = false;

  constructor(connectionString: string, options: EsdbEventStoreOptions = {}) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.gapProbeIntervalMs = options.gapProbeIntervalMs ?? GAP_PROBE_INTERVAL_MS;
  }

  async append(stream: string, events: readonly NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected: AppendExpectedRevision = expectedRevision === 'no_stream' ? NO_STREAM : expectedRevision === 'any' ? 'any' : BigInt(expectedRevision);
    let appended: AppendResult;
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
      appended = { nextRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }
      throw error;
    }
    for (const listener of this.appendListeners) listener(appended.position);
    return appended;
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
    const page: RecordedEvent[] = [];
    const visit = (e: RecordedEvent) => {
      page.push(e);
      return page.length < limit;
    };
    if (options.filter) await this.filteredScan(after, options.filter, visit);
    else {
      // The server's fromPosition is inclusive; ours is exclusive.
      await consume(this.client.readAll({ direction: FORWARDS, fromPosition: after ? fromEsdbPosition(after) : START }), (resolved) => {
        const e = toRecorded(resolved);
        return e && (after === null || e.position > after) && wanted(e) ? visit(e) : true;
      });
    }
    return page;
  }

  /**
   * Reads `$all` backwards from the end in growing pages: one event first (the head, unless it is
   * a system event), then 8, 64… up to 4,096, until an event matches.
   */
  async headPosition(filter?: EventFilter): Promise<Position | null> {
    let from: Position | null = null;
    for (let size = 1; ; size = Math.min(size * 8, 4096)) {
      const page: RecordedEvent[] = [];
      await consume(this.client.readAll({ direction: BACKWARDS, fromPosition: from ? fromEsdbPosition(from) : END, maxCount: size }), (resolved) => {
        const e = toRecorded(resolved);
        if (e) page.push(e);
        return !(e && wanted(e, filter));
      });
      // A backward read from an event's position starts before it; skipped all the same should a server include it.
      const until = from;
      const older: RecordedEvent[] = until === null ? page : page.filter((e) => e.position < until);
      const match = older.find((e) => wanted(e, filter));
      if (match) return match.position;
      if (page.length < size || older.length === 0) return null;
      from = older.at(-1)!.position;
    }
  }

  /** O(n) on the server (only matching events are sent). Only for progress bars. */
  async countEvents(filter?: EventFilter): Promise<number> {
    let n = 0;
    await this.filteredScan(null, filter, () => {
      n += 1;
      return true;
    });
    return n;
  }

  /**
   * A forward read of `$all` after `after`, filtered on the server: a filtered subscription that
   * ends when the server says it has caught up or when `visit` returns false. Caught up, it has
   * sent every event indexed when the subscription began (`Enumerator.AllSubscriptionFiltered.cs`
   * `MainLoop`: it goes live at the last indexed position), which includes every write answered
   * before (a write is answered once indexed: `RequestManager/Managers/RequestManagerBase.cs` lines 130–145,
   * `CommitSource.IndexedPosition >= LastEventPosition`); and the client's subscription is a
   * Transform, so the events before `caughtUp` are in its buffer when it is emitted. Events are
   * checked again on the client (both filters; the server takes one).
   */
  private filteredScan(after: Position | null, filter: EventFilter | undefined, visit: (e: RecordedEvent) => boolean): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    const source = this.client.subscribeToAll(
      // Checkpoints are not needed here; a large interval keeps the server from sending many.
      { fromPosition: after ? fromEsdbPosition(after) : START, filter: serverFilter(filter, { checkpointInterval: 1000 }) },
      { highWaterMark: 256 },
    );
    return new Promise<void>((resolve, reject) => {
      let live = false;
      let done = false;
      const finish = (error?: unknown) => {
        if (done) return;
        done = true;
        void source
          .unsubscribe()
          .catch(() => undefined)
          .then(() => {
            source.destroy();
            if (error === undefined) resolve();
            else reject(error instanceof Error ? error : new Error(String(error)));
          });
      };
      const drain = () => {
        let raw: AllStreamResolvedEvent | null;
        while (!done && (raw = source.read() as AllStreamResolvedEvent | null) !== null) {
          const e = toRecorded(raw);
          if (!e || (after !== null && e.position <= after) || !wanted(e, filter)) continue;
          if (!visit(e)) return finish();
        }
        if (live) finish();
      };
      source.on('readable', drain);
      source.on('caughtUp', () => {
        live = true;
        drain();
      });
      source.on('error', finish);
      source.on('end', () => finish(new Error('The EventStoreDB read ended before the server caught up')));
    });
  }

  /**
   * The position the events after `after` can be passed to without missing one the filter
   * matches: the last event read before the first match (or before the end of the log), or null
   * when there is none. It reads `$all` forwards unfiltered, at most GAP_PROBE_MAX events: a live
   * subscription lags the head by fewer than a server checkpoint interval, so this is a small read
   * and exact (every event up to the answer was looked at), where the server's live checkpoints
   * come only every `checkpointInterval` × 32 events (`SubscriptionsService.ProcessEventCommitted`,
   * `CheckpointIntervalCurrent >= CheckpointInterval`, the interval being the multiplier times the
   * search window, 32 by default: `Enumerator.AllSubscriptionFiltered.cs`, `DefaultReadBatchSize`).
   */
  private async probeGap(after: Position | null, filter: EventFilter | undefined): Promise<Position | null> {
    let last: Position | null = null;
    await consume(this.client.readAll({ direction: FORWARDS, fromPosition: after ? fromEsdbPosition(after) : START, maxCount: GAP_PROBE_MAX }), (resolved) => {
      const e = toRecorded(resolved);
      if (!e || (after !== null && e.position <= after)) return true;
      if (wanted(e, filter)) return false;
      last = e.position;
      return true;
    });
    return last;
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
    /** Found by probeGap: nothing the filter matches lies between the scanned position and it. */
    let passable: Position | null = null;
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
        if (passable !== null && (scanned === null || passable > scanned)) scanned = passable;
        report();
        // The server is live (it pushes each event as it is written) and all it sent is handled.
        if (live && !finished) {
          caughtUp = true;
          options.onCaughtUp?.(scanned);
          // This store appended past what was delivered while a batch ran (a command's events, the
          // last of which this subscription skips): look again, once per new scanned position.
          if (ownAppend !== null && (scanned === null || ownAppend > scanned) && scanned !== probedFrom) probe();
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

    /**
     * While caught up, moves the scanned position past events the filter skips without waiting
     * for the server's next checkpoint (see probeGap). A failed probe changes nothing: the next
     * one, or the server's checkpoints, move it.
     */
    let probing: Promise<void> | null = null;
    let probeAgain = false;
    /** Where the last probe started reading, and the last position this store appended. */
    let probedFrom: Position | null | undefined;
    let ownAppend: Position | null = null;
    const probe = () => {
      if (!caughtUp || finished) return;
      if (probing) {
        probeAgain = true;
        return;
      }
      probing = (async () => {
        do {
          probeAgain = false;
          probedFrom = scanned;
          const found = await this.probeGap(scanned, options.filter).catch(() => null);
          if (found !== null && !finished && (passable === null || found > passable)) {
            passable = found;
            pump();
          }
        } while (probeAgain && caughtUp && !finished);
      })().finally(() => (probing = null));
    };
    /** This store appended there: if the subscription is idle before it, look at once. */
    const onAppended = (position: Position) => {
      if (ownAppend === null || position > ownAppend) ownAppend = position;
      if (scanned === null || position > scanned) probe();
    };
    this.appendListeners.add(onAppended);
    // Another process's appends: look when the position has stood still for an interval.
    let standing: Position | null | undefined;
    const timer = setInterval(() => {
      if (scanned === standing) probe();
      standing = scanned;
    }, this.gapProbeIntervalMs);
    timer.unref();

    const finish = async (error?: unknown) => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      this.appendListeners.delete(onAppended);
      held?.release();
      held = null;
      await source.unsubscribe().catch(() => undefined);
      source.destroy();
      // Let a batch in flight complete, as the SQLite adapter's stop does.
      if (pumping) await pumping;
      if (probing) await probing;
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
