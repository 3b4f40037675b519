import { CommandError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '@kainga/platform';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_BUSY_MESSAGE, ACTIVITY_UNAVAILABLE_MESSAGE, AdActivityWriter } from './activity-writer';

/** An event store that records its appends, and fails them while `failing` is set. */
function fakeStore() {
  const appends: { stream: string; ids: string[]; expectedRevision: ExpectedRevision }[] = [];
  const store = {
    failing: false,
    appends,
    async append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
      await Promise.resolve();
      if (store.failing) throw new Error('disk full');
      appends.push({ stream, ids: events.map((e) => e.id), expectedRevision: options.expectedRevision });
      return { nextRevision: 0, position: '1' };
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
    expect(store.appends).toEqual([{ stream: 'adActivity-2026-03-01', ids: ['a', 'b', 'c'], expectedRevision: 'any' }]);
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
});
