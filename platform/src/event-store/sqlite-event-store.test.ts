import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_HEAD_ROWS_PER_TYPE, pageQueries, SqliteEventStore, WALK_MIN_TYPES } from './sqlite-event-store';

const META = { actorId: null, actorRoles: [], correlationId: 'test', causationId: null, occurredAt: '2025-01-01T00:00:00.000Z' };

/** The query plan SQLite picks for a statement, one line per step. */
function plan(file: string, sql: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x');
    return db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...params).map((r) => r.detail);
  } finally {
    db.close();
  }
}

describe('SqliteEventStore page reads', () => {
  const stores: SqliteEventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  const schema = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kainga-es-plan-')), 'events.sqlite');
    stores.push(new SqliteEventStore(file));
    return file;
  };

  it('reads a type through the (type, position) index, in log order without a sort, never visiting other types', () => {
    const file = schema();
    for (const filter of [{ eventTypes: ['SaleRecorded'] }, { eventTypes: ['A', 'B', 'C'] }, { eventTypes: ['A'], streamPrefixes: ['sale-', 'x-'] }]) {
      const q = pageQueries(filter);
      if (q.kind !== 'byType') throw new Error(`expected a read by type, got ${q.kind}`);
      expect(plan(file, q.sql)).toEqual(['SEARCH events USING INDEX events_type (type=? AND position>?)']);
    }
  });

  it('walks the log by position for stream prefixes alone, and reads nothing for an empty list', () => {
    const file = schema();
    const q = pageQueries({ streamPrefixes: ['sale-'] });
    if (q.kind !== 'log') throw new Error(`expected a walk of the log, got ${q.kind}`);
    expect(plan(file, q.sql)).toEqual(['SEARCH events USING INTEGER PRIMARY KEY (rowid>?)']);
    expect(pageQueries({ eventTypes: [] }).kind).toBe('nothing');
    expect(pageQueries({ eventTypes: ['A'], streamPrefixes: [] }).kind).toBe('nothing');
  });

  it('walks the log by position, testing each type, for a filter of many types', () => {
    const file = schema();
    const eventTypes = Array.from({ length: WALK_MIN_TYPES }, (_, i) => `Type${i}`);
    for (const filter of [{ eventTypes }, { eventTypes, streamPrefixes: ['sale-', 'user-'] }]) {
      const q = pageQueries(filter);
      if (q.kind !== 'log') throw new Error(`expected a walk of the log, got ${q.kind}`);
      expect(plan(file, q.sql)).toEqual(['SEARCH events USING INTEGER PRIMARY KEY (rowid>?)']);
    }
    expect(pageQueries({ eventTypes: eventTypes.slice(1) }).kind).toBe('byType');
  });

  it('reads the same pages walked as merged by type', async () => {
    const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'kainga-es-walk-')), 'events.sqlite'));
    stores.push(store);
    const types = Array.from({ length: WALK_MIN_TYPES + 2 }, (_, i) => `Type${i}`);
    for (let i = 0; i < 120; i++) {
      const stream = i % 3 === 0 ? `other-${i}` : `sale-${i}`;
      await store.append(stream, [{ id: `e${i}`, type: types[(i * 7) % types.length]!, data: { i }, metadata: META }], { expectedRevision: 'no_stream' });
    }
    const readPages = async (filter: { eventTypes: string[]; streamPrefixes?: string[] }) => {
      const ids: string[] = [];
      for (let after: string | null = null; ; ) {
        const page = await store.readAll({ after, filter, limit: 7 });
        if (page.length === 0) return ids;
        ids.push(...page.map((e) => e.id));
        after = page[page.length - 1]!.position;
      }
    };
    for (const streamPrefixes of [undefined, ['sale-']]) {
      const walked = await readPages({ eventTypes: types, ...(streamPrefixes ? { streamPrefixes } : {}) });
      // The same events asked for in filters of few types each (merged by type), in log order.
      const merged = (await Promise.all([0, 1, 2, 3, 4, 5].map((k) => readPages({ eventTypes: types.filter((_, j) => j % 6 === k), ...(streamPrefixes ? { streamPrefixes } : {}) })))).flat();
      const position = (id: string) => Number(id.slice(1));
      expect(walked).toEqual(merged.sort((a, b) => position(a) - position(b)));
      expect(walked.length).toBe(streamPrefixes ? 80 : 120);
    }
  });

  it('reads the same page a few events behind the head as far from it, for any filter and page size', async () => {
    const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'kainga-es-near-')), 'events.sqlite'));
    stores.push(store);
    const types = ['A', 'B', 'C', 'D', 'E'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const streams = ['sale-1', 'sale-2', 'salé-3', 'user-1', 'valuation-1'];
    const revisions = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const stream = streams[Math.floor(random() * streams.length)]!;
      const revision = revisions.get(stream) ?? -1;
      revisions.set(stream, revision + 1);
      await store.append(stream, [{ id: `e${i}`, type: types[Math.floor(random() * types.length)]!, data: { i }, metadata: META }], { expectedRevision: revision < 0 ? 'no_stream' : revision });
    }
    // The whole log read without a filter: a walk of the primary key, the reference.
    const log = await store.readAll({ limit: 1000 });
    expect(log).toHaveLength(400);
    const filters = [{ eventTypes: ['A'] }, { eventTypes: ['B', 'D'] }, { eventTypes: ['A', 'C', 'E'], streamPrefixes: ['sale-'] }, { streamPrefixes: ['salé', 'user-'] }, { eventTypes: ['C'], streamPrefixes: [] }];
    for (const filter of filters) {
      const wanted = log.filter((e) => (!filter.eventTypes || filter.eventTypes.includes(e.type)) && (!filter.streamPrefixes || filter.streamPrefixes.some((p) => e.streamName.startsWith(p))));
      const near = NEAR_HEAD_ROWS_PER_TYPE * Math.max(1, filter.eventTypes?.length ?? 1);
      // From the head's doorstep (read near the head) and from far back (read by type or walked).
      for (const from of [400 - near, 400 - Math.floor(near / 2), 399, 0, 150]) {
        for (const limit of [1, 3, 500]) {
          const after = from > 0 ? log[from - 1]!.position : null;
          const page = await store.readAll({ after, filter, limit });
          expect(page.map((e) => e.id), `${JSON.stringify(filter)} after #${from}, limit ${limit}`).toEqual(wanted.filter((e) => after === null || e.position > after).slice(0, limit).map((e) => e.id));
        }
      }
    }
  });

  it('a live subscription a few events behind the head resumes after the last event it scanned, matched or not', async () => {
    const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'kainga-es-live-')), 'events.sqlite'));
    stores.push(store);
    const seen: string[] = [];
    const checkpoints: string[] = [];
    const subscription = store.subscribe({
      filter: { eventTypes: ['SaleRecorded'] },
      onBatch: async (events) => void seen.push(...events.map((e) => e.id)),
      onCheckpoint: (p) => void checkpoints.push(p),
      // A page of one: a full page must resume after its own event, not at the head.
      batchSize: 1,
    });
    const appendAndSettle = async (id: string, ...types: string[]) => {
      const { position } = await store.append(`s-${id}`, types.map((type, i) => ({ id: `${id}${'abc'[i]}`, type, data: {}, metadata: META })), { expectedRevision: 'no_stream' });
      await vi.waitFor(() => expect(checkpoints.at(-1)).toBe(position));
      return position;
    };
    await appendAndSettle('e1', 'UserRegistered');
    const sale = await appendAndSettle('e2', 'SaleRecorded');
    const other = await appendAndSettle('e3', 'UserRegistered');
    await appendAndSettle('e4', 'SaleRecorded', 'UserRegistered', 'SaleRecorded');
    expect(seen).toEqual(['e2a', 'e4a', 'e4c']);
    expect(checkpoints).toContain(sale);
    expect(checkpoints).toContain(other);
    await subscription.stop();
  });

  it('moves past appends of this process that it does not ask for without reading them, and reads a gap another process wrote in', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kainga-es-pass-')), 'events.sqlite');
    const store = new SqliteEventStore(file);
    const other = new SqliteEventStore(file);
    stores.push(store, other);
    const seen: string[] = [];
    const checkpoints: string[] = [];
    let ready: () => void = () => {};
    const caughtUp = new Promise<void>((resolve) => (ready = resolve));
    const reads = vi.spyOn(store as unknown as { readPage: (...args: unknown[]) => unknown }, 'readPage');
    const subscription = store.subscribe({
      filter: { eventTypes: ['SaleRecorded'] },
      onBatch: async (events) => void seen.push(...events.map((e) => e.id)),
      onCheckpoint: (p) => void checkpoints.push(p),
      onCaughtUp: () => ready(),
    });
    await caughtUp;
    const append = (on: SqliteEventStore, id: string, type: string) => on.append(`s-${id}`, [{ id, type, data: {}, metadata: META }], { expectedRevision: 'no_stream' }).then((r) => r.position);

    reads.mockClear();
    const user = await append(store, 'u1', 'UserRegistered');
    // Moved past at once, as the append answered, and nothing read.
    expect(checkpoints.at(-1)).toBe(user);
    expect(reads).not.toHaveBeenCalled();

    // Another process's sale lies between, unheard: this process's next append cannot be passed over.
    await append(other, 's1', 'SaleRecorded');
    const user2 = await append(store, 'u2', 'UserRegistered');
    await vi.waitFor(() => expect(checkpoints.at(-1)).toBe(user2));
    expect(seen).toEqual(['s1']);
    expect(reads).toHaveBeenCalled();

    // A sale appended here wakes it, before the next poll.
    reads.mockClear();
    await append(store, 's2', 'SaleRecorded');
    await vi.waitFor(() => expect(seen).toEqual(['s1', 's2']), { timeout: 200 });
    await subscription.stop();
  });
});
