import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSqlite, openSnapshot } from './sqlite-snapshot';

const scratch = mkdtempSync(join(tmpdir(), 'kainga-snapshot-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A database of `rows` rows of 200 bytes (19 a 4 KB page), in the given journal mode. */
function database(name: string, mode: 'wal' | 'delete', rows = 20_000) {
  const db = new Database(join(scratch, name));
  db.pragma(`journal_mode = ${mode}`);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run('x'.repeat(200));
  })();
  return { db, insert, file: join(scratch, name) };
}

describe('a snapshot copy of a SQLite database another connection keeps writing', () => {
  it('in WAL mode, finishes and holds exactly the moment it was opened, while every write between its steps succeeds', async () => {
    const { db, insert, file } = database('wal.sqlite', 'wal', 60_000); // ~3,200 pages: several steps
    const snapshot = openSnapshot(file);
    let writes = 0;
    // A write after every step: without the held read transaction the backup would restart each time and never end.
    await snapshot.copyTo(join(scratch, 'wal-copy.sqlite'), () => {
      insert.run('y');
      writes += 1;
    });
    snapshot.close();
    expect(writes).toBeGreaterThan(3);
    expect(checkSqlite(join(scratch, 'wal-copy.sqlite'))).toEqual({ integrityCheck: 'ok', rows: { t: 60_000 } });
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(60_000 + writes);
    // The copy stands alone, in rollback-journal mode.
    const copy = new Database(join(scratch, 'wal-copy.sqlite'), { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    db.close();
  });

  it('in rollback-journal mode, copies in one step, holding no lock while it waits, so writers are never kept waiting', async () => {
    const { db, insert, file } = database('journal.sqlite', 'delete', 5_000);
    db.pragma('busy_timeout = 0'); // a held read lock would fail the write at once
    const snapshot = openSnapshot(file);
    insert.run('before the copy');
    await snapshot.copyTo(join(scratch, 'journal-copy.sqlite'), () => undefined);
    insert.run('after the copy');
    snapshot.close();
    expect(checkSqlite(join(scratch, 'journal-copy.sqlite'))).toEqual({ integrityCheck: 'ok', rows: { t: 5_001 } });
    db.close();
  });

  it('reports a file that is not a database through its integrity check', () => {
    const { db, file } = database('damaged.sqlite', 'delete', 10);
    db.close();
    truncateSync(file, 100);
    expect(checkSqlite(file).integrityCheck).not.toBe('ok');
  });
});
