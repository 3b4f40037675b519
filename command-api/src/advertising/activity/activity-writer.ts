import { adActivityStream } from '@kainga/contracts';
import { CommandError, type EventStore, type NewEvent } from '@kainga/platform';

/** What a request waits for: its event durable, or the reason it is not. */
interface Pending {
  stream: string;
  event: NewEvent;
  resolve: () => void;
  reject: (error: Error) => void;
}

export const ACTIVITY_BUSY_MESSAGE = 'Too many advert events are waiting to be recorded; please try again shortly.';
export const ACTIVITY_UNAVAILABLE_MESSAGE = 'The advert event could not be recorded; please try again shortly.';

export interface ActivityWriterOptions {
  /** Most events waiting (queued and being written); one more is refused at once (503), never dropped later. */
  maxQueue: number;
  /** Most events in one append. */
  maxBatch: number;
  /** Told of a failed append (its requests answer 503). */
  onError?: (error: unknown, events: number) => void;
}

export const DEFAULT_ACTIVITY_WRITER: ActivityWriterOptions = { maxQueue: 20_000, maxBatch: 2_000 };

/**
 * Group commit for ad impressions and clicks: every request queues its event; one append per
 * flush writes all those waiting to the day's stream `adActivity-<UTC day>` (expected revision
 * 'any': the stream is a log of facts, not an aggregate), and each request is answered only when
 * its append has committed. While one append runs, the next requests gather for the following
 * one, so the batch grows with the load and a second costs a handful of appends, not thousands.
 *
 * Nothing is lost silently: a full queue refuses at once, a failed append answers every request
 * of it with 503 (the browser may send it again), and close() waits for what was accepted. The
 * streams stay in order: one writer per process appends one batch at a time, in arrival order.
 */
export class AdActivityWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly options: ActivityWriterOptions = DEFAULT_ACTIVITY_WRITER,
  ) {}

  /** Events waiting now (queued or in the append under way). */
  get waiting(): number {
    return this.queue.length + this.inFlight;
  }
  private inFlight = 0;

  /** Resolves when the event is durable in its day's stream; rejects with a 503 CommandError otherwise. */
  record(event: NewEvent & { data: { at: string } }): Promise<void> {
    if (this.closed || this.waiting >= this.options.maxQueue) return Promise.reject(new CommandError('unavailable', ACTIVITY_BUSY_MESSAGE));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ stream: adActivityStream(event.data.at), event, resolve, reject });
      // Requests arriving in the same turn of the event loop share the first append.
      this.flushing ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch);
        this.inFlight = batch.length;
        // A batch spanning UTC midnight is two appends, each stream in arrival order.
        for (const group of byStream(batch)) await this.append(group);
        this.inFlight = 0;
      }
    } finally {
      this.flushing = null;
    }
  }

  private async append(group: Pending[]): Promise<void> {
    try {
      await this.eventStore.append(group[0]!.stream, group.map((p) => p.event), { expectedRevision: 'any' });
    } catch (error) {
      this.options.onError?.(error, group.length);
      const refusal = new CommandError('unavailable', ACTIVITY_UNAVAILABLE_MESSAGE);
      for (const p of group) p.reject(refusal);
      return;
    }
    for (const p of group) p.resolve();
  }

  /** Refuses new events and waits until every accepted one is answered. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing) await this.flushing;
  }
}

/** Items grouped by their stream, each group in arrival order (the filtered-traffic tally groups its events the same way). */
export function byStream<T extends { stream: string }>(batch: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const p of batch) {
    const group = groups.get(p.stream);
    if (group) group.push(p);
    else groups.set(p.stream, [p]);
  }
  return [...groups.values()];
}
