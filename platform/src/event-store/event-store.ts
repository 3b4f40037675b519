import type { EventMetadata } from '@kainga/contracts';

/**
 * The EventStore port. Positions are opaque strings made by the adapter that sort
 * lexicographically in log order, so checkpoints can be compared without knowing the adapter.
 */
export type Position = string;

/** 'no_stream' for a new stream, the exact revision of the last event otherwise; 'any' only for non-aggregate streams. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** A UUID; derived from the command's idempotency key so a retry appends nothing twice. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamName: string;
  /** 0-based revision inside its stream. */
  revision: number;
  position: Position;
  recordedAt: string;
  /** Some personal fields of this event were erased (their person's keys destroyed): they read as their erased values. */
  personalDataErased?: boolean;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Position of the last event appended (or of the original append when idempotent). */
  position: Position;
}

export interface EventFilter {
  eventTypes?: readonly string[];
  streamPrefixes?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: read events after this position; from the first event when absent. */
  after?: Position | null;
  filter?: EventFilter;
  limit?: number;
}

export interface SubscribeOptions {
  after?: Position | null;
  filter?: EventFilter;
  /** Most events handed to onBatch at once. */
  batchSize?: number;
  /** Awaited before the next batch is delivered, so a handler never sees events out of order. */
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  /** Called when the subscription ends with an error (the handler threw, or the server went away). */
  onError?: (error: unknown) => void;
  /**
   * The position the subscription has *scanned* to, matching or not: every event at or before it
   * that matches the filter has been handed to onBatch and onBatch has resolved. Resuming with
   * `after` set to it delivers the next matching event and nothing earlier, so it is the
   * checkpoint to keep (as EventStoreDB's `checkpointReached`). Positions only increase; it is
   * called after batches, when the head of the log is reached, and while skipping long runs of
   * events that do not match, so a subscription to rare events need not re-read the log's tail.
   * The embedded store also calls it, while the subscription waits, as its own process appends
   * events that do not match (without reading them back).
   */
  onCheckpoint?: (position: Position) => void;
  /**
   * Called each time the subscription has delivered everything up to the head of the log it knows
   * of: after catch-up, and again after every batch that leaves nothing more to deliver (onBatch
   * has resolved), with the scanned position (as onCheckpoint's; null only when the log is empty
   * and nothing was scanned). Readiness is "the last call was onCaughtUp, not onFellBehind".
   */
  onCaughtUp?: (position: Position | null) => void;
  /**
   * Called when a subscription that last reported caught up finds it has more to deliver: before
   * the batch that ends it reaches onBatch, or when the server says it fell behind. Until the next
   * onCaughtUp the subscription is behind, so a handler never sees a batch while "caught up".
   */
  onFellBehind?: () => void;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Resolves when the subscription ends (stopped or failed). */
  readonly done: Promise<void>;
}

export interface EventStore {
  append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * The events of one stream in order; an empty list when the stream does not exist. `limit`:
   * at most that many from `fromRevision` on (a page of a long stream, or one event by revision).
   */
  readStream(stream: string, options?: { fromRevision?: number; limit?: number }): Promise<RecordedEvent[]>;
  /** A page of `$all` in log order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from `after`, then live. */
  subscribe(options: SubscribeOptions): Subscription;
  /** Position of the last event in the log matching the filter, or null when there is none. */
  headPosition(filter?: EventFilter): Promise<Position | null>;
  /** Number of events matching the filter (for progress bars; may be an estimate on servers). */
  countEvents(filter?: EventFilter): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream} is at ${actual}, expected ${expected}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An event id already used by a different event (another stream or another payload). */
export class DuplicateEventIdError extends Error {
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} was already used by another append`);
    this.name = 'DuplicateEventIdError';
  }
}

export function matchesFilter(e: { type: string; streamName: string }, filter?: EventFilter): boolean {
  if (!filter) return true;
  if (filter.eventTypes && !filter.eventTypes.includes(e.type)) return false;
  if (filter.streamPrefixes && !filter.streamPrefixes.some((p) => e.streamName.startsWith(p))) return false;
  return true;
}

/** Events that only the system writes ($-prefixed in EventStoreDB) are never business events. */
export const isSystemEvent = (e: { type: string; streamName: string }) =>
  e.type.startsWith('$') || e.streamName.startsWith('$');
