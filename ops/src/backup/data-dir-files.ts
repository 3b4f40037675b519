import { closeSync, openSync, readdirSync, readSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The pid file of the server holding DATA_DIR (pid-lock.ts): it belongs to that process, not to the data. */
export const PID_FILE = 'kainga.pid';

/**
 * What a backup leaves out, by path relative to DATA_DIR (POSIX separators): the pid file; SQLite's
 * side files (a database is copied whole through the backup API, its -wal included); and writes
 * still under way, which appear whole under their own name once done (FileBlobStore's `.aside`
 * folder, the outbox's `.<id>.<uuid>.tmp` files).
 */
export function leftOut(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return path === PID_FILE || /-(wal|shm|journal)$/.test(name) || path.split('/').includes('.aside') || (path.startsWith('outbox/') && name.startsWith('.') && name.endsWith('.tmp'));
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether a file is a SQLite database, by its header (any name: the lead's personal-keys.sqlite, an analysis's file). */
export function isSqliteFile(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_MAGIC);
  } finally {
    closeSync(fd);
  }
}

/**
 * The order SQLite databases are snapshotted in, so the copies agree with one another:
 *  0. what is derived from the event log (read models with their checkpoints, replay analyses):
 *     a snapshot taken before the log's never holds a checkpoint ahead of the log's copy, and
 *     after a restore each projection catches up from its checkpoint;
 *  1. the event log;
 *  2. everything the log's events refer to, which is written before the event that refers to it
 *     (credentials are stored before the RegisterUser event; a person's key before the first
 *     event sealed with it): taken after the log, every reference in the log's copy is there.
 */
export function snapshotRank(path: string): number {
  if (path === 'read-models.sqlite' || path.startsWith('analyses/')) return 0;
  if (path === 'events.sqlite') return 1;
  return 2;
}

/** A file removed since it was listed (a blob deleted meanwhile) is not a database; the copy then skips it. */
function isSqliteFileIfThere(file: string): boolean {
  try {
    return isSqliteFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export interface DataDirFiles {
  /** SQLite databases, in snapshot order (snapshotRank, then by name). */
  databases: string[];
  /** Every other file kept (session secret, uploads, outbox, anything else), by name. */
  files: string[];
}

/** Every file of DATA_DIR a backup holds, relative to it with `/` separators. */
export function dataDirFiles(dataDir: string): DataDirFiles {
  const all = (readdirSync(dataDir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dataDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !leftOut(path))
    .sort();
  const databases = all.filter((path) => isSqliteFileIfThere(join(dataDir, path))).sort((a, b) => snapshotRank(a) - snapshotRank(b) || a.localeCompare(b));
  return { databases, files: all.filter((path) => !databases.includes(path)) };
}
