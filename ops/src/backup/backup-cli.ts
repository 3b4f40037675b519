import { loadConfig } from '@kainga/platform';
import { resolve } from 'node:path';
import { runWhenMain } from '../cli-main';
import { byteBar, distributedRefusal } from './cli-bits';
import { BackupProblem } from './manifest';
import { takeBackup } from './take-backup';

export const BACKUP_USAGE = 'Usage: npm run backup -- <folder>   (a new or empty folder; DATA_DIR says what to back up)';

/**
 * `npm run backup -- <folder>`: a consistent backup of the embedded service's DATA_DIR, taken
 * while it runs (take-backup.ts), with a progress bar. 0 when done, 2 for a wrong argument, 1 when
 * it cannot be taken (a sentence saying why).
 */
export async function main(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  const distributed = distributedRefusal(env, 'back up');
  if (distributed) {
    console.error(distributed);
    return 1;
  }
  const dataDir = resolve(loadConfig(env).DATA_DIR);
  const bar = byteBar('backup');
  let result;
  try {
    result = await takeBackup({ dataDir, target: args[0], onProgress: (p) => bar.update(p) });
    bar.stop(result.bytes);
  } catch (error) {
    bar.stop();
    if (error instanceof BackupProblem) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const { manifest, vanished } = result;
  for (const path of vanished) console.error(`${path} was removed while the backup ran (a deleted upload): it is not in the backup.`);
  for (const file of manifest.files) {
    if (file.sqlite && file.sqlite.integrityCheck !== 'ok') console.error(`Warning: ${file.path} fails SQLite's integrity check (${file.sqlite.integrityCheck}); the backup holds it as it is, and restore will refuse it.`);
  }
  const databases = manifest.files.filter((f) => f.sqlite).length;
  console.log(`✔ Backed up ${dataDir} into ${resolve(args[0])}: ${manifest.files.length} files (${databases} SQLite databases), ${(result.bytes / 1024 / 1024).toFixed(1)} MB, manifest.json last.`);
  return 0;
}

runWhenMain(import.meta.url, () => main(process.argv.slice(2)));
