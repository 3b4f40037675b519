import type { EventStoreDBClient } from '@eventstore/db-client';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/event-store-contract';
import { EsdbEventStore, toEsdbPosition } from './esdb-event-store';

/**
 * The subscription's caught-up rule on EventStoreDB without a server: the client's subscription
 * (a stream of resolved events that also emits `caughtUp` and `fellBehind` as the server sends
 * them) is played by a PassThrough. The contract suite checks the same on a real server.
 */
function fakeServer(store: EsdbEventStore) {
  const source = Object.assign(new PassThrough({ objectMode: true, highWaterMark: 16 }), { unsubscribe: async () => undefined });
  const client = (store as unknown as { client: EventStoreDBClient }).client;
  client.subscribeToAll = (() => source) as unknown as EventStoreDBClient['subscribeToAll'];
  const at = (n: number) => ({ commit: BigInt(n * 100), prepare: BigInt(n * 100) });
  return {
    position: (n: number) => toEsdbPosition(at(n)),
    /** Events as the server sends them, numbered by log position. */
    send: (...ns: number[]) => {
      for (const n of ns) {
        source.write({ event: { id: `e${n}`, type: 'Counted', streamId: 'counter-1', revision: BigInt(n), position: at(n), created: new Date(0), data: {}, metadata: {}, isJson: true } });
      }
    },
    caughtUp: () => source.emit('caughtUp'),
    fellBehind: () => source.emit('fellBehind'),
  };
}

describe('EsdbEventStore subscription: caught up and fell behind', () => {
  const stores: EsdbEventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('reports caught up once the server is live and after every live batch, and behind before each batch and when the server falls behind', async () => {
    const store = new EsdbEventStore('esdb://localhost:2113?tls=false');
    stores.push(store);
    const server = fakeServer(store);
    const log: string[] = [];
    let gate: Promise<void> | null = null;
    let handling = false;
    const sub = store.subscribe({
      onBatch: async (batch) => {
        log.push(`batch ${batch.map((e) => e.id).join(',')}`);
        handling = true;
        if (gate) await gate;
        handling = false;
      },
      onCaughtUp: (position) => log.push(`caught up at ${position}`),
      onFellBehind: () => log.push('behind'),
    });

    // Catch-up: handled, but not caught up until the server says it is live.
    server.send(1, 2);
    await waitFor(() => log.length === 1 && !handling);
    expect(log).toEqual(['batch e1,e2']);
    server.caughtUp();
    await waitFor(() => log.length === 2);
    expect(log.at(-1)).toBe(`caught up at ${server.position(2)}`);

    // A live batch: behind before it is handed over and while it is handled, caught up after.
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    server.send(3);
    try {
      await waitFor(() => handling);
      expect(log.slice(2)).toEqual(['behind', 'batch e3']);
    } finally {
      release();
    }
    await waitFor(() => log.length === 5);
    expect(log.at(-1)).toBe(`caught up at ${server.position(3)}`);

    // Every live batch, not only the first (the server sends caughtUp only once).
    gate = null;
    server.send(4);
    await waitFor(() => log.length === 8);
    expect(log.slice(5)).toEqual(['behind', 'batch e4', `caught up at ${server.position(4)}`]);

    // The server falls behind: behind at once, and not caught up again until it is live again.
    server.fellBehind();
    server.send(5);
    await waitFor(() => log.length === 10 && !handling);
    expect(log.slice(8)).toEqual(['behind', 'batch e5']);
    server.caughtUp();
    await waitFor(() => log.length === 11);
    expect(log.at(-1)).toBe(`caught up at ${server.position(5)}`);
    await sub.stop();
  });
});
