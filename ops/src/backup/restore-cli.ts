import { loadConfig } from '@kainga/platform';
import { resolve } from 'node:path';
import { runWhenMain } from '../cli-main';
import { byteBar, countBar, distributedRefusal } from './cli-bits';
import { ERASURES_FROM_FLAG } from './erasure-source';
import { BackupProblem } from './manifest';
import { restoreBackup, type ErasuresReapplied } from './restore-backup';

export const RESTORE_USAGE = `Usage: npm run restore -- [--check] <folder> [${ERASURES_FROM_FLAG} <newer backup folder or DATA_DIR>]   (into an empty DATA_DIR; --check only verifies the backup)`;

/** What the restore says about the erasures made after the backup. */
export function erasuresLine({ source, discovered, reapplied }: ErasuresReapplied, createdAt: string): string {
  if (!source) {
    return `No backup taken after this one (${createdAt}) was found beside it: erasures made after it cannot be known. If you have a newer backup or the old DATA_DIR, restore again with ${ERASURES_FROM_FLAG} <newer backup or DATA_DIR>; otherwise re-apply them from your records (docs/operations.md#backups).`;
  }
  const from = `${source.kind === 'backup' ? `the backup ${source.path}, taken ${source.createdAt}` : `the DATA_DIR ${source.path}`}${discovered ? ', the newest beside this one' : ''}`;
  if (reapplied === 0) return `No erasure made after this backup to re-apply (from ${from}).`;
  return `✔ Re-applied ${reapplied} erasure${reapplied === 1 ? '' : 's'} made after this backup (from ${from}).`;
}

/**
 * `npm run restore -- <folder>`: puts a backup into an empty or absent DATA_DIR after checking
 * every file (restore-backup.ts), with a progress bar, and applies again the erasures made after
 * it, read from `--erasures-from` or the newest later backup beside it (said either way); `--check`
 * verifies and writes nothing into DATA_DIR. 0 when done, 2 for a wrong argument, 1 when refused (the first problem, in a sentence).
 */
export async function main(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const check = args.includes('--check');
  const flag = args.indexOf(ERASURES_FROM_FLAG);
  const erasuresFrom = flag >= 0 ? args[flag + 1] : undefined;
  const rest = args.filter((a, i) => a !== '--check' && (flag < 0 || (i !== flag && i !== flag + 1)));
  const badFlag = flag >= 0 && (!erasuresFrom || erasuresFrom.startsWith('-') || check || args.lastIndexOf(ERASURES_FROM_FLAG) !== flag);
  if (badFlag || rest.length !== 1 || !rest[0] || rest[0].startsWith('-')) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  const distributed = distributedRefusal(env, 'restore');
  if (distributed) {
    console.error(distributed);
    return 1;
  }
  const dataDir = resolve(loadConfig(env).DATA_DIR);
  const bar = byteBar(check ? 'check' : 'restore');
  const erasureBar = countBar('re-apply', 'erasures made after the backup');
  let result;
  try {
    result = await restoreBackup({
      folder: rest[0],
      dataDir,
      check,
      erasuresFrom,
      onProgress: (p) => bar.update(p),
      onErasureProgress: (p) => {
        bar.stop();
        erasureBar.update(p);
      },
    });
    bar.stop(result.bytes);
    erasureBar.stop();
  } catch (error) {
    bar.stop();
    erasureBar.stop();
    if (error instanceof BackupProblem) {
      console.error(`${error.message}${check ? '' : ` Nothing was written into ${dataDir}.`}`);
      return 1;
    }
    throw error;
  }
  const { manifest, unlisted, erasures } = result;
  for (const path of unlisted) console.error(`${path} is in the backup folder but not in its manifest: it was not ${check ? 'checked' : 'restored'}.`);
  const what = `${manifest.files.length} files, taken ${manifest.createdAt} from ${manifest.sourceDataDir} by Kāinga ${manifest.kaingaVersion}`;
  console.log(check ? `✔ The backup in ${resolve(rest[0])} is whole: ${what}.` : `✔ Restored ${what} into ${dataDir}. Start Kāinga on it (npm start): the read models catch up from their checkpoints.`);
  // Unknown later erasures are a warning (stderr); what was re-applied is the restore's report.
  if (erasures) (erasures.source ? console.log : console.error)(erasuresLine(erasures, manifest.createdAt));
  return 0;
}

runWhenMain(import.meta.url, () => main(process.argv.slice(2)));
