import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { createLogger } from '../logger';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { waitFor } from '../testing/event-store-contract';
import { ReactorRunner, reactorCheckpoint, retryDelay, type Reactor } from './reactor-runner';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const open = () => {
  const dir = mkdtempSync(join(tmpdir(), 'reactor-'));
  return { eventStore: new SqliteEventStore(join(dir, 'e.sqlite')), readStore: new EmbeddedReadStore(join(dir, 'r.sqlite')) };
};
const add = (store: SqliteEventStore, type: string, ns: number[]) =>
  store.append('s', ns.map((n) => ({ id: randomUUID(), type, data: { n }, metadata })), { expectedRevision: 'any' });
const logger = createLogger('silent');

/** Records what it was handed; `fail` decides whether this call throws. */
function recorder(fail: (e: RecordedEvent, call: number) => boolean = () => false) {
  const handled: number[] = [];
  let calls = 0;
  const reactor: Reactor = {
    name: 'rec',
    filter: { eventTypes: ['Ping'] },
    handle: async (e) => {
      calls += 1;
      if (fail(e, calls)) throw new Error('mail server hiccup');
      handled.push((e.data as { n: number }).n);
    },
  };
  return { reactor, handled, calls: () => calls };
}

describe('ReactorRunner', () => {
  it('hands matching events to the reactor in log order, skipping the others', async () => {
    const { eventStore, readStore } = open();
    await add(eventStore, 'Ping', [1, 2]);
    await add(eventStore, 'Other', [99]);
    await add(eventStore, 'Ping', [3]);
    const rec = recorder();
    const runner = new ReactorRunner({ eventStore, readStore, reactors: [rec.reactor], logger, batchSize: 2 });
    await runner.start();
    await waitFor(() => rec.handled.length === 3);
    await add(eventStore, 'Ping', [4]);
    await waitFor(() => rec.handled.length === 4);
    await runner.stop();
    expect(rec.handled).toEqual([1, 2, 3, 4]);
    expect(await readStore.getCheckpoint(reactorCheckpoint('rec'))).toBe(await eventStore.headPosition());
  });

  it('resumes after a restart from its checkpoint without repeating anything', async () => {
    const { eventStore, readStore } = open();
    await add(eventStore, 'Ping', [1, 2, 3]);
    const first = recorder();
    const a = new ReactorRunner({ eventStore, readStore, reactors: [first.reactor], logger });
    await a.start();
    await waitFor(() => first.handled.length === 3);
    await a.stop();
    await add(eventStore, 'Ping', [4, 5]);
    const second = recorder();
    const b = new ReactorRunner({ eventStore, readStore, reactors: [second.reactor], logger });
    await b.start();
    await waitFor(() => second.handled.length === 2);
    await b.stop();
    expect(second.handled).toEqual([4, 5]);
  });

  it('retries a failing event until it succeeds, then carries on in order, never skipping it', async () => {
    const { eventStore, readStore } = open();
    await add(eventStore, 'Ping', [1, 2, 3]);
    // Event 2 fails on its first three attempts.
    let failuresOf2 = 0;
    const rec = recorder((e) => (e.data as { n: number }).n === 2 && ++failuresOf2 <= 3);
    const runner = new ReactorRunner({ eventStore, readStore, reactors: [rec.reactor], logger, initialRetryMs: 1, maxRetryMs: 4 });
    await runner.start();
    await waitFor(() => rec.handled.length === 3);
    await runner.stop();
    expect(rec.handled).toEqual([1, 2, 3]);
    expect(rec.calls()).toBe(6);
    expect(runner.statuses()[0]).toMatchObject({ name: 'rec', failures: 0, lastError: null });
  });

  it('stops while retrying without moving its checkpoint past the failing event, which the next start handles', async () => {
    const { eventStore, readStore } = open();
    await add(eventStore, 'Ping', [1, 2]);
    const stuck = recorder((e) => (e.data as { n: number }).n === 2);
    const a = new ReactorRunner({ eventStore, readStore, reactors: [stuck.reactor], logger, initialRetryMs: 1, maxRetryMs: 2 });
    await a.start();
    await waitFor(() => stuck.calls() >= 3);
    expect(a.statuses()[0]).toMatchObject({ lastError: 'mail server hiccup' });
    await a.stop();
    expect(stuck.handled).toEqual([1]);
    const healed = recorder();
    const b = new ReactorRunner({ eventStore, readStore, reactors: [healed.reactor], logger });
    await b.start();
    await waitFor(() => healed.handled.length === 1);
    await b.stop();
    expect(healed.handled).toEqual([2]);
  });

  it('doubles the retry delay up to its cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 500, 3000))).toEqual([500, 1000, 2000, 3000, 3000]);
  });
});
