import type { EventFilter, EventStore, ExpectedRevision, NewEvent, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from '../event-store/event-store';
import { SEALED_KEY, type PersonalEventCodec } from './personal-event-codec';

const isSealed = (e: RecordedEvent) => typeof e.data === 'object' && e.data !== null && SEALED_KEY in e.data;

/**
 * The event store every area uses: the log underneath (SQLite or EventStoreDB) only ever holds
 * personal fields sealed (PersonalEventCodec); everything read from it — a stream, `$all`, a
 * subscription — comes back opened, or erased where the person's keys were destroyed. Deciders,
 * projectors and reactors never see the difference, except `personalDataErased` on an event.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly codec: PersonalEventCodec,
  ) {}

  async append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }) {
    // The hot appends (batches of ad impressions) hold no personal field: passed on as they are.
    if (!events.some((e) => this.codec.hasPersonalFields(e.type))) return this.inner.append(stream, events, options);
    const sealed = await Promise.all(events.map(async (e) => ({ ...e, data: await this.codec.seal(e) })));
    return this.inner.append(stream, sealed, options);
  }

  async readStream(stream: string, options?: { fromRevision?: number; limit?: number }) {
    return this.openAll(await this.inner.readStream(stream, options));
  }

  async readAll(options?: ReadAllOptions) {
    return this.openAll(await this.inner.readAll(options));
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({ ...options, onBatch: async (events) => options.onBatch(await this.openAll(events)) });
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

  /**
   * Most of the log holds no personal field (ad impressions, sales): a page of those is answered
   * as it is, without a promise per event, and only sealed events wait for their keys.
   */
  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    if (!events.some(isSealed)) return events;
    return Promise.all(
      events.map(async (e) => {
        if (!isSealed(e)) return e;
        const { data, erased } = await this.codec.open(e);
        return erased ? { ...e, data, personalDataErased: true } : { ...e, data };
      }),
    );
  }
}
