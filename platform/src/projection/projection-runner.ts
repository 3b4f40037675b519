import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent, Subscription } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import { physicalWrites, type Projector } from './projector';

export interface ProjectionStatus {
  name: string;
  position: Position | null;
  caughtUp: boolean;
  lastError: string | null;
}

/**
 * Runs projectors live: each subscribes to $all after its checkpoint, and each batch of events
 * is written together with the new checkpoint in one read-store transaction. A crash between
 * batches loses nothing and repeats nothing; a failing projector is restarted from its
 * checkpoint with a growing back-off, while the others carry on.
 */
export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly status = new Map<string, ProjectionStatus>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deps: { eventStore: EventStore; readStore: ReadStore; projectors: readonly Projector[]; logger: Logger; batchSize?: number },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await Promise.all(this.deps.projectors.map((p) => this.run(p, 0)));
  }

  private async run(projector: Projector, failures: number): Promise<void> {
    if (this.stopped) return;
    const { eventStore, readStore, logger } = this.deps;
    const after = await readStore.getCheckpoint(projector.name);
    const state: ProjectionStatus = { name: projector.name, position: after, caughtUp: false, lastError: this.status.get(projector.name)?.lastError ?? null };
    this.status.set(projector.name, state);
    const subscription = eventStore.subscribe({
      after,
      filter: projector.filter,
      batchSize: this.deps.batchSize ?? 500,
      onBatch: async (events) => {
        await applyBatch(readStore, projector, events, projector.name, (c) => c);
        state.position = events[events.length - 1]!.position;
        state.caughtUp = false;
        failures = 0;
      },
      onCaughtUp: () => {
        state.caughtUp = true;
        state.lastError = null;
      },
      onError: (error) => {
        state.lastError = error instanceof Error ? error.message : String(error);
        if (this.stopped) return;
        const delay = Math.min(30_000, 250 * 2 ** failures);
        logger.error({ err: error, projection: projector.name, retryInMs: delay }, 'projection failed; restarting from its checkpoint');
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          void this.run(projector, failures + 1);
        }, delay);
        this.retryTimers.add(timer);
      },
    });
    this.subscriptions.set(projector.name, subscription);
  }

  statuses(): ProjectionStatus[] {
    return [...this.status.values()].map((s) => ({ ...s }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.retryTimers) clearTimeout(t);
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
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
  const writes = events.flatMap((e) => physicalWrites(projector.project(e), e, rename));
  await readStore.commit(writes, { name: checkpointName, position: events[events.length - 1]!.position });
}

/**
 * Read-your-writes for the API: waits until a projection has applied a position (its
 * checkpoint is read from the read store, so this works when projections run elsewhere).
 */
export async function waitForProjection(readStore: ReadStore, name: string, position: Position | null, timeoutMs = 5000): Promise<boolean> {
  if (!position) return true;
  const until = Date.now() + timeoutMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    const checkpoint = await readStore.getCheckpoint(name);
    if (checkpoint !== null && checkpoint >= position) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, delay));
  }
}
