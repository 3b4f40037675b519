import { mkdirSync } from 'node:fs';
import { PRIVATE_DIR_MODE } from '../private-file';
import { ConfigError } from './config';

/** What a failed mkdir or write in DATA_DIR means, in words (by errno code). */
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
 * A file-system failure on DATA_DIR as a `ConfigError` naming the path and why in words (every
 * entry point prints a ConfigError's sentence, not a stack trace); null for an error that is not
 * the file system's.
 */
export function dataDirProblem(dir: string, error: unknown): ConfigError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === undefined) return null;
  return new ConfigError([`DATA_DIR ${dir} cannot be used (${REASONS[code] ?? code}): choose a directory this user can create and write to.`]);
}

/** Makes DATA_DIR for this user only (it holds personal data and secrets), or says why it cannot. */
export function makeDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw dataDirProblem(dir, error) ?? error;
  }
}
