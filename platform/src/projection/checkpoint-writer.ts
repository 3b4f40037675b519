import type { Position } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';

/**
 * One projection's (or reactor's) checkpoint writes, one at a time, so a checkpoint never moves back: a batch
 * commits its writes with its last event's position; a scanned position beyond it is stored
 * with an empty write set, at most once per interval (leading and trailing, so the last scanned
 * position always lands within one interval). An idle or rare projection thus writes nothing
 * while nothing is appended and once a second at most under load, and a restart rescans at
 * most about a second of log.
 */
export class CheckpointWriter {
  private stored: Position | null;
  private scannedTo: Position | null;
  private lastWrite = 0;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly readStore: ReadStore,
    private readonly name: string,
    stored: Position | null,
    private readonly intervalMs: number,
    private readonly onWriteError: (error: unknown) => void,
  ) {
    this.stored = stored;
    this.scannedTo = stored;
  }

  /** Runs a batch's commit in turn; `position` is the checkpoint it stores. */
  commit(position: Position, write: () => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      await write();
      if (this.stored === null || position > this.stored) this.stored = position;
      this.lastWrite = Date.now();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stores `position` now, in turn with the other writes, unless a later one is already stored. */
  store(position: Position): Promise<void> {
    return this.commit(position, async () => {
      if (this.stored === null || position > this.stored) await this.readStore.commit([], { name: this.name, position });
    });
  }

  /** The subscription scanned to `position` (everything it handles before it is committed). */
  scanned(position: Position) {
    if (this.scannedTo !== null && position <= this.scannedTo) return;
    this.scannedTo = position;
    if (this.closed || this.timer) return;
    const wait = this.lastWrite + this.intervalMs - Date.now();
    if (wait <= 0) this.storeScanned();
    else {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.storeScanned();
      }, wait);
    }
  }

  private storeScanned() {
    this.queue = this.queue
      .then(async () => {
        const position = this.scannedTo;
        if (position === null || (this.stored !== null && position <= this.stored)) return;
        this.lastWrite = Date.now();
        await this.readStore.commit([], { name: this.name, position });
        this.stored = position;
      })
      .catch(this.onWriteError);
  }

  /** Stores what was scanned and not yet stored, then takes no more writes. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.closed) this.storeScanned();
    this.closed = true;
    await this.queue;
  }
}
