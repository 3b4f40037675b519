import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { createLogger } from '../logger';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import type { CollectionWrite } from '../read-store/read-store';
import { waitFor } from '../testing/event-store-contract';
import { ProjectionRunner, waitForCommand, waitForProjection } from './projection-runner';
import type { Projector } from './projector';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const open = () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-'));
  return { eventStore: new SqliteEventStore(join(dir, 'e.sqlite')), readStore: new EmbeddedReadStore(join(dir, 'r.sqlite')), dir };
};
const add = (store: SqliteEventStore, stream: string, n: number) =>
  store.append(stream, Array.from({ length: n }, () => ({ id: randomUUID(), type: 'Counted', data: {}, metadata })), { expectedRevision: 'any' });

/** Events the counter does not handle. */
const other = (store: SqliteEventStore, stream: string, n: number) =>
  store.append(stream, Array.from({ length: n }, () => ({ id: randomUUID(), type: 'Other', data: {}, metadata })), { expectedRevision: 'any' });

/** Counts events per stream with $inc: any event applied twice would show. */
const counter = (fail?: () => boolean): Projector => ({
  name: 'counter',
  collections: ['counts'],
  filter: { eventTypes: ['Counted'] },
  project: (e) => {
    if (fail?.()) throw new Error('projector hiccup');
    return [{ collection: 'counts', updateOne: { filter: { _id: e.streamName }, update: { $inc: { n: 1 } }, upsert: true } }];
  },
});
const count = async (rs: EmbeddedReadStore, id: string) => (await rs.collection('counts').findOne({ _id: id }))?.['n'];

describe('waitForCommand', () => {
  it('after a command that appended nothing, waits for what its stream already holds', async () => {
    const { eventStore, readStore } = open();
    await add(eventStore, 'a', 3);
    // Nothing projects yet: the wait must still be waiting when the runner starts.
    // What the read model holds the moment the wait ends is what the answer would be read from.
    const waiting = waitForCommand({ eventStore, readStore }, 'counter', 'a', { position: null }).then(async (ok) => ({ ok, n: await count(readStore, 'a') }));
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [counter()], logger: createLogger('silent') });
    await runner.start();
    expect(await waiting).toEqual({ ok: true, n: 3 });
    await runner.stop();
  });
});

describe('ProjectionRunner', () => {
  // A test that fakes timers and fails midway must not leave them faked for the next.
  afterEach(() => void vi.useRealTimers());

  it('projects live and resumes after a stop without applying anything twice', async () => {
    const { eventStore, readStore } = open();
    const logger = createLogger('silent');
    await add(eventStore, 'a', 1200);
    const first = new ProjectionRunner({ eventStore, readStore, projectors: [counter()], logger, batchSize: 100 });
    await first.start();
    const head = await eventStore.headPosition();
    expect(await waitForProjection(readStore, 'counter', head)).toBe(true);
    await first.stop(); // as if the process ended here
    await add(eventStore, 'a', 5);
    await add(eventStore, 'b', 3);
    const second = new ProjectionRunner({ eventStore, readStore, projectors: [counter()], logger });
    await second.start();
    expect(await waitForProjection(readStore, 'counter', await eventStore.headPosition())).toBe(true);
    await second.stop();
    expect(await count(readStore, 'a')).toBe(1205);
    expect(await count(readStore, 'b')).toBe(3);
  });

  it('wakes a read-your-writes wait here when the projection applies the position, with no timer to fire', async () => {
    const { eventStore, readStore } = open();
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [counter()], logger: createLogger('silent') });
    await runner.start();
    expect(await waitForProjection(readStore, 'counter', (await add(eventStore, 'a', 1)).position)).toBe(true);
    // No timer fires from here on: a wait that polled would never end, one woken by the runner does.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let i = 0; i < 5; i++) {
      const { position } = await add(eventStore, 'a', 1);
      expect(await waitForProjection(readStore, 'counter', position)).toBe(true);
      expect(await count(readStore, 'a')).toBe(2 + i);
    }
    vi.useRealTimers();
    await runner.stop();
  });

  it('restarts a failing projector from its checkpoint and reports the error meanwhile', async () => {
    const { eventStore, readStore } = open();
    let failures = 2;
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [counter(() => failures-- > 0)], logger: createLogger('silent') });
    await add(eventStore, 'x', 10);
    await runner.start();
    await waitFor(() => runner.statuses()[0]!.lastError === 'projector hiccup');
    expect(await waitForProjection(readStore, 'counter', await eventStore.headPosition(), 10_000)).toBe(true);
    await waitFor(() => runner.statuses()[0]!.caughtUp && runner.statuses()[0]!.lastError === null);
    await runner.stop();
    expect(await count(readStore, 'x')).toBe(10);
  });

  it('moves a rare projection\'s stored checkpoint to the head past the events it does not handle', async () => {
    const { eventStore, readStore } = open();
    await add(eventStore, 'a', 1);
    for (let i = 0; i < 50; i++) await other(eventStore, `o-${i}`, 10);
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [counter()], logger: createLogger('silent'), checkpointIntervalMs: 100 });
    await runner.start();
    const head = await eventStore.headPosition();
    await waitFor(async () => (await readStore.getCheckpoint('counter')) === head);
    expect(runner.statuses()[0]).toMatchObject({ position: head, caughtUp: true });
    // And live: appends it does not handle move it on too.
    for (let i = 0; i < 20; i++) await other(eventStore, `live-${i}`, 5);
    const later = await eventStore.headPosition();
    await waitFor(async () => (await readStore.getCheckpoint('counter')) === later);
    await runner.stop();
    expect(await count(readStore, 'a')).toBe(1);
  });

  it('stores checkpoints the projection\'s own events did not move at most once per interval, yet answers read-your-writes at once', async () => {
    const { eventStore, readStore } = open();
    let checkpointOnly = 0;
    const counting = new Proxy(readStore, {
      get(target, key) {
        if (key === 'commit') {
          return (writes: CollectionWrite[], checkpoint?: { name: string; position: string }) => {
            if (writes.length === 0) checkpointOnly += 1;
            return target.commit(writes, checkpoint);
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await add(eventStore, 'a', 3);
    const runner = new ProjectionRunner({ eventStore, readStore: counting, projectors: [counter()], logger: createLogger('silent'), checkpointIntervalMs: 3_600_000 });
    await runner.start();
    expect(await waitForProjection(counting, 'counter', await eventStore.headPosition())).toBe(true);
    for (let i = 0; i < 30; i++) {
      const { position } = await other(eventStore, `o-${i}`, 1);
      // Served from the running projection's memory, not from the throttled stored checkpoint.
      expect(await waitForProjection(counting, 'counter', position, 2000)).toBe(true);
    }
    const { position } = await add(eventStore, 'a', 1);
    expect(await waitForProjection(counting, 'counter', position, 2000)).toBe(true);
    expect(await count(readStore, 'a')).toBe(4);
    // One leading write at most within the (hour-long) interval; stop stores the rest.
    expect(checkpointOnly).toBeLessThanOrEqual(1);
    const head = await eventStore.headPosition();
    await other(eventStore, 'last', 1);
    await waitFor(() => runner.statuses()[0]!.position! > head!);
    await runner.stop();
    expect(await readStore.getCheckpoint('counter')).toBe(await eventStore.headPosition());
  });

  it('is caught up after catch-up, not while a new batch is being applied, and caught up again once it is applied', async () => {
    const { eventStore, readStore } = open();
    let gate: Promise<void> | null = null;
    let applying = 0;
    // Holds the batch's commit (the projected writes with the checkpoint) until the test opens the gate.
    const gated = new Proxy(readStore, {
      get(target, key) {
        if (key === 'commit') {
          return async (writes: CollectionWrite[], checkpoint?: { name: string; position: string }) => {
            if (writes.length > 0) {
              applying += 1;
              await gate;
            }
            return target.commit(writes, checkpoint);
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await add(eventStore, 'a', 3);
    const runner = new ProjectionRunner({ eventStore, readStore: gated, projectors: [counter()], logger: createLogger('silent') });
    await runner.start();
    await waitFor(() => runner.statuses()[0]!.caughtUp);
    expect(await count(readStore, 'a')).toBe(3);

    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const before = applying;
    const { position } = await add(eventStore, 'a', 2);
    try {
      await waitFor(() => applying > before);
      expect(runner.statuses()[0]!.caughtUp).toBe(false);
    } finally {
      release();
    }
    await waitFor(() => runner.statuses()[0]!.caughtUp);
    expect(runner.statuses()[0]!.position! >= position).toBe(true);
    expect(await count(readStore, 'a')).toBe(5);

    // Every later batch too, not only the first after catch-up.
    gate = new Promise<void>((resolve) => (release = resolve));
    const again = applying;
    await add(eventStore, 'b', 1);
    try {
      await waitFor(() => applying > again);
      expect(runner.statuses()[0]!.caughtUp).toBe(false);
    } finally {
      release();
    }
    await waitFor(() => runner.statuses()[0]!.caughtUp);
    await runner.stop();
    expect(await count(readStore, 'b')).toBe(1);
  });

  it('gives up waiting for a position the projection never reaches', async () => {
    const { readStore } = open();
    expect(await waitForProjection(readStore, 'nothing', '00000000000000000001', 50)).toBe(false);
    expect(await waitForProjection(readStore, 'nothing', null)).toBe(true);
  });
});
