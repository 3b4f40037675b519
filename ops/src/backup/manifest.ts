import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteCheck } from './sqlite-snapshot';

export const MANIFEST = 'manifest.json';
/** Raised when what a manifest holds changes meaning; restore refuses a format it does not know. */
export const MANIFEST_FORMAT = 1;

export interface ManifestFile {
  /** Relative to DATA_DIR, `/` separators. */
  path: string;
  bytes: number;
  sha256: string;
  /** For a SQLite database: its copy's integrity check and row counts when the backup was taken. */
  sqlite?: SqliteCheck;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  kaingaVersion: string;
  sourceDataDir: string;
  /** In the order they were copied. */
  files: ManifestFile[];
}

/** A backup that cannot be taken or restored, with the sentence saying why (its first problem). */
export class BackupProblem extends Error {}

/** A file-system failure on a folder said as a BackupProblem (by errno code), or the error itself when it is not one. */
export function folderProblem(folder: string, error: unknown, what: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reasons: Record<string, string> = { EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'the file system is read-only', ENOSPC: 'the disk is full', ENOTDIR: 'part of the path is a file' };
  return code ? new BackupProblem(`${folder} cannot be written (${reasons[code] ?? code}): ${what}.`) : error;
}

/**
 * Written last, under a temporary name then renamed: a folder without a manifest is a backup cut
 * short, and a manifest is never read half written.
 */
export function writeManifest(folder: string, manifest: Manifest): void {
  const temp = join(folder, `.${MANIFEST}.tmp`);
  writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flush: true });
  renameSync(temp, join(folder, MANIFEST));
}

const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/** Why one listed file's entry is malformed, or null. */
function entryProblem(entry: unknown): string | null {
  const e = entry as Partial<ManifestFile> | null;
  if (typeof e !== 'object' || e === null) return 'an entry is not an object';
  if (typeof e.path !== 'string' || !e.path || e.path.startsWith('/') || e.path.split('/').some((part) => part === '..' || part === '')) return `an entry's path ${JSON.stringify(e.path)} is not a plain relative path`;
  if (!isCount(e.bytes)) return `${e.path}'s size is not a number of bytes`;
  if (typeof e.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(e.sha256)) return `${e.path}'s sha256 is not 64 hex digits`;
  return null;
}

/** The manifest of a backup folder, checked for shape; a BackupProblem naming what is wrong otherwise. */
export function readManifest(folder: string): Manifest {
  let text: string;
  try {
    text = readFileSync(join(folder, MANIFEST), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupProblem(`${folder} has no ${MANIFEST}: the backup is partial (it was cut short, or is still being written). Use a complete backup.`);
    }
    throw error;
  }
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(text) as Partial<Manifest>;
  } catch (error) {
    throw new BackupProblem(`${join(folder, MANIFEST)} is not valid JSON (${(error as Error).message}): the backup is damaged.`);
  }
  const bad = (why: string) => new BackupProblem(`${join(folder, MANIFEST)} is not a Kāinga backup manifest: ${why}.`);
  if (typeof parsed !== 'object' || parsed === null) throw bad('it is not an object');
  if (parsed.format !== MANIFEST_FORMAT) throw bad(`its format is ${JSON.stringify(parsed.format)}, and this version restores format ${MANIFEST_FORMAT}`);
  if (!Array.isArray(parsed.files)) throw bad('it lists no files');
  for (const entry of parsed.files) {
    const problem = entryProblem(entry);
    if (problem) throw bad(problem);
  }
  if (new Set(parsed.files.map((f) => f.path)).size !== parsed.files.length) throw bad('it lists a file twice');
  return parsed as Manifest;
}
