import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

/** Owner read/write only: for files holding secrets (password hashes, session ids) or personal data. */
export const PRIVATE_FILE_MODE = 0o600;
/** Owner only, for a data directory we create. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes a SQLite database file private before it is opened: created 0600 when absent, narrowed to
 * 0600 when it exists (a DATA_DIR from an older version), with any -wal, -shm and -journal
 * beside it. SQLite then creates those companions with the database file's own mode.
 */
export function makeSqliteFilePrivate(file: string): void {
  if (file === '' || file === ':memory:') return;
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}
