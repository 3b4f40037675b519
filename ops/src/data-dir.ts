import { ConfigError } from '@kainga/platform';
import { mkdirSync } from 'node:fs';
import { holdDataDir } from './pid-lock';

/** What a failed mkdir or write of DATA_DIR means, in words (by errno code). */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'part of the path is a file, not a directory',
  EEXIST: 'it is a file, not a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENAMETOOLONG: 'the path is too long',
};

/**
 * Makes DATA_DIR (the owner's only: it holds secrets) and, with the embedded stores (`hold`),
 * marks it as this process's (pid-lock.ts). A directory that cannot be made or written, or that
 * another Kāinga process holds, is a problem of configuration and is said as one: start-up
 * prints a `ConfigError`'s sentence, not a stack trace. Returns what releases the hold.
 */
export function prepareDataDir(dataDir: string, hold: boolean): () => void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return hold ? holdDataDir(dataDir) : () => undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof ConfigError || code === undefined) throw error;
    throw new ConfigError([`DATA_DIR ${dataDir} cannot be used (${REASONS[code] ?? code}): choose a directory this user can create and write to.`]);
  }
}
