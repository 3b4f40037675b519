import { loadConfig, openStores } from '@kainga/platform';
import cliProgress from 'cli-progress';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { serverRunningOn } from '../pid-lock';
import { errorsCsv, importSales, SalesFileError, type ImportSummary } from './import-sales';
import { runWhenMain } from '../cli-main';

const usage = 'Usage: npm run import:sales -- <file.csv> [--demo]   (the format: ops/src/import-sales/README.md)';

/** How many rejected rows the terminal shows; the errors file holds them all. */
const SHOWN_ERRORS = 50;

/**
 * `npm run import:sales -- <file.csv> [--demo]`: records the sales of a CSV file (README.md
 * beside this file), with a progress bar and a summary. Exit codes: 0 the file was processed
 * (even when rows were rejected: they are listed and written to `<file>.errors.csv`); 1 the file
 * cannot be read, its header is wrong, or Kāinga is running on the same embedded DATA_DIR;
 * 2 usage. `--demo` marks the sales as demo data (for the fictitious example file).
 */
export async function main(args: string[], out: { log: (s: string) => void; error: (s: string) => void } = console): Promise<number> {
  const flags = args.filter((a) => a.startsWith('--'));
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = flags.filter((f) => f !== '--demo');
  if (files.length !== 1 || unknown.length > 0) {
    out.error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}.\n${usage}` : usage);
    return 2;
  }
  // `npm run` starts scripts in the repository root: resolve the path from where the user typed it.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    out.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    return 1;
  }

  const config = loadConfig(process.env);
  if (!config.EVENTSTORE_URL || !config.MONGO_URL) {
    // The embedded stores belong to the running server (its read models live in its memory).
    const running = serverRunningOn(config.DATA_DIR, 'import');
    if (running) {
      out.error(running);
      return 1;
    }
  }

  const startedAt = new Date();
  const bar = new cliProgress.SingleBar(
    { format: ' importing |{bar}| {percentage}% | {value}/{total} rows | {eta_formatted} left', hideCursor: true, clearOnComplete: false, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  const stores = await openStores(config);
  let summary: ImportSummary;
  try {
    summary = await importSales(stores, text, {
      source: `csv-import:${basename(file)}`,
      correlationId: `import:${basename(file)}:${startedAt.toISOString()}`,
      now: startedAt,
      demo: flags.includes('--demo'),
      onProgress: (done, total) => {
        if (done === 0) bar.start(total, 0);
        else bar.update(done);
      },
    });
  } catch (error) {
    if (error instanceof SalesFileError) {
      out.error(`${file}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    bar.stop();
    await stores.close();
  }

  out.log(`\n${basename(file)}: ${summary.rows} rows`);
  out.log(`  imported         ${summary.imported}`);
  out.log(`  already present  ${summary.alreadyPresent}`);
  out.log(`  rejected         ${summary.rejected}`);
  const errorsFile = `${file}.errors.csv`;
  if (summary.rejected > 0) {
    out.log('\nRejected rows (row = line of the file):');
    for (const e of summary.errors.slice(0, SHOWN_ERRORS)) out.log(`  row ${e.row}: ${e.message}`);
    if (summary.errors.length > SHOWN_ERRORS) out.log(`  … and ${summary.errors.length - SHOWN_ERRORS} more`);
    writeFileSync(errorsFile, errorsCsv(summary));
    out.log(`\nEvery rejected row, with its problems, is in ${errorsFile}: fix it and import that file again.`);
  } else if (existsSync(errorsFile)) {
    // The errors of an earlier import of this file no longer hold.
    rmSync(errorsFile);
    out.log(`\nRemoved ${errorsFile} of an earlier import: every row is in now.`);
  }
  return 0;
}

runWhenMain(import.meta.url, () => main(process.argv.slice(2)));
