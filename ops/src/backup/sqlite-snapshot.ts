import Database from 'better-sqlite3';

/**
 * A consistent copy of a SQLite database another connection (the running server) keeps writing.
 * The online backup API restarts from the first page whenever another connection writes between
 * its steps, so under a steady stream of writes it may never finish. In WAL mode a read
 * transaction held open on the source connection fixes what the steps see instead (readers never
 * block writers there), and the backup copies exactly that moment: the snapshot starts at the
 * transaction's first read, when `openSnapshot` returns. A database in rollback-journal mode
 * would block every writer while a read transaction is open, so it is copied in one backup step
 * at `copyTo` (its moment is then that step's; such files are small).
 */
export interface Snapshot {
  /** The snapshot's size in bytes (pages × page size), for the progress bar. */
  readonly bytes: number;
  /** Copies the snapshot to `dest` (a new file) through the backup API; `onBytes` after each step. */
  copyTo(dest: string, onBytes: (copied: number) => void): Promise<void>;
  close(): void;
}

/** Pages per backup step in WAL mode: 4 MB at 4 KB pages, so the bar moves and the event loop breathes. */
const PAGES_PER_STEP = 1024;
/** better-sqlite3's largest step: every page at once. */
const ALL_PAGES = 0x7fffffff;

export function openSnapshot(file: string): Snapshot {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const wal = db.pragma('journal_mode', { simple: true }) === 'wal';
    // In WAL mode the first read after BEGIN fixes the snapshot; page_count and page_size are read inside it.
    if (wal) db.exec('BEGIN');
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    return {
      bytes: pages * pageSize,
      async copyTo(dest, onBytes) {
        const result = await db.backup(dest, {
          progress: ({ totalPages, remainingPages }) => {
            onBytes((totalPages - remainingPages) * pageSize);
            return wal ? PAGES_PER_STEP : ALL_PAGES;
          },
        });
        onBytes(result.totalPages * pageSize);
        // The copy stands alone: one file, no -wal beside it (the server turns WAL on again when it opens it).
        const copy = new Database(dest);
        try {
          copy.pragma('journal_mode = DELETE');
        } finally {
          copy.close();
        }
      },
      close() {
        if (!db.open) return;
        if (db.inTransaction) db.exec('COMMIT');
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

export interface SqliteCheck {
  /** `PRAGMA integrity_check`'s answer: "ok", or its first problem. */
  integrityCheck: string;
  /** Rows of each table (SQLite's own tables left out). */
  rows: Record<string, number>;
}

/** Integrity and row counts of a database file that nothing else has open (a backup's copy). */
export function checkSqlite(file: string): SqliteCheck {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { integrityCheck: (error as Error).message, rows: {} };
  }
  try {
    const integrityCheck = String((db.pragma('integrity_check', { simple: true }) as string | undefined) ?? 'no answer');
    if (integrityCheck !== 'ok') return { integrityCheck, rows: {} };
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
    const rows: Record<string, number> = {};
    for (const { name } of tables) rows[name] = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()!.n;
    return { integrityCheck, rows };
  } catch (error) {
    // A file too damaged to read a schema from answers as its integrity check would.
    return { integrityCheck: (error as Error).message, rows: {} };
  } finally {
    db.close();
  }
}
