import type { EventMetadata } from '@kainga/contracts';
import { WrongExpectedRevisionError, type EventStore, type Position, type RecordedEvent } from '../event-store/event-store';
import type { Decider, DomainEvent } from './decider';
import { CommandError } from './errors';
import { eventIdFor } from './event-id';
import { activeTraceparent, inSpan, streamCategory } from '../tracing/tracer';

export interface CommandContext {
  /** The same key for a retried request makes the retry append nothing new. */
  idempotencyKey: string;
  metadata: EventMetadata;
}

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** Revision of the stream after the command; -1 for a stream that still does not exist. */
  revision: number;
  /** Log position of the last event appended (null when the command appended nothing). */
  position: Position | null;
  /** True when an earlier run with the same idempotency key had already appended these events. */
  alreadyApplied: boolean;
}

const MAX_ATTEMPTS = 5;

/**
 * The one command handler: read the stream, fold it with `evolve`, `decide`, append with the
 * expected revision (no_stream for a new stream, never "any"), and on a concurrent write start
 * over with the fresh state a few times before giving up with a conflict.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  stream: string,
  command: Command,
  context: CommandContext,
  /** More attempts for a stream many writers share at once (a coupon's redemptions): each attempt lets at least one through. */
  { maxAttempts = MAX_ATTEMPTS }: { maxAttempts?: number } = {},
): Promise<CommandResult<State, Event>> {
  // One span per command, under the request's or activity's; its events carry it, so what reacts
  // to them later (reactors, workflows) continues the same trace.
  return inSpan(`command ${streamCategory(stream)}`, { 'kainga.stream.category': streamCategory(stream) }, async (span) => {
    const result = await decideAndAppend(store, decider, stream, command, context, maxAttempts, (attempt) => span.setAttribute('kainga.command.attempts', attempt));
    span.setAttributes({ 'kainga.command.events': result.events.length, 'kainga.command.already_applied': result.alreadyApplied });
    return result;
  });
}

async function decideAndAppend<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  stream: string,
  command: Command,
  context: CommandContext,
  maxAttempts: number,
  onAttempt: (attempt: number) => void,
): Promise<CommandResult<State, Event>> {
  const traceparent = activeTraceparent();
  const metadata = traceparent ? { ...context.metadata, traceparent } : context.metadata;
  for (let attempt = 1; ; attempt++) {
    onAttempt(attempt);
    const { state, revision, history } = await loadAggregate(store, decider, stream);

    // A retry of a command that already landed: answer as the first time, append nothing.
    const already = eventsOfKey(history, context.idempotencyKey, stream);
    if (already.length > 0) {
      return { state, events: already.map((e) => ({ type: e.type, data: e.data }) as Event), revision, position: already.at(-1)!.position, alreadyApplied: true };
    }

    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, revision, position: null, alreadyApplied: false };
    try {
      const result = await store.append(
        stream,
        events.map((e, i) => ({ id: eventIdFor(context.idempotencyKey, stream, i), type: e.type, data: e.data, metadata })),
        { expectedRevision: revision < 0 ? 'no_stream' : revision },
      );
      const next = events.reduce(decider.evolve, state);
      return { state: next, events, revision: result.nextRevision, position: result.position, alreadyApplied: false };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) continue;
      if (error instanceof WrongExpectedRevisionError) {
        throw new CommandError('conflict', 'This record was changed by someone else at the same time. Please try again.');
      }
      throw error;
    }
  }
}

/** Folds a stream into state without deciding anything (also for routes that only read an aggregate). */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  stream: string,
): Promise<{ state: State; revision: number; history: RecordedEvent[] }> {
  const history = await store.readStream(stream);
  let state = decider.initialState();
  for (const e of history) state = decider.evolve(state, { type: e.type, data: e.data } as Event);
  return { state, revision: history.length === 0 ? -1 : history[history.length - 1]!.revision, history };
}

/** The events an earlier run of the same command (same idempotency key) appended, in order. */
function eventsOfKey(history: readonly RecordedEvent[], key: string, stream: string): RecordedEvent[] {
  const byId = new Map(history.map((e) => [e.id, e]));
  const found: RecordedEvent[] = [];
  for (let i = 0; byId.has(eventIdFor(key, stream, i)); i++) found.push(byId.get(eventIdFor(key, stream, i))!);
  return found;
}
