import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateEventIdError, WrongExpectedRevisionError, matchesFilter, type EventStore, type NewEvent, type RecordedEvent } from '../event-store/event-store';
import { seededRandom } from '../seeded-random';

export interface EventStoreFactory {
  /** A store on a fresh (or uniquely-namespaced) log. */
  open(): Promise<EventStore>;
  /** The same log again, as after a process restart. */
  reopen(): Promise<EventStore>;
  /**
   * Whether event ids are unique across the whole log. EventStoreDB only dedupes ids within a
   * stream; the command handler's ids hash the stream name in, so this never matters there.
   */
  globalEventIds: boolean;
}

const metadata = { actorId: 'u1', actorRoles: ['general' as const], correlationId: 'c1', causationId: null, occurredAt: new Date(0).toISOString() };
const ev = (type: string, data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data, metadata });

/**
 * One contract for every EventStore adapter. Stream names carry a per-run prefix so the suite
 * can run against a shared server.
 */
export function eventStoreContract(name: string, factory: EventStoreFactory | null) {
  describe.skipIf(!factory)(`EventStore contract: ${name}`, () => {
    const open: EventStore[] = [];
    const run = `t${randomUUID().slice(0, 8)}`;
    const s = (stream: string) => `${run}${stream}`;
    const start = async (reopen = false) => {
      const store = reopen ? await factory!.reopen() : await factory!.open();
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((st) => st.close()));
    });

    it('appends to a new stream with no_stream and reads it back in order', async () => {
      const store = await start();
      const r = await store.append(s('user-1'), [ev('A', { n: 1 }), ev('B', { n: 2 })], { expectedRevision: 'no_stream' });
      expect(r.nextRevision).toBe(1);
      const events = await store.readStream(s('user-1'));
      expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([['A', 0, { n: 1 }], ['B', 1, { n: 2 }]]);
      expect(events[0]!.metadata).toEqual(metadata);
      expect(events[0]!.position < events[1]!.position).toBe(true);
      expect(await store.readStream(s('nobody'))).toEqual([]);
    });

    it('reads a page of a stream: from a revision, at most `limit` events', async () => {
      const store = await start();
      await store.append(s('paged'), ['A', 'B', 'C', 'D', 'E'].map((t) => ev(t)), { expectedRevision: 'no_stream' });
      const types = async (options: { fromRevision?: number; limit?: number }) => (await store.readStream(s('paged'), options)).map((e) => [e.type, e.revision]);
      expect(await types({ fromRevision: 1, limit: 2 })).toEqual([['B', 1], ['C', 2]]);
      expect(await types({ fromRevision: 3, limit: 10 })).toEqual([['D', 3], ['E', 4]]);
      expect(await types({ limit: 1 })).toEqual([['A', 0]]);
      expect(await types({ fromRevision: 5, limit: 1 })).toEqual([]);
      expect(await types({ fromRevision: 2 })).toEqual([['C', 2], ['D', 3], ['E', 4]]);
      expect(await store.readStream(s('nobody'), { limit: 3 })).toEqual([]);
    });

    it('refuses an append with a stale expected revision and writes nothing', async () => {
      const store = await start();
      await store.append(s('user-2'), [ev('A')], { expectedRevision: 'no_stream' });
      await expect(store.append(s('user-2'), [ev('B')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(s('user-2'), [ev('B')], { expectedRevision: 5 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(s('user-3'), [ev('B')], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append(s('user-2'), [ev('C')], { expectedRevision: 0 });
      expect((await store.readStream(s('user-2'))).map((e) => e.type)).toEqual(['A', 'C']);
    });

    it('lets exactly one of two concurrent writers at the same revision win', async () => {
      const store = await start();
      await store.append(s('race'), [ev('A')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled([
        store.append(s('race'), [ev('X')], { expectedRevision: 0 }),
        store.append(s('race'), [ev('Y')], { expectedRevision: 0 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(s('race'))).toHaveLength(2);
    });

    it('is idempotent by event id: a retried append adds nothing', async () => {
      const store = await start();
      const events = [ev('A'), ev('B')];
      const first = await store.append(s('idem'), events, { expectedRevision: 'no_stream' });
      const again = await store.append(s('idem'), events, { expectedRevision: 'no_stream' });
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(await store.readStream(s('idem'))).toHaveLength(2);
    });

    it.skipIf(!factory?.globalEventIds)('refuses an event id reused for a different event in another stream', async () => {
      const store = await start();
      const e = ev('A');
      await store.append(s('dup-1'), [e], { expectedRevision: 'no_stream' });
      await expect(store.append(s('dup-2'), [{ ...e, type: 'Other' }], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(s('dup-2'))).toEqual([]);
    });

    it('reads $all forward after a position, filtered by type and stream prefix', async () => {
      const store = await start();
      await store.append(s('user-a'), [ev('UserRegistered'), ev('UserRolesChanged')], { expectedRevision: 'no_stream' });
      await store.append(s('valuation-a'), [ev('ValuationRequested')], { expectedRevision: 'no_stream' });
      await store.append(s('user-b'), [ev('UserRegistered')], { expectedRevision: 'no_stream' });
      const mine = (list: RecordedEvent[]) => list.filter((e) => e.streamName.startsWith(run));
      const users = mine(await store.readAll({ filter: { streamPrefixes: [s('user-')] } }));
      expect(users.map((e) => e.streamName)).toEqual([s('user-a'), s('user-a'), s('user-b')]);
      const registered = mine(await store.readAll({ filter: { eventTypes: ['UserRegistered'], streamPrefixes: [run] } }));
      expect(registered).toHaveLength(2);
      const after = mine(await store.readAll({ after: users[1]!.position, filter: { streamPrefixes: [run] } }));
      expect(after.map((e) => e.type)).toEqual(['ValuationRequested', 'UserRegistered']);
      const page = await store.readAll({ filter: { streamPrefixes: [run] }, limit: 2 });
      expect(page).toHaveLength(2);
      expect(await store.headPosition({ streamPrefixes: [run] })).toBe(after[1]!.position);
      expect(await store.countEvents({ streamPrefixes: [run] })).toBe(4);
    });

    it('catches up, then delivers live events, in order and in batches', async () => {
      const store = await start();
      await store.append(s('sub-1'), [ev('A'), ev('B'), ev('C')], { expectedRevision: 'no_stream' });
      const seen: string[] = [];
      let caughtUp = false;
      const sub = store.subscribe({
        filter: { streamPrefixes: [s('sub-')] },
        batchSize: 2,
        onBatch: async (batch) => {
          expect(batch.length).toBeLessThanOrEqual(2);
          seen.push(...batch.map((e) => e.type));
        },
        onCaughtUp: () => {
          caughtUp = true;
        },
      });
      await waitFor(() => seen.length === 3 && caughtUp);
      await store.append(s('sub-2'), [ev('D')], { expectedRevision: 'no_stream' });
      await waitFor(() => seen.length === 4);
      await sub.stop();
      expect(seen).toEqual(['A', 'B', 'C', 'D']);
    });

    it('resumes a subscription after a restart from its checkpoint without repeating events', async () => {
      const store = await start();
      await store.append(s('resume'), [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
      let checkpoint: string | null = null;
      const first: string[] = [];
      const sub = store.subscribe({
        filter: { streamPrefixes: [s('resume')] },
        onBatch: async (batch) => {
          first.push(...batch.map((e) => e.type));
          checkpoint = batch[batch.length - 1]!.position;
        },
      });
      await waitFor(() => first.length === 2);
      await sub.stop();
      await store.close();
      open.splice(open.indexOf(store), 1);

      const restarted = await start(true);
      await restarted.append(s('resume'), [ev('C')], { expectedRevision: 1 });
      const second: string[] = [];
      const sub2 = restarted.subscribe({
        after: checkpoint,
        filter: { streamPrefixes: [s('resume')] },
        onBatch: async (batch) => {
          second.push(...batch.map((e) => e.type));
        },
      });
      await waitFor(() => second.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      await sub2.stop();
      expect(second).toEqual(['C']);
    });

    it('reports a scanned checkpoint past events its filter skips, and resumes from it with the next match only', async () => {
      const store = await start();
      const rare = `${run}Rare`;
      const first = await store.append(s('scan-rare'), [ev(rare)], { expectedRevision: 'no_stream' });
      const skipped: string[] = [];
      for (let i = 0; i < 10; i++) skipped.push((await store.append(s(`scan-common-${i}`), Array.from({ length: 10 }, () => ev(`${run}Common`)), { expectedRevision: 'no_stream' })).position);
      const seen: RecordedEvent[] = [];
      const checkpoints: string[] = [];
      let caughtUpAt: string | null = null;
      const sub = store.subscribe({
        filter: { eventTypes: [rare] },
        // Small batches: EventStoreDB sends a checkpoint about once per batch of scanned events.
        batchSize: 10,
        onBatch: async (batch) => {
          seen.push(...batch);
        },
        onCheckpoint: (position) => {
          expect(position > (checkpoints.at(-1) ?? '')).toBe(true);
          checkpoints.push(position);
        },
        onCaughtUp: (position) => {
          caughtUpAt = position;
        },
      });
      // Well past the rare event: at least half of the 100 events after it were scanned and skipped.
      await waitFor(() => checkpoints.length > 0 && checkpoints.at(-1)! >= skipped[4]! && caughtUpAt !== null);
      await sub.stop();
      expect(seen.map((e) => e.id)).toEqual([(await store.readStream(s('scan-rare')))[0]!.id]);
      expect(seen[0]!.position).toBe(first.position);
      expect(caughtUpAt! >= checkpoints.at(-1)!).toBe(true);

      const checkpoint = checkpoints.at(-1)!;
      const next = await store.append(s('scan-rare'), [ev(rare)], { expectedRevision: 0 });
      const resumed: RecordedEvent[] = [];
      let resumedCaughtUp = false;
      const sub2 = store.subscribe({
        after: checkpoint,
        filter: { eventTypes: [rare] },
        onBatch: async (batch) => {
          resumed.push(...batch);
        },
        onCaughtUp: () => {
          resumedCaughtUp = true;
        },
      });
      // Delivery is in log order, so anything before the new event would have come first.
      await waitFor(() => resumed.length >= 1 && resumedCaughtUp);
      await sub2.stop();
      expect(resumed.map((e) => e.position)).toEqual([next.position]);
    });

    it('reads by event type exactly as a scan of the log would, on random data', async () => {
      const store = await start();
      const random = seededRandom(7);
      const types = ['A', 'B', 'C', 'D', 'E'].map((t) => `${run}${t}`);
      // Skewed: A is common, E rare.
      const pick = () => types[Math.min(types.length - 1, Math.floor(-Math.log(1 - random()) * 1.2))]!;
      const revisions = new Map<string, number>();
      for (let i = 0; i < 60; i++) {
        const stream = s(`${random() < 0.5 ? 'rnd-x' : 'rnd-y'}-${Math.floor(random() * 8)}`);
        const events = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ev(pick()));
        const r = await store.append(stream, events, { expectedRevision: revisions.get(stream) ?? 'no_stream' });
        revisions.set(stream, r.nextRevision);
      }
      const log = await store.readAll({ filter: { streamPrefixes: [s('rnd-')] }, limit: 10_000 });
      for (let check = 0; check < 40; check++) {
        const eventTypes = types.filter(() => random() < 0.4);
        const filter = random() < 0.3 ? { eventTypes, streamPrefixes: [s('rnd-x')] } : { eventTypes };
        const after = random() < 0.3 ? null : log[Math.floor(random() * log.length)]!.position;
        const limit = 1 + Math.floor(random() * 40);
        const expected = log.filter((e) => (after === null || e.position > after) && matchesFilter(e, filter));
        const page = await store.readAll({ after, filter, limit });
        expect(page.map((e) => e.id), JSON.stringify({ filter, after, limit })).toEqual(expected.slice(0, limit).map((e) => e.id));
        expect(await store.countEvents(filter)).toBe(log.filter((e) => matchesFilter(e, filter)).length);
        expect(await store.headPosition(filter)).toBe(log.filter((e) => matchesFilter(e, filter)).at(-1)?.position ?? null);
      }
    });

    it('ends a subscription with onError when its handler fails', async () => {
      const store = await start();
      await store.append(s('fail'), [ev('A')], { expectedRevision: 'no_stream' });
      let failure: unknown = null;
      const sub = store.subscribe({
        filter: { streamPrefixes: [s('fail')] },
        onBatch: async () => {
          throw new Error('projector broke');
        },
        onError: (e) => {
          failure = e;
        },
      });
      await sub.done;
      expect(String(failure)).toContain('projector broke');
    });

    // What read-your-writes and readiness rely on: the position `append` answers is the `$all`
    // position of the last event written (the API waits for a projection to reach it), and a
    // subscription's caught-up reports follow every batch, not only the end of catch-up.
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

export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

