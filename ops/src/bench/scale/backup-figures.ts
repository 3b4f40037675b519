import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { restoreBackup } from '../../backup/restore-backup';
import { takeBackup } from '../../backup/take-backup';
import { bar } from '../progress';

export interface BackupFigures {
  /** `npm run backup`'s work on the running service's DATA_DIR. */
  backupMs: number;
  /** The backup folder: every file it holds, manifest aside. */
  bytes: number;
  files: number;
  /** `npm run restore`'s work into an empty DATA_DIR: every file copied and checked (sha256, integrity_check). */
  restoreMs: number;
}

/**
 * Times a backup of `dataDir` (while its server runs, as an operator takes one) and its restore
 * into an empty directory, both under `scratch`, then removes them.
 */
export async function backupFigures(dataDir: string, scratch: string): Promise<BackupFigures> {
  const work = mkdtempSync(join(scratch, 'backup-figures-'));
  try {
    const backupBar = bar('npm run backup', 1, 'MB');
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    let started = performance.now();
    const { manifest, bytes } = await takeBackup({ dataDir, target: join(work, 'backup'), onProgress: ({ done, total }) => backupBar.update(mb(done), Math.max(mb(total), 1)) });
    const backupMs = performance.now() - started;
    backupBar.stop();
    const restoreBar = bar('npm run restore', 1, 'MB');
    started = performance.now();
    await restoreBackup({ folder: join(work, 'backup'), dataDir: join(work, 'restored'), onProgress: ({ done, total }) => restoreBar.update(mb(done), Math.max(mb(total), 1)) });
    const restoreMs = performance.now() - started;
    restoreBar.stop();
    return { backupMs, bytes, files: manifest.files.length, restoreMs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`);

/** The scale table's rows for backup and restore, one cell a size ("—" for a size measured without them). */
export function backupRows(figures: readonly { backup?: BackupFigures }[]): string[][] {
  return [
    ['Backup (time, size)', ...figures.map(({ backup: b }) => (b ? `${seconds(b.backupMs)}, ${size(b.bytes)} in ${b.files.toLocaleString('en-NZ')} files` : '—')), '—'],
    ['Restore (time)', ...figures.map(({ backup: b }) => (b ? seconds(b.restoreMs) : '—')), '—'],
  ];
}
