import type { Logger } from 'pino';
import type { EventFilter, EventStore, Position, RecordedEvent, Subscription } from '../event-store/event-store';
import { ForeignPositionError } from '../event-store/foreign-position';
import { reactorEvents } from '../metrics/runner-metrics';
import { CheckpointWriter } from '../projection/checkpoint-writer';
import type { ReadStore } from '../read-store/read-store';
import { contextOf, inSpan } from '../tracing/tracer';
import { sleepUnlessWoken, wakeAll } from '../wakeable-sleep';

/**
 * A side effect of events (an email, a call to another system): the read side's counterpart of a
 * projector. `handle` must be idempotent per event id — the runner delivers each event at least
 * once (a crash after the effect and before the checkpoint repeats it), so the effect is keyed by
 * `event.id` (an EmailSender sends a message id once).
 */
export interface Reactor {
  /** Names its checkpoint, `reactor:<name>`; never reuse a name for a different reactor. */
  name: string;
  filter: EventFilter;
  handle(event: RecordedEvent): Promise<void>;
}

export interface ReactorStatus {
  name: string;
  /** Every matching event at or before it has been handled. */
  position: Position | null;
  caughtUp: boolean;
  /** Consecutive failures of the event it is retrying (0 when none). */
  failures: number;
  lastError: string | null;
}

/** The read-store checkpoint of a reactor (beside the projections' own, in the same table). */
export const reactorCheckpoint = (name: string) => `reactor:${name}`;

/** How long to wait before the n-th retry of a failing event: doubling from `initialMs`, capped. */
export const retryDelay = (failures: number, initialMs: number, maxMs: number) => Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1));

/** A rebuild of the read models leaves reactors' checkpoints alone: what the operator does for one. */
export const foreignReactorHint = (name: string) =>
  `Rebuilding the read models does not move reactor "${name}": delete its checkpoint "${reactorCheckpoint(name)}" from the read store's checkpoints to run it over this log from its first event.`;

/** How often, at most, a reactor stores a checkpoint that only scanning moved. */
const SCANNED_CHECKPOINT_MS = 1000;

class Stopped extends Error {}

/**
 * Runs reactors live: each subscribes to $all after its checkpoint and hands every matching event
 * to `handle`, in log order, one at a time. The checkpoint moves past an event only after its
 * handler succeeded; a failing event is retried with a growing back-off (logged each time) and
 * never skipped, so later events wait behind it — a lost email would be worse than a late one.
 * Reactors are independent: one stuck on an event holds up only itself.
 */
export class ReactorRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly status = new Map<string, ReactorStatus>();
  private readonly sleeps = new Set<() => void>();
  private readonly writers = new Map<string, CheckpointWriter>();
  private stopped = false;

  constructor(
    private readonly deps: {
      eventStore: EventStore;
      readStore: ReadStore;
      reactors: readonly Reactor[];
      logger: Logger;
      batchSize?: number;
      /** First retry delay of a failing event, doubled at each failure up to `maxRetryMs`. */
      initialRetryMs?: number;
      maxRetryMs?: number;
    },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await Promise.all(this.deps.reactors.map((r) => this.run(r)));
  }

  private async run(reactor: Reactor): Promise<void> {
    const { eventStore, readStore, logger } = this.deps;
    const checkpoint = reactorCheckpoint(reactor.name);
    // A failed run's last checkpoint write lands before this one reads the checkpoint.
    await this.writers.get(reactor.name)?.close();
    const after = await readStore.getCheckpoint(checkpoint);
    const state: ReactorStatus = { name: reactor.name, position: after, caughtUp: false, failures: 0, lastError: null };
    this.status.set(reactor.name, state);
    const writeFailed = (err: unknown) => logger.warn({ err, reactor: reactor.name }, 'could not store a reactor checkpoint; it is written again later');
    // One checkpoint write at a time, never backwards; positions only scanned past are stored at most once a second.
    const writer = new CheckpointWriter(readStore, checkpoint, after, SCANNED_CHECKPOINT_MS, writeFailed);
    this.writers.set(reactor.name, writer);

    const handled = reactorEvents.labels(reactor.name, 'handled');
    const failed = reactorEvents.labels(reactor.name, 'failed');
    const handleWithRetry = async (event: RecordedEvent) => {
      for (;;) {
        if (this.stopped) throw new Stopped();
        try {
          // A child of the command that recorded the event (its metadata names it), however much later.
          await inSpan(`react ${reactor.name}`, { 'kainga.reactor': reactor.name, 'kainga.event.type': event.type, 'kainga.event.id': event.id }, () => reactor.handle(event), {
            parent: contextOf(event.metadata.traceparent),
          });
          handled.inc();
          state.failures = 0;
          state.lastError = null;
          return;
        } catch (err) {
          failed.inc();
          state.failures += 1;
          state.lastError = err instanceof Error ? err.message : String(err);
          const delay = retryDelay(state.failures, this.deps.initialRetryMs ?? 500, this.deps.maxRetryMs ?? 60_000);
          logger.error({ err, reactor: reactor.name, eventId: event.id, eventType: event.type, failures: state.failures, retryInMs: delay }, 'reactor failed on an event; retrying it');
          await this.sleep(delay);
        }
      }
    };

    let foreign: ForeignPositionError | null = null;
    const subscription = eventStore.subscribe({
      after,
      filter: reactor.filter,
      batchSize: this.deps.batchSize ?? 100,
      onBatch: async (events) => {
        state.caughtUp = false;
        for (const event of events) {
          await handleWithRetry(event);
          // The effect is done: a restart resumes after it (a failed write only repeats it, harmlessly).
          state.position = event.position;
          await writer.store(event.position).catch(writeFailed);
        }
      },
      onCheckpoint: (position) => {
        if (state.position === null || position > state.position) state.position = position;
        // Past events it does not handle: stored now and then, so a restart rescans little.
        writer.scanned(position);
      },
      onCaughtUp: (position) => {
        state.caughtUp = true;
        if (position !== null) void writer.store(position).catch(writeFailed);
      },
      // The server fell behind (EventStoreDB says so before the batches that follow): not caught up.
      onFellBehind: () => {
        state.caughtUp = false;
      },
      onError: (error) => {
        state.caughtUp = false;
        if (this.stopped || error instanceof Stopped) return;
        state.lastError = error instanceof Error ? error.message : String(error);
        // A checkpoint of another log never resumes (issue 51, risk 6): stop and say to rebuild, rather than retry for ever.
        if (error instanceof ForeignPositionError) {
          foreign = error;
          logger.error({ err: error, reactor: reactor.name, checkpoint }, `${error.message} ${foreignReactorHint(reactor.name)}`);
          return;
        }
        // The subscription itself failed (the store went away): start again from the checkpoint.
        logger.error({ err: error, reactor: reactor.name }, 'reactor subscription failed; restarting from its checkpoint');
        void this.sleep(retryDelay(1, this.deps.initialRetryMs ?? 500, this.deps.maxRetryMs ?? 60_000)).then(async () => {
          // A foreign checkpoint met on this restart is logged and kept as lastError (above).
          if (!this.stopped) await this.run(reactor).catch(() => undefined);
        });
      },
    });
    this.subscriptions.set(reactor.name, subscription);
    // Refused at subscribe (the store checks a position before it reads): start() fails with it.
    if (foreign) throw foreign;
  }

  /** Resolves after `ms`, or at once when the runner stops. */
  private sleep(ms: number): Promise<void> {
    return this.stopped ? Promise.resolve() : sleepUnlessWoken(this.sleeps, ms);
  }

  statuses(): ReactorStatus[] {
    return [...this.status.values()].map((s) => ({ ...s }));
  }

  /** Stops every reactor (an event being retried is left for the next start), then stores how far each got. */
  async stop(): Promise<void> {
    this.stopped = true;
    wakeAll(this.sleeps);
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
    await Promise.all([...this.writers.values()].map((w) => w.close()));
  }
}
