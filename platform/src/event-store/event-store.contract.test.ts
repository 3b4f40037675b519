import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStoreContract, waitFor, type EventStoreFactory } from '../testing/event-store-contract';
import { EsdbEventStore } from './esdb-event-store';
import type { EventStore, NewEvent, RecordedEvent } from './event-store';
import { SqliteEventStore } from './sqlite-event-store';

let file = '';
const sqlite: EventStoreFactory = {
  open: async () => {
    file = join(mkdtempSync(join(tmpdir(), 'kainga-es-')), 'events.sqlite');
    return new SqliteEventStore(file);
  },
  reopen: async () => new SqliteEventStore(file),
  globalEventIds: true,
};
const url = process.env.EVENTSTORE_URL;
const esdb: EventStoreFactory | null = url ? { open: async () => new EsdbEventStore(url), reopen: async () => new EsdbEventStore(url), globalEventIds: false } : null;

eventStoreContract('SQLite (embedded)', sqlite);
eventStoreContract('EventStoreDB (set EVENTSTORE_URL to run)', esdb);
readYourWritesContract('SQLite (embedded)', sqlite);
readYourWritesContract('EventStoreDB (set EVENTSTORE_URL to run)', esdb);

const metadata = { actorId: 'u1', actorRoles: ['general' as const], correlationId: 'c1', causationId: null, occurredAt: new Date(0).toISOString() };
const ev = (type: string): NewEvent => ({ id: randomUUID(), type, data: {}, metadata });

/**
 * What read-your-writes and readiness rely on, for every adapter: the position `append` answers
 * is the `$all` position of the last event written (the API waits for a projection to reach it),
 * and a subscription's caught-up reports follow every batch, not only the end of catch-up.
 * (Beside the shared contract in testing/event-store-contract.ts, for the same factories.)
 */
function readYourWritesContract(name: string, factory: EventStoreFactory | null) {
  describe.skipIf(!factory)(`EventStore read-your-writes contract: ${name}`, () => {
    const open: EventStore[] = [];
    const run = `t${randomUUID().slice(0, 8)}`;
    const s = (stream: string) => `${run}${stream}`;
    const start = async () => {
      const store = await factory!.open();
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((st) => st.close()));
    });

    it('answers an append with the $all position of the last event it wrote, for one event or several, and again for a retry', async () => {
      const store = await start();
      const before = await store.headPosition();
      const many = [ev('A'), ev('B'), ev('C')];
      const first = await store.append(s('pos-1'), many, { expectedRevision: 'no_stream' });
      // A retried append writes nothing and answers where the original's last event is.
      const retried = await store.append(s('pos-1'), many, { expectedRevision: 'no_stream' });
      const one = await store.append(s('pos-2'), [ev('D')], { expectedRevision: 'no_stream' });
      const more = await store.append(s('pos-1'), [ev('E'), ev('F')], { expectedRevision: 2 });
      const all = await store.readAll({ after: before, filter: { streamPrefixes: [s('pos-')] }, limit: 10_000 });
      expect(all.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
      const at = (type: string) => all.find((e) => e.type === type)!.position;
      expect(first.position).toBe(at('C'));
      expect(one.position).toBe(at('D'));
      expect(more.position).toBe(at('F'));
      expect(retried.position).toBe(at('C'));
      // And the stream's own reading agrees with $all.
      expect((await store.readStream(s('pos-1'))).map((e) => e.position)).toEqual([at('A'), at('B'), at('C'), at('E'), at('F')]);
    });

    it('reports caught up after catch-up, behind while a new batch is being handled, and caught up again once it is', async () => {
      const store = await start();
      await store.append(s('cu-1'), [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
      let caughtUp = false;
      let caughtUpAt: string | null = null;
      const batches: { types: string; caughtUp: boolean }[] = [];
      let gate: Promise<void> | null = null;
      let handling = false;
      const sub = store.subscribe({
        filter: { streamPrefixes: [s('cu-')] },
        onBatch: async (batch: RecordedEvent[]) => {
          batches.push({ types: batch.map((e) => e.type).join(''), caughtUp });
          handling = true;
          if (gate) await gate;
          handling = false;
        },
        onCaughtUp: (position) => {
          caughtUp = true;
          caughtUpAt = position;
        },
        onFellBehind: () => {
          caughtUp = false;
        },
      });
      await waitFor(() => caughtUp);
      expect(batches.map((b) => b.types).join('')).toBe('AB');
      expect(batches.every((b) => !b.caughtUp)).toBe(true);

      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      const { position } = await store.append(s('cu-2'), [ev('C')], { expectedRevision: 'no_stream' });
      try {
        await waitFor(() => handling);
        // The batch is in the handler's hands: not caught up, before or during its handling.
        expect(batches.at(-1)).toEqual({ types: 'C', caughtUp: false });
        expect(caughtUp).toBe(false);
      } finally {
        open();
      }
      await waitFor(() => caughtUp);
      expect(handling).toBe(false);
      expect(caughtUpAt! >= position).toBe(true);

      // And once more: the rule holds for every live batch, not only the first.
      gate = null;
      await store.append(s('cu-3'), [ev('D')], { expectedRevision: 'no_stream' });
      await waitFor(() => batches.length > 0 && batches.at(-1)!.types === 'D' && caughtUp);
      await sub.stop();
      expect(batches.at(-1)).toEqual({ types: 'D', caughtUp: false });
    });
  });
}
