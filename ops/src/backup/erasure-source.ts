import { PersonErased } from '@kainga/contracts';
import Database from 'better-sqlite3';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isSqliteFile } from './data-dir-files';
import { hashFile } from './hashed-copy';
import { BackupProblem, MANIFEST, readManifest, type Manifest } from './manifest';

/** The restore's option naming where erasures made after the backup are read from. */
export const ERASURES_FROM_FLAG = '--erasures-from';

/** One PersonErased event of the source's log. */
export interface SourceErasure {
  /** The event's id in the source: the re-applied event's idempotency key is derived from it. */
  id: string;
  data: PersonErased['data'];
}

export interface ErasureSource {
  path: string;
  kind: 'backup' | 'data-dir';
  /** When a backup source was taken. */
  createdAt: string | null;
  erasures: SourceErasure[];
}

/** The newest backup folder beside `folder` taken after it (a valid manifest with a later createdAt), or null. */
export function newerBackupBeside(folder: string, manifest: Manifest): { path: string; createdAt: string } | null {
  const parent = dirname(folder);
  let newest: { path: string; createdAt: string } | null = null;
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (path === folder || !existsSync(join(path, MANIFEST))) continue;
    let other: Manifest;
    try {
      other = readManifest(path);
    } catch {
      continue; // a partial or foreign folder is no backup to read from
    }
    if (typeof other.createdAt !== 'string' || !(other.createdAt > manifest.createdAt)) continue;
    if (!newest || other.createdAt > newest.createdAt) newest = { path, createdAt: other.createdAt };
  }
  return newest;
}

const notAStore = (path: string, why: string) =>
  new BackupProblem(`${path} is not a Kāinga backup or DATA_DIR (${why}): give ${ERASURES_FROM_FLAG} a newer backup folder or a DATA_DIR.`);

/**
 * Every erasure recorded in a newer backup or a DATA_DIR (stopped or running), read from its
 * events.sqlite opened read-only: nothing is written into the source. A backup's log must match
 * its manifest's checksum and a DATA_DIR's must pass SQLite's quick check; a damaged source, or
 * one that is not a Kāinga store, is refused with a BackupProblem saying so.
 */
export async function readErasureSource(given: string): Promise<ErasureSource> {
  const path = resolve(given);
  if (!existsSync(path)) throw new BackupProblem(`${path} does not exist: give ${ERASURES_FROM_FLAG} a newer backup folder or a DATA_DIR.`);
  if (!statSync(path).isDirectory()) throw notAStore(path, 'it is a file');
  const log = join(path, 'events.sqlite');
  if (existsSync(join(path, MANIFEST))) {
    const manifest = readManifest(path);
    const entry = manifest.files.find((f) => f.path === 'events.sqlite');
    if (!entry || !existsSync(log)) throw new BackupProblem(`The backup ${path} is damaged: its events.sqlite is missing, so the erasures it records cannot be read.`);
    const copy = await hashFile(log);
    if (copy.bytes !== entry.bytes || copy.sha256 !== entry.sha256) throw new BackupProblem(`The backup ${path} is damaged: its events.sqlite is not the one its manifest lists, so the erasures it records cannot be trusted.`);
    return { path, kind: 'backup', createdAt: manifest.createdAt, erasures: erasuresIn(log, path, 'ok') };
  }
  if (!existsSync(log)) throw notAStore(path, 'it has neither manifest.json nor events.sqlite');
  return { path, kind: 'data-dir', createdAt: null, erasures: erasuresIn(log, path, 'quick') };
}

const EVENT_COLUMNS = ['position', 'event_id', 'stream', 'type', 'data'];

/**
 * The PersonErased events on `user-` streams, in log order. Read straight from the embedded event
 * store's table: SqliteEventStore opens its file for writing (and creates the table when absent),
 * and a source is only read. PersonErased holds no personal field, so its data is stored unsealed.
 */
function erasuresIn(log: string, source: string, check: 'ok' | 'quick'): SourceErasure[] {
  if (!isSqliteFile(log)) throw notAStore(source, `${basename(log)} is not a SQLite database`);
  let db: Database.Database;
  try {
    db = new Database(log, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupProblem(`${log} cannot be opened (${(error as Error).message}): the erasures it records cannot be read.`);
  }
  try {
    if (check === 'quick') {
      // Its first problem, in one line (SQLite heads its list with the database's name).
      const lines = String(db.pragma('quick_check', { simple: true }) ?? 'no answer').split('\n').filter((line) => !line.startsWith('*** in database'));
      if (lines[0] !== 'ok') throw new BackupProblem(`${log} is damaged: it fails SQLite's quick check (${lines[0] ?? 'no answer'}).`);
    }
    const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')").all().map((c) => c.name);
    if (!EVENT_COLUMNS.every((c) => columns.includes(c))) throw notAStore(source, `${basename(log)} holds no Kāinga event log`);
    const rows = db.prepare<[], { event_id: string; data: string }>("SELECT event_id, data FROM events WHERE type = 'PersonErased' AND stream LIKE 'user-%' ORDER BY position").all();
    return rows.map((row) => {
      const parsed = PersonErased.shape.data.safeParse(safeJson(row.data));
      if (!parsed.success) throw new BackupProblem(`${log} is damaged: its erasure ${row.event_id} cannot be read.`);
      return { id: row.event_id, data: parsed.data };
    });
  } catch (error) {
    if (error instanceof BackupProblem) throw error;
    // SQLite's own words for a file too damaged to read (SQLITE_CORRUPT, SQLITE_NOTADB).
    throw new BackupProblem(`${log} is damaged: ${(error as Error).message}.`);
  } finally {
    db.close();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
