import { BACKWARDS, END, NO_STREAM, START, StreamNotFoundError, WrongExpectedVersionError, type EventStoreDBClient, type Filter, type Position as EsdbPosition } from '@eventstore/db-client';
import { Transform, type TransformCallback } from 'node:stream';
import type { EsdbEventStore, EsdbEventStoreOptions } from './esdb-event-store';

/** An event in the fake server's log. */
export interface FakeLogEvent {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  position: EsdbPosition;
  data: unknown;
  metadata: unknown;
}

type ClientEvent = { id: string; type: string; data: unknown; metadata?: unknown };
type Expected = 'any' | typeof NO_STREAM | bigint;
export interface SubscribeCall {
  fromPosition: EsdbPosition | typeof START | typeof END;
  filter?: Filter;
}

/**
 * The client's subscription as the adapter sees it: a Transform that, like the client's
 * `Subscription._transform`, passes events on in order, emits `caughtUp` when the server's
 * caught-up message comes through (so every event before it is already in its buffer) and awaits
 * the checkpoint callback before anything after a checkpoint.
 */
class FakeSubscription extends Transform {
  constructor(
    highWaterMark: number,
    private readonly checkpointReached: Filter['checkpointReached'],
  ) {
    super({ objectMode: true, highWaterMark });
  }
  override _transform(message: { caughtUp?: true; checkpoint?: EsdbPosition; event?: unknown }, _encoding: BufferEncoding, next: TransformCallback) {
    if (message.caughtUp) this.emit('caughtUp');
    if (message.checkpoint && this.checkpointReached) {
      void Promise.resolve(this.checkpointReached(this as never, message.checkpoint)).then(() => next());
      return;
    }
    if (message.event) return next(null, message);
    next();
  }
  async unsubscribe() {}
}

const toClient = (e: FakeLogEvent) => ({ event: { ...e, created: new Date(0), isJson: true } });

const before = (a: EsdbPosition, b: EsdbPosition) => a.commit < b.commit || (a.commit === b.commit && a.prepare < b.prepare);
const atOrAfter = (a: EsdbPosition, b: EsdbPosition) => !before(a, b);

/** Whether the server's filter (one regex or prefix list, on event type or stream name) lets an event through. */
function serverMatches(filter: Filter | undefined, e: FakeLogEvent): boolean {
  if (!filter) return true;
  const subject = filter.filterOn === 'eventType' ? e.type : e.streamId;
  if ('prefixes' in filter && filter.prefixes) return filter.prefixes.some((p) => subject.startsWith(p));
  // The adapter's regexes are plain enough to mean the same in JavaScript as in .NET.
  return 'regex' in filter && filter.regex !== undefined ? new RegExp(filter.regex).test(subject) : true;
}

/**
 * A stand-in for KurrentDB at the client's boundary, for unit tests of EsdbEventStore (no server
 * runs here). It keeps a log and answers the client methods the adapter calls, following the
 * server's documented behaviour where the adapter depends on it:
 * - appends check the expected revision as `IndexWriter.CheckCommit` does (KurrentDB
 *   `v26.0.3:src/KurrentDB.Core/Services/Storage/ReaderIndex/IndexWriter.cs`): at an exact
 *   revision (or no stream) a retry whose ids are the events after that revision is idempotent;
 *   at `any` only ids still in its cache of recent ids are recognised (`recentIds` of them);
 * - reads of `$all` include their `fromPosition`, as the server's do;
 * - a subscription is played by the test (`subscription()`), except filtered scans (subscriptions
 *   without a checkpoint callback), which are sent every matching event after their position
 *   and then `caughtUp`, as a filtered subscription that reaches the head.
 */
export class FakeEsdbServer {
  readonly log: FakeLogEvent[] = [];
  readonly readAllCalls: { direction: unknown; fromPosition: unknown; maxCount?: number | bigint }[] = [];
  readonly subscribeCalls: SubscribeCall[] = [];
  /** Appends that commit and then fail (a lost answer: a timeout or a dropped connection). */
  failAfterCommit = 0;
  /** How many recent event ids the server remembers for appends at `any`. */
  recentIds = 1000;
  private main: FakeSubscription | null = null;
  private next = 1;

  /** An EsdbEventStore whose client talks to a new fake server (loaded on demand, as stores.ts loads the adapter). */
  static async open(options?: EsdbEventStoreOptions): Promise<{ store: EsdbEventStore; server: FakeEsdbServer }> {
    const { EsdbEventStore } = await import('./esdb-event-store');
    const store = new EsdbEventStore('esdb://localhost:2113?tls=false', options);
    return { store, server: new FakeEsdbServer().install(store) };
  }

  /** Replaces the client calls of `store` with this server's. */
  install(store: EsdbEventStore): this {
    const client = (store as unknown as { client: EventStoreDBClient }).client as unknown as Record<string, unknown>;
    client.appendToStream = this.appendToStream.bind(this);
    client.readStream = this.readStream.bind(this);
    client.readAll = this.readAll.bind(this);
    client.subscribeToAll = this.subscribeToAll.bind(this);
    return this;
  }

  /** The position of the n-th event written, as the adapter's tests number them. */
  static at(n: number): EsdbPosition {
    return { commit: BigInt(n * 100), prepare: BigInt(n * 100) };
  }

  /** Writes events as another process would (no answer to anyone here). */
  write(streamId: string, ...events: { id: string; type: string }[]): FakeLogEvent[] {
    const last = this.log.filter((e) => e.streamId === streamId).at(-1)?.revision ?? -1n;
    return events.map((e, i) => {
      const logged = { id: e.id, type: e.type, streamId, revision: last + 1n + BigInt(i), position: FakeEsdbServer.at(this.next++), data: {}, metadata: {} };
      this.log.push(logged);
      return logged;
    });
  }

  /** The subscription the adapter opened with a checkpoint callback (a projection's, say), as its server. */
  subscription() {
    const source = this.main;
    if (!source) throw new Error('No subscription is open');
    return {
      send: (...events: FakeLogEvent[]) => {
        for (const e of events) source.write(toClient(e));
      },
      caughtUp: () => source.write({ caughtUp: true }),
      checkpoint: (position: EsdbPosition) => source.write({ checkpoint: position }),
    };
  }

  private async appendToStream(streamId: string, events: ClientEvent | ClientEvent[], { expectedRevision = 'any' }: { expectedRevision?: Expected } = {}) {
    await Promise.resolve();
    const proposed = Array.isArray(events) ? events : [events];
    const stream = this.log.filter((e) => e.streamId === streamId);
    const current = stream.at(-1)?.revision ?? -1n;
    const wrong = () =>
      new WrongExpectedVersionError(undefined, { streamName: streamId, expected: expectedRevision === 'any' ? 'any' : expectedRevision, current: current < 0n ? NO_STREAM : current } as never);
    const idempotent = (startAt: bigint) => {
      const matches = proposed.every((p, i) => stream.find((e) => e.revision === startAt + BigInt(i))?.id === p.id);
      return matches ? { success: true, nextExpectedRevision: startAt + BigInt(proposed.length) - 1n, position: undefined } : null;
    };
    if (expectedRevision === 'any') {
      // Only the cache of recent ids is looked at (IndexWriter.cs lines 198–254, "weak idempotency checks").
      const remembered = this.log.slice(-this.recentIds);
      const first = remembered.find((e) => e.id === proposed[0]!.id && e.streamId === streamId);
      if (first) {
        const again = idempotent(first.revision);
        if (again) return again;
      }
    } else {
      const expected = expectedRevision === NO_STREAM ? -1n : expectedRevision;
      if (expected > current) throw wrong();
      if (expected < current) {
        // Lines 257–320, "strong idempotency checks": the events after the expected revision must be these, else it is a conflict.
        const again = idempotent(expected + 1n);
        if (again) return again;
        throw wrong();
      }
    }
    const written = this.write(streamId, ...proposed.map((p) => ({ id: p.id, type: p.type })));
    written.forEach((w, i) => Object.assign(w, { data: proposed[i]!.data, metadata: proposed[i]!.metadata ?? {} }));
    if (this.failAfterCommit > 0) {
      this.failAfterCommit -= 1;
      throw new Error('Deadline exceeded');
    }
    const last = written.at(-1)!;
    return { success: true, nextExpectedRevision: last.revision, position: last.position };
  }

  private readStream(streamId: string, { fromRevision = START, maxCount }: { fromRevision?: bigint | typeof START; maxCount?: number | bigint } = {}) {
    const from = fromRevision === START ? 0n : fromRevision;
    const events = this.log.filter((e) => e.streamId === streamId && e.revision >= from).slice(0, maxCount === undefined ? undefined : Number(maxCount));
    const exists = this.log.some((e) => e.streamId === streamId);
    return (async function* () {
      await Promise.resolve();
      if (!exists) throw new StreamNotFoundError(undefined, streamId as never);
      for (const e of events) yield toClient(e);
    })();
  }

  private readAll({ direction, fromPosition = START, maxCount }: { direction?: unknown; fromPosition?: EsdbPosition | typeof START | typeof END; maxCount?: number | bigint } = {}) {
    this.readAllCalls.push({ direction, fromPosition, ...(maxCount === undefined ? {} : { maxCount }) });
    let events: FakeLogEvent[];
    if (direction === BACKWARDS) events = [...this.log].reverse().filter((e) => fromPosition === END || fromPosition === START || before(e.position, fromPosition));
    else events = this.log.filter((e) => fromPosition === START || fromPosition === END || atOrAfter(e.position, fromPosition));
    events = events.slice(0, maxCount === undefined ? undefined : Number(maxCount));
    let cancelled = false;
    const iterator = (async function* () {
      for (const e of events) {
        await Promise.resolve();
        if (cancelled) return;
        yield toClient(e);
      }
    })();
    return Object.assign(iterator, {
      cancel: async () => {
        cancelled = true;
      },
    });
  }

  private subscribeToAll({ fromPosition = START, filter }: SubscribeCall, readable: { highWaterMark?: number } = {}) {
    this.subscribeCalls.push({ fromPosition, ...(filter ? { filter } : {}) });
    const source = new FakeSubscription(readable.highWaterMark ?? 16, filter?.checkpointReached);
    if (filter?.checkpointReached) return (this.main = source);
    // A filtered scan: what the server would send after the position (it skips events at or
    // before it), then caughtUp.
    const after = fromPosition;
    setImmediate(() => {
      for (const e of this.log) {
        if (after === END || (after !== START && !before(after, e.position))) continue;
        if (serverMatches(filter, e)) source.write(toClient(e));
      }
      source.write({ caughtUp: true });
    });
    return source;
  }
}
