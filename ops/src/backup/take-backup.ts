import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { dataDirFiles } from './data-dir-files';
import { hashedCopy, hashFile, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './hashed-copy';
import { BackupProblem, folderProblem, writeManifest, type ManifestFile, type Manifest, MANIFEST_FORMAT } from './manifest';
import { checkSqlite, openSnapshot, type Snapshot } from './sqlite-snapshot';

/** The version of Kāinga that took a backup (the workspaces share one), for whoever restores it. */
export const KAINGA_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface BackupProgress {
  /** The file being copied. */
  path: string;
  /** Bytes copied of every file so far, and of them all (databases by their snapshot's size). */
  done: number;
  total: number;
}

export interface BackupResult {
  manifest: Manifest;
  /** Files listed at the start that were gone when their turn came (a blob deleted meanwhile). */
  vanished: string[];
  bytes: number;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Refuses a target that holds anything: a backup never mixes with other files or an older backup. */
function prepareTarget(target: string): void {
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new BackupProblem(`${target} is a file: give a new or empty folder for the backup.`);
    if (readdirSync(target).length > 0) throw new BackupProblem(`${target} is not empty: give a new or empty folder for the backup (a backup is never written over other files).`);
  }
  try {
    mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw folderProblem(target, error, 'give a folder this user can create and write to');
  }
}

/**
 * A consistent backup of DATA_DIR into `target` while the server keeps running on it.
 *
 * Every SQLite database is copied first through the online backup API, one snapshot after the
 * other in `snapshotRank`'s order (read models, then the event log, then what the log refers to),
 * so the copies agree with one another: no read model's checkpoint is ahead of the log's copy, and
 * everything the log's copy refers to is in the later copies. Every write acknowledged before the
 * backup began is committed in them. Only then are the other files listed and copied (uploads and
 * mail are written before the event that refers to them, and never changed after), so every file
 * the log's copy refers to is there. The manifest is written last: without it, the folder is partial.
 */
export async function takeBackup(options: { dataDir: string; target: string; onProgress?: (progress: BackupProgress) => void }): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const target = resolve(options.target);
  if (!existsSync(join(dataDir, 'events.sqlite'))) throw new BackupProblem(`No Kāinga data at ${dataDir} (no events.sqlite): set DATA_DIR to the data directory to back up.`);
  if (target === dataDir || target.startsWith(`${dataDir}/`)) throw new BackupProblem(`${target} is inside DATA_DIR ${dataDir}: put the backup elsewhere.`);
  prepareTarget(target);
  const createdAt = new Date().toISOString();
  const { databases, files: firstFiles } = dataDirFiles(dataDir);
  // The bar's total, estimated from the files' sizes now (a database's -wal counts in its copy).
  let total = [...databases, ...firstFiles].reduce((sum, path) => sum + sizeOrZero(join(dataDir, path)) + sizeOrZero(join(dataDir, `${path}-wal`)), 0);
  let done = 0;
  const report = (path: string) => options.onProgress?.({ path, done, total: Math.max(total, done) });
  const entries: ManifestFile[] = [];
  const copyDatabase = async (path: string) => {
    const snapshot: Snapshot = openSnapshot(join(dataDir, path));
    try {
      const before = done;
      const dest = join(target, path);
      mkdirSync(dirname(dest), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Made owner-only before a byte is written (the backup API would create it with the umask's mode).
      closeSync(openSync(dest, 'wx', PRIVATE_FILE_MODE));
      await snapshot.copyTo(dest, (copied) => {
        done = before + copied;
        report(path);
      });
    } finally {
      snapshot.close();
    }
    entries.push({ path, ...(await hashFile(join(target, path))), sqlite: checkSqlite(join(target, path)) });
  };
  // One at a time, in snapshotRank's order: each snapshot begins after the one before it began.
  for (const path of databases) await copyDatabase(path);
  // Listed after the databases' snapshots: every upload and mail the log's copy refers to was
  // written before its event. A database that appeared meanwhile is copied as one too.
  const now = dataDirFiles(dataDir);
  for (const path of now.databases.filter((p) => !databases.includes(p))) await copyDatabase(path);
  total = done + now.files.reduce((sum, path) => sum + sizeOrZero(join(dataDir, path)), 0);
  const vanished: string[] = [];
  for (const path of now.files) {
    try {
      entries.push({ path, ...(await hashedCopy(join(dataDir, path), join(target, path), (n) => ((done += n), report(path)))) });
    } catch (error) {
      if (!isMissing(error)) throw error;
      vanished.push(path);
    }
  }
  const manifest: Manifest = { format: MANIFEST_FORMAT, createdAt, kaingaVersion: KAINGA_VERSION, sourceDataDir: dataDir, files: entries };
  writeManifest(target, manifest);
  return { manifest, vanished, bytes: entries.reduce((sum, e) => sum + e.bytes, 0) };
}

function sizeOrZero(file: string): number {
  try {
    return statSync(file).size;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}
