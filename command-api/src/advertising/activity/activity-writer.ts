import { adActivityStream } from '@kainga/contracts';
import { CommandError, MAX_APPEND_BYTES, WrongExpectedRevisionError, appendSizeOf, type EventStore, type ExpectedRevision, type NewEvent } from '@kainga/platform';

/** What a request waits for: its event durable, or the reason it is not. */
interface Pending {
  stream: string;
  event: NewEvent;
  /** Its size as EventStoreDB counts it against MaxAppendSize. */
  bytes: number;
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
  /** Most bytes in one append, counted as EventStoreDB counts them (appendSizeOf); one event alone may exceed it. */
  maxBatchBytes?: number;
  /**
   * Waits before each retry of an append that failed without an answer (a timeout, a dropped
   * connection: it may have been written). The retry sends the same events at the same expected
   * revision, which the store recognises as already written; only when every retry fails do the
   * requests answer 503.
   */
  retryDelaysMs?: readonly number[];
  /** Told of a failed append (its requests answer 503). */
  onError?: (error: unknown, events: number) => void;
}

export const DEFAULT_ACTIVITY_WRITER: ActivityWriterOptions = { maxQueue: 20_000, maxBatch: 2_000, maxBatchBytes: MAX_APPEND_BYTES, retryDelaysMs: [50, 250, 1000] };

/** Conflicts with other writers of the same day stream (other api processes) one batch may meet before it answers 503. */
const MAX_CONFLICTS = 20;

/**
 * Group commit for ad impressions and clicks: every request queues its event; one append per
 * flush writes all those waiting to the day's stream `adActivity-<UTC day>`, and each request is
 * answered only when its append has committed. A batch is at most `maxBatch` events and
 * `maxBatchBytes` bytes (EventStoreDB refuses a larger append whole: see MAX_APPEND_BYTES).
 *
 * Appends are at the stream's known revision, never 'any': EventStoreDB guarantees a retried
 * append is not written twice only at an exact expected revision (see EsdbEventStore; at 'any'
 * it looks the ids up in a bounded cache of recent ones). The writer keeps each stream's revision
 * from its last append, first guesses `no_stream` and learns the real one from the conflict, as
 * it does when another process appended meanwhile (its batch was then not written: the server
 * checks the ids after the expected revision first). An append that failed without an answer is
 * sent again unchanged, so if it had been written the store answers with the original (only an
 * answer lost on every retry leaves it unknown; its requests answer 503).
 *
 * While one append runs, the next requests gather for the following one, so the batch grows with
 * the load and a second costs a handful of appends, not thousands.
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
      this.queue.push({ stream: adActivityStream(event.data.at), event, bytes: appendSizeOf(event), resolve, reject });
      // Requests arriving in the same turn of the event loop share the first append.
      this.flushing ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.batchLength());
        this.inFlight = batch.length;
        // A batch spanning UTC midnight is two appends, each stream in arrival order.
        for (const group of byStream(batch)) await this.append(group);
        this.inFlight = 0;
      }
    } finally {
      this.flushing = null;
    }
  }

  /** How many queued events the next batch takes: within maxBatch and maxBatchBytes, at least one. */
  private batchLength(): number {
    const maxBytes = this.options.maxBatchBytes ?? Infinity;
    let bytes = this.queue[0]!.bytes;
    let n = 1;
    while (n < this.queue.length && n < this.options.maxBatch && bytes + this.queue[n]!.bytes <= maxBytes) bytes += this.queue[n++]!.bytes;
    return n;
  }

  private async append(group: Pending[]): Promise<void> {
    try {
      await this.appendAtKnownRevision(group[0]!.stream, group.map((p) => p.event));
    } catch (error) {
      this.options.onError?.(error, group.length);
      const refusal = new CommandError('unavailable', ACTIVITY_UNAVAILABLE_MESSAGE);
      for (const p of group) p.reject(refusal);
      return;
    }
    for (const p of group) p.resolve();
  }

  /** Each day stream's revision after this writer's last append to it. */
  private readonly revisions = new Map<string, ExpectedRevision>();

  private async appendAtKnownRevision(stream: string, events: NewEvent[]): Promise<void> {
    const delays = this.options.retryDelaysMs ?? [];
    let retries = 0;
    let conflicts = 0;
    for (;;) {
      const expectedRevision = this.revisions.get(stream) ?? 'no_stream';
      try {
        const { nextRevision } = await this.eventStore.append(stream, events, { expectedRevision });
        // An idempotent answer gives the revision of the original write, which others may have passed since: the next conflict tells.
        this.revisions.set(stream, nextRevision);
        return;
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && conflicts < MAX_CONFLICTS) {
          // Not written (the ids after the expected revision are not ours): again at the actual revision.
          conflicts += 1;
          this.revisions.set(stream, error.actual);
          continue;
        }
        if (error instanceof WrongExpectedRevisionError || retries >= delays.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, delays[retries++]));
      }
    }
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
