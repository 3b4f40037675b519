import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageQueries, SqliteEventStore, WALK_MIN_TYPES } from './sqlite-event-store';

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
});
