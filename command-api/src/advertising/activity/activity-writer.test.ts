import { CommandError, SqliteEventStore, WrongExpectedRevisionError, appendSizeOf, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '@kainga/platform';
import { FakeEsdbServer } from '@kainga/platform/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_BUSY_MESSAGE, ACTIVITY_UNAVAILABLE_MESSAGE, AdActivityWriter } from './activity-writer';

/** An event store that records its appends, checks expected revisions, and fails them while `failing` is set. */
function fakeStore() {
  const appends: { stream: string; ids: string[]; expectedRevision: ExpectedRevision }[] = [];
  const revisions = new Map<string, number>();
  const store = {
    failing: false,
    appends,
    /** Another process appends `n` events to the stream. */
    elsewhere(stream: string, n: number) {
      revisions.set(stream, (revisions.get(stream) ?? -1) + n);
    },
    async append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
      await Promise.resolve();
      if (store.failing) throw new Error('disk full');
      const current = revisions.get(stream) ?? 'no_stream';
      if (options.expectedRevision !== current) throw new WrongExpectedRevisionError(stream, options.expectedRevision, current);
      appends.push({ stream, ids: events.map((e) => e.id), expectedRevision: options.expectedRevision });
      const nextRevision = (current === 'no_stream' ? -1 : current) + events.length;
      revisions.set(stream, nextRevision);
      return { nextRevision, position: '1' };
    },
  };
  return store;
}
const impression = (id: string, at = '2026-03-01T10:00:00.000Z') => ({
  id,
  type: 'AdImpressionRecorded',
  data: { at },
  metadata: { actorId: null, actorRoles: [], correlationId: id, causationId: null, occurredAt: at },
});

describe('AdActivityWriter', () => {
  it('writes requests arriving together in one append to the UTC day stream, in arrival order, answering each once durable', async () => {
    const store = fakeStore();
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 100, maxBatch: 100 });
    await Promise.all(['a', 'b', 'c'].map((id) => writer.record(impression(id))));
    expect(store.appends).toEqual([{ stream: 'adActivity-2026-03-01', ids: ['a', 'b', 'c'], expectedRevision: 'no_stream' }]);
  });

  it('splits a batch at UTC midnight and at maxBatch, keeping the order', async () => {
    const store = fakeStore();
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 100, maxBatch: 3 });
    await Promise.all([writer.record(impression('a', '2026-03-01T23:59:59.999Z')), writer.record(impression('b', '2026-03-02T00:00:00.000Z')), writer.record(impression('c', '2026-03-01T23:59:59.999Z')), writer.record(impression('d', '2026-03-02T00:00:01.000Z'))]);
    expect(store.appends.map((a) => [a.stream, a.ids])).toEqual([
      ['adActivity-2026-03-01', ['a', 'c']],
      ['adActivity-2026-03-02', ['b']],
      ['adActivity-2026-03-02', ['d']],
    ]);
  });

  it('answers every request of a failed append with 503, and carries on', async () => {
    const store = fakeStore();
    const errors: number[] = [];
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 100, maxBatch: 100, onError: (_e, n) => errors.push(n) });
    store.failing = true;
    const failed = await Promise.allSettled([writer.record(impression('a')), writer.record(impression('b'))]);
    expect(failed.map((r) => r.status === 'rejected' && r.reason instanceof CommandError && r.reason.kind === 'unavailable' && r.reason.message === ACTIVITY_UNAVAILABLE_MESSAGE)).toEqual([true, true]);
    expect(errors).toEqual([2]);
    store.failing = false;
    await writer.record(impression('c'));
    expect(store.appends.map((a) => a.ids)).toEqual([['c']]);
  });

  it('refuses at once beyond maxQueue, and after close; close waits for what it accepted', async () => {
    const store = fakeStore();
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 2, maxBatch: 100 });
    const accepted = [writer.record(impression('a')), writer.record(impression('b'))];
    await expect(writer.record(impression('c'))).rejects.toThrow(ACTIVITY_BUSY_MESSAGE);
    await writer.close();
    await Promise.all(accepted);
    expect(store.appends.map((a) => a.ids)).toEqual([['a', 'b']]);
    await expect(writer.record(impression('d'))).rejects.toThrow(ACTIVITY_BUSY_MESSAGE);
  });

  it('appends at the stream’s revision, learning it from a conflict when another process appended', async () => {
    const store = fakeStore();
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 100, maxBatch: 100 });
    store.elsewhere('adActivity-2026-03-01', 3);
    await writer.record(impression('a'));
    await writer.record(impression('b'));
    store.elsewhere('adActivity-2026-03-01', 1);
    await writer.record(impression('c'));
    expect(store.appends.map((a) => [a.ids, a.expectedRevision])).toEqual([
      [['a'], 2],
      [['b'], 3],
      [['c'], 5],
    ]);
  });

  it('bounds a batch by bytes as the server counts them, as well as by count', async () => {
    const store = fakeStore();
    const events = ['a', 'b', 'c', 'd', 'e'].map((id) => impression(id));
    const size = appendSizeOf(events[0]!);
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 100, maxBatch: 100, maxBatchBytes: 2 * size });
    await Promise.all(events.map((e) => writer.record(e)));
    expect(store.appends.map((a) => a.ids)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('retries an append that failed without an answer, and answers 503 only when every retry failed', async () => {
    const store = fakeStore();
    const errors: number[] = [];
    const writer = new AdActivityWriter(store as unknown as EventStore, { maxQueue: 100, maxBatch: 100, retryDelaysMs: [0, 0], onError: (_e, n) => errors.push(n) });
    const original = store.append.bind(store);
    let failures = 2;
    store.append = async (...args) => (failures-- > 0 ? Promise.reject(new Error('connection reset')) : original(...args));
    await writer.record(impression('a'));
    expect(store.appends.map((a) => a.ids)).toEqual([['a']]);
    failures = 3;
    await expect(writer.record(impression('b'))).rejects.toThrow(ACTIVITY_UNAVAILABLE_MESSAGE);
    expect(errors).toEqual([1]);
  });
});

/** Risk 1 of issue 51: an append whose answer was lost (written, then a timeout) and retried. */
describe('AdActivityWriter retrying a written batch', () => {
  /** Fails the first append after it was written, as a timeout after the server committed would. */
  function loseFirstAnswer(store: EventStore) {
    const append = store.append.bind(store);
    let lost = false;
    store.append = async (...args) => {
      const result = await append(...args);
      if (!lost) {
        lost = true;
        throw new Error('Deadline exceeded');
      }
      return result;
    };
  }

  it('on the embedded store: each event is stored once', async () => {
    const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'activity-writer-')), 'e.sqlite'));
    const writer = new AdActivityWriter(store, { maxQueue: 100, maxBatch: 100, retryDelaysMs: [0] });
    await writer.record(impression('00000000-0000-4000-8000-000000000001'));
    loseFirstAnswer(store);
    await Promise.all(['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'].map((id) => writer.record(impression(id))));
    expect((await store.readStream('adActivity-2026-03-01')).map((e) => e.id.slice(-1))).toEqual(['1', '2', '3']);
    await writer.close();
    await store.close();
  });

  it('on EventStoreDB (its client faked at the boundary, answering as the server does): each event is stored once', async () => {
    const { store, server } = await FakeEsdbServer.open();
    // The server has forgotten the ids of recent appends at 'any' (its cache is bounded): only the revision saves the retry.
    server.recentIds = 0;
    server.write('adActivity-2026-03-01', { id: 'elsewhere', type: 'AdImpressionRecorded' });
    const writer = new AdActivityWriter(store, { maxQueue: 100, maxBatch: 100, retryDelaysMs: [0] });
    server.failAfterCommit = 1;
    await Promise.all(['a', 'b'].map((id) => writer.record(impression(id))));
    await writer.record(impression('c'));
    expect(server.log.map((e) => e.id)).toEqual(['elsewhere', 'a', 'b', 'c']);
    await writer.close();
    await store.close();
  });
});
