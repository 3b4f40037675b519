import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageQueries, SqliteEventStore } from './sqlite-event-store';

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
});
