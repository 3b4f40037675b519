import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { runningPid } from '../pid-lock';
import { hashedCopy, PRIVATE_DIR_MODE } from './hashed-copy';
import { ERASURES_FROM_FLAG, newerBackupBeside, readErasureSource, type ErasureSource } from './erasure-source';
import { BackupProblem, folderProblem, MANIFEST, readManifest, type Manifest } from './manifest';
import { reapplyErasures, type ReapplyProgress } from './reapply-erasures';
import { checkSqlite } from './sqlite-snapshot';

export interface RestoreProgress {
  path: string;
  done: number;
  total: number;
}

/**
 * A step run on the restored files before they are moved into DATA_DIR, in order; one that throws
 * leaves DATA_DIR as it was (empty). `dir` is the folder about to become DATA_DIR.
 */
export type PostRestoreStep = (restored: { dir: string; manifest: Manifest }) => Promise<void>;

/**
 * Steps every restore runs on the restored files, before the erasures made since the backup are
 * applied again (DESIGN: "Backups and restores honour erasures made since"; that step is
 * restoreBackup's own, as it needs its source: see `erasuresFrom`).
 */
export const POST_RESTORE_STEPS: PostRestoreStep[] = [];

/** Where the erasures made after the backup came from, and how many the restore applied again. */
export interface ErasuresReapplied {
  /** Null when no newer backup was beside the backup and none was given: later erasures cannot be known. */
  source: Omit<ErasureSource, 'erasures'> | null;
  /** The source was found beside the backup (the newest newer one), not given. */
  discovered: boolean;
  /** Erasures in the source whose person the backup holds unerased: applied again. */
  reapplied: number;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Files in the backup folder its manifest does not list: not restored, and said so. */
  unlisted: string[];
  bytes: number;
  /** Null with `check`, which only verifies the backup. */
  erasures: ErasuresReapplied | null;
}

/**
 * The source of erasures made after the backup: `erasuresFrom` when given, else the newest backup
 * beside it taken later, else none. A source that is damaged or not a Kāinga store is refused.
 */
async function erasureSourceFor(folder: string, manifest: Manifest, erasuresFrom: string | undefined): Promise<{ source: ErasureSource | null; discovered: boolean }> {
  if (erasuresFrom) return { source: await readErasureSource(erasuresFrom), discovered: false };
  const newer = newerBackupBeside(folder, manifest);
  if (!newer) return { source: null, discovered: false };
  try {
    return { source: await readErasureSource(newer.path), discovered: true };
  } catch (error) {
    if (!(error instanceof BackupProblem)) throw error;
    throw new BackupProblem(`${error.message} It is the newest backup beside ${folder}, read for the erasures made since: give ${ERASURES_FROM_FLAG} another newer backup or the DATA_DIR.`);
  }
}

/** Every file under `folder`, relative with `/` separators. */
function filesUnder(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Refuses a DATA_DIR in use or holding anything: a restore never mixes a backup with other data. */
function checkDataDir(dataDir: string): void {
  const pid = runningPid(dataDir);
  if (pid) throw new BackupProblem(`Kāinga (process ${pid}) is running on ${dataDir}. Stop it, and restore into an empty DATA_DIR.`);
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory()) throw new BackupProblem(`DATA_DIR ${dataDir} is a file: restore into an empty or new directory.`);
  if (readdirSync(dataDir).length > 0) throw new BackupProblem(`DATA_DIR ${dataDir} is not empty: restore into an empty or new directory (a restore never writes over data).`);
}

/**
 * Puts the backup in `folder` into an empty or absent DATA_DIR. Everything is copied into a fresh
 * folder beside DATA_DIR first, each file checked as it is copied (listed, present, same size and
 * sha256; each SQLite database passing `PRAGMA integrity_check`), then the post-restore steps run
 * and the erasures made after the backup are applied again (reapply-erasures.ts), and only then
 * is the folder renamed into place: a damaged or partial backup is refused with its
 * first problem named, and leaves nothing in DATA_DIR. `check` verifies the same way and keeps
 * nothing (`dataDir` is then only where the scratch folder goes).
 */
export async function restoreBackup(options: {
  folder: string;
  dataDir: string;
  check?: boolean;
  onProgress?: (progress: RestoreProgress) => void;
  /** A newer backup folder or a DATA_DIR (stopped or running) whose erasures are applied again; by default the newest backup beside `folder` taken after it. */
  erasuresFrom?: string;
  onErasureProgress?: (progress: ReapplyProgress) => void;
}): Promise<RestoreResult> {
  const folder = resolve(options.folder);
  const dataDir = resolve(options.dataDir);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new BackupProblem(`${folder} is not a folder: give the folder \`npm run backup\` wrote.`);
  if (!options.check) checkDataDir(dataDir);
  const manifest = readManifest(folder);
  const listed = new Set(manifest.files.map((f) => f.path));
  const unlisted = filesUnder(folder).filter((path) => path !== MANIFEST && !listed.has(path));
  const total = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  // Read before anything is written: a source refused leaves DATA_DIR as it was.
  const { source, discovered } = options.check ? { source: null, discovered: false } : await erasureSourceFor(folder, manifest, options.erasuresFrom);
  // Beside DATA_DIR, so the final rename stays on one file system; mkdtemp makes it 0700.
  let scratch: string;
  try {
    mkdirSync(dirname(dataDir), { recursive: true, mode: PRIVATE_DIR_MODE });
    scratch = mkdtempSync(join(dirname(dataDir), `.${basename(dataDir)}.restoring-`));
  } catch (error) {
    throw folderProblem(dirname(dataDir), error, 'DATA_DIR must be a directory this user can create there');
  }
  try {
    let done = 0;
    for (const file of manifest.files) {
      const src = join(folder, file.path);
      if (!existsSync(src)) throw new BackupProblem(`The backup is damaged: ${file.path} is missing from ${folder}.`);
      const copied = await hashedCopy(src, join(scratch, file.path), (n) => {
        done += n;
        options.onProgress?.({ path: file.path, done, total });
      });
      if (copied.bytes !== file.bytes) throw new BackupProblem(`The backup is damaged: ${file.path} has ${copied.bytes} bytes, and its manifest says ${file.bytes}.`);
      if (copied.sha256 !== file.sha256) throw new BackupProblem(`The backup is damaged: ${file.path}'s sha256 is not the one its manifest lists (the file changed after the backup).`);
      if (file.sqlite) {
        const { integrityCheck } = checkSqlite(join(scratch, file.path));
        if (integrityCheck !== 'ok') throw new BackupProblem(`The backup is damaged: ${file.path} fails SQLite's integrity check (${integrityCheck}).`);
      }
    }
    for (const step of POST_RESTORE_STEPS) await step({ dir: scratch, manifest });
    const reapplied = source ? await reapplyErasures(scratch, source.erasures, options.onErasureProgress) : 0;
    if (!options.check) {
      // rename(2) replaces an empty directory; an absent one is simply created by it.
      renameSync(scratch, dataDir);
    }
    const erasures = options.check ? null : { source: source && { path: source.path, kind: source.kind, createdAt: source.createdAt }, discovered, reapplied };
    return { manifest, unlisted, bytes: total, erasures };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
