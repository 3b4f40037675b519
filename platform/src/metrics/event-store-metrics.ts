import { Counter, Histogram } from 'prom-client';
import { WrongExpectedRevisionError, type EventFilter, type EventStore, type ExpectedRevision, type NewEvent, type ReadAllOptions, type SubscribeOptions } from '../event-store/event-store';
import { metricsRegistry } from './registry';

export const eventStoreAppendDuration = new Histogram({
  name: 'kainga_event_store_append_duration_seconds',
  help: 'Time one append to the event log takes, by log (sqlite, eventstoredb) and outcome (ok, conflict, error).',
  labelNames: ['store', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const eventStoreAppendedEvents = new Counter({
  name: 'kainga_event_store_appended_events_total',
  help: 'Events appended to the event log (idempotent repeats included), by log.',
  labelNames: ['store'] as const,
  registers: [metricsRegistry],
});

export const eventStoreConflicts = new Counter({
  name: 'kainga_event_store_append_conflicts_total',
  help: 'Appends refused because the stream had moved past the expected revision (a concurrent command), by log.',
  labelNames: ['store'] as const,
  registers: [metricsRegistry],
});

/**
 * The event store with its appends timed and its expected-revision conflicts counted: a
 * decorator, so neither adapter knows about metrics and every caller is measured alike.
 * Reads and subscriptions pass straight through.
 */
export class MeteredEventStore implements EventStore {
  private readonly ok;
  private readonly conflict;
  private readonly error;
  private readonly appended;
  private readonly conflicts;

  constructor(
    private readonly inner: EventStore,
    /** Which log it is (a label): sqlite or eventstoredb. */
    store: string,
  ) {
    this.ok = eventStoreAppendDuration.labels(store, 'ok');
    this.conflict = eventStoreAppendDuration.labels(store, 'conflict');
    this.error = eventStoreAppendDuration.labels(store, 'error');
    this.appended = eventStoreAppendedEvents.labels(store);
    this.conflicts = eventStoreConflicts.labels(store);
  }

  async append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }) {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await this.inner.append(stream, events, options);
      this.ok.observe(seconds());
      this.appended.inc(events.length);
      return result;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        this.conflict.observe(seconds());
        this.conflicts.inc();
      } else {
        this.error.observe(seconds());
      }
      throw error;
    }
  }

  readStream(stream: string, options?: { fromRevision?: number; limit?: number }) {
    return this.inner.readStream(stream, options);
  }

  readAll(options?: ReadAllOptions) {
    return this.inner.readAll(options);
  }

  subscribe(options: SubscribeOptions) {
    return this.inner.subscribe(options);
  }

  headPosition(filter?: EventFilter) {
    return this.inner.headPosition(filter);
  }

  countEvents(filter?: EventFilter) {
    return this.inner.countEvents(filter);
  }

  close() {
    return this.inner.close();
  }
}
