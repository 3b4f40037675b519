import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent, Subscription } from '../event-store/event-store';
import { ForeignPositionError } from '../event-store/foreign-position';
import { projectedEvents, projectionFailures } from '../metrics/runner-metrics';
import type { ReadStore } from '../read-store/read-store';
import { CheckpointWriter } from './checkpoint-writer';
import { batchWrites, type Projector } from './projector';
import { sleepUnlessWoken, wakeAll } from '../wakeable-sleep';

export interface ProjectionStatus {
  name: string;
  /** The position scanned to: every event at or before it that the projection handles is applied. */
  position: Position | null;
  /**
   * Everything up to the head of the log the subscription knows of is applied: set by each
   * onCaughtUp (after catch-up and after every batch that leaves nothing more), cleared when a
   * batch arrives, when the subscription falls behind and when it fails.
   */
  caughtUp: boolean;
  lastError: string | null;
}

/**
 * How often, at most, a projection stores a checkpoint that no event of its own moved: the
 * position it scanned past events it does not handle.
 */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * The projections running in this process, by read store: what each has applied, read from
 * memory. waitForProjection asks them first, so read-your-writes never waits for a stored
 * checkpoint that is written at most once a second.
 */
const runningHere = new WeakMap<ReadStore, Map<string, Progress>>();

/**
 * What a projection running here has applied, and a way to wait for it to move: a waiter is woken
 * by the projection's next advance rather than polling. Polling every 1, 2, 4… ms overshot each
 * wait by up to its last interval; a warm POST /api/valuations waits once, for the `valuations`
 * projection to apply the result, a few milliseconds after the workflow records it.
 */
class Progress {
  private readonly wakers = new Set<() => void>();
  constructor(public position: () => Position | null) {}

  /** Resolves at the next advance (or stop), or after `ms` at the latest. */
  next(ms: number): Promise<void> {
    return sleepUnlessWoken(this.wakers, ms);
  }

  wake() {
    wakeAll(this.wakers);
  }
}

/**
 * Runs projectors live: each subscribes to $all after its checkpoint, and each batch of events
 * is written together with the new checkpoint in one read-store transaction. A crash between
 * batches loses nothing and repeats nothing; a failing projector is restarted from its
 * checkpoint with a growing back-off, while the others carry on.
 *
 * The checkpoint also moves past events a projector does not handle (the subscription's scanned
 * position), so a projection of rare events resumes near the head instead of re-reading the
 * log's tail. Those moves are written with an empty write set, throttled (see CheckpointWriter).
 */
export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly status = new Map<string, ProjectionStatus>();
  private readonly writers = new Map<string, CheckpointWriter>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deps: {
      eventStore: EventStore;
      readStore: ReadStore;
      projectors: readonly Projector[];
      logger: Logger;
      batchSize?: number;
      /** Least time between two checkpoint-only writes of one projection. */
      checkpointIntervalMs?: number;
    },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await Promise.all(this.deps.projectors.map((p) => this.run(p, 0)));
  }

  private async run(projector: Projector, failures: number): Promise<void> {
    if (this.stopped) return;
    const { eventStore, readStore, logger } = this.deps;
    // A failed run's last checkpoint write lands before this one reads the checkpoint.
    await this.writers.get(projector.name)?.close();
    const after = await readStore.getCheckpoint(projector.name);
    const state: ProjectionStatus = { name: projector.name, position: after, caughtUp: false, lastError: this.status.get(projector.name)?.lastError ?? null };
    this.status.set(projector.name, state);
    const writer = new CheckpointWriter(readStore, projector.name, after, this.deps.checkpointIntervalMs ?? CHECKPOINT_INTERVAL_MS, (err) =>
      logger.warn({ err, projection: projector.name }, 'could not store a projection checkpoint; it is written again later'),
    );
    this.writers.set(projector.name, writer);
    let local = runningHere.get(readStore);
    if (!local) runningHere.set(readStore, (local = new Map()));
    // The same Progress across restarts after a failure, so its waiters are woken by the new run.
    const progress = local.get(projector.name) ?? new Progress(() => state.position);
    progress.position = () => state.position;
    local.set(projector.name, progress);

    const advance = (position: Position) => {
      if (state.position === null || position > state.position) {
        state.position = position;
        progress.wake();
      }
    };
    let foreign: ForeignPositionError | null = null;
    const subscription = eventStore.subscribe({
      after,
      filter: projector.filter,
      batchSize: this.deps.batchSize ?? 500,
      onBatch: async (events) => {
        // Behind from the moment there are events to apply until the subscription reports caught
        // up again after them (cleared here, not after the apply, which onCaughtUp follows at once).
        state.caughtUp = false;
        const last = events[events.length - 1]!.position;
        await writer.commit(last, () => applyBatch(readStore, projector, events, projector.name, (c) => c));
        advance(last);
        projectedEvents.inc({ projection: projector.name }, events.length);
        failures = 0;
      },
      onCheckpoint: (position) => {
        advance(position);
        writer.scanned(position);
      },
      onCaughtUp: () => {
        state.caughtUp = true;
        state.lastError = null;
      },
      onFellBehind: () => {
        state.caughtUp = false;
      },
      onError: (error) => {
        state.caughtUp = false;
        state.lastError = error instanceof Error ? error.message : String(error);
        if (this.stopped) return;
        // A checkpoint of another log never resumes: stop and say to rebuild, rather than retry for ever.
        if (error instanceof ForeignPositionError) {
          foreign = error;
          logger.error({ err: error, projection: projector.name }, error.message);
          return;
        }
        projectionFailures.inc({ projection: projector.name });
        const delay = Math.min(30_000, 250 * 2 ** failures);
        logger.error({ err: error, projection: projector.name, retryInMs: delay }, 'projection failed; restarting from its checkpoint');
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          // A foreign checkpoint met on a restart is logged and kept as lastError (see onError).
          void this.run(projector, failures + 1).catch(() => undefined);
        }, delay);
        this.retryTimers.add(timer);
      },
    });
    this.subscriptions.set(projector.name, subscription);
    // Refused at subscribe (the store checks a position before it reads): start() fails with it.
    if (foreign) throw foreign;
  }

  statuses(): ProjectionStatus[] {
    return [...this.status.values()].map((s) => ({ ...s }));
  }

  /** Stops every subscription, then stores how far each scanned, so a restart resumes there. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.retryTimers) clearTimeout(t);
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
    await Promise.all([...this.writers.values()].map((w) => w.close()));
    const local = runningHere.get(this.deps.readStore);
    for (const p of this.deps.projectors) {
      // Its waiters look again, at the stored checkpoint from now on.
      const progress = local?.get(p.name);
      local?.delete(p.name);
      progress?.wake();
    }
  }
}

/** Projects a batch of events and commits the writes with the checkpoint, atomically. */
export async function applyBatch(
  readStore: ReadStore,
  projector: Projector,
  events: readonly RecordedEvent[],
  checkpointName: string,
  rename: (logical: string) => string,
): Promise<void> {
  const writes = batchWrites(projector, events, rename);
  await readStore.commit(writes, { name: checkpointName, position: events[events.length - 1]!.position });
}

/**
 * Read-your-writes for the API: waits until a projection has applied a position, whether or not
 * the projection handles the event there. A projection running in this process is asked from
 * memory (exact, and at once) and wakes the wait when it moves; otherwise its stored checkpoint
 * is read from the read store, which trails by at most CHECKPOINT_INTERVAL_MS for events the
 * projection does not handle.
 */
export async function waitForProjection(readStore: ReadStore, name: string, position: Position | null, timeoutMs = 5000): Promise<boolean> {
  if (!position) return true;
  const until = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    const here = runningHere.get(readStore)?.get(name);
    const applied = here ? here.position() : await readStore.getCheckpoint(name);
    if (applied !== null && applied >= position) return true;
    const left = until - Date.now();
    if (left < 0) return false;
    // Here: woken when the projection moves (looked at again every 50 ms all the same).
    await (here ? here.next(Math.min(left + 1, 50)) : new Promise((r) => setTimeout(r, delay)));
  }
}

/**
 * Read-your-writes after a command on `stream`: waits until projection `name` has applied what
 * the command appended or, when it appended nothing (a retry already applied, a change already
 * made), the stream's last event, which the answer is read from all the same.
 */
export async function waitForCommand(stores: { eventStore: EventStore; readStore: ReadStore }, name: string, stream: string, result: { position: Position | null }): Promise<boolean> {
  const position = result.position ?? (await stores.eventStore.readStream(stream)).at(-1)?.position ?? null;
  return waitForProjection(stores.readStore, name, position);
}
