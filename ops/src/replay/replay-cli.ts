import { loadConfig, openStores, SqliteEventStore, type EventStore } from '@kainga/platform';
import cliProgress from 'cli-progress';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { runWhenMain } from '../cli-main';
import { AD_ACTIVITY_FILTER, parseRange, replayAds, ReplayUsageError, seekStart, type ReplayCounts } from '@kainga/projections/ad-records';
import { isClosedPipe } from './closed-pipe';
import { parseOrExit } from './parse-or-exit';
import { encoderFor, formatList, REPLAY_FILE_FORMATS, type ReplayFileFormat } from './replay-formats';
import { replayIntoMain } from './replay-into-cli';

export const REPLAY_USAGE = 'Usage: npm run replay -- ads [--from <date|position>] [--to <date|position>] [--format ndjson|csv|parquet] [--out <file>]';

const HELP = `${REPLAY_USAGE}

Writes the ad impressions and clicks of the event log, in log order, one flat record each.
  --from   first day (YYYY-MM-DD, UTC), instant (ISO timestamp with zone) or log position; inclusive
  --to     end (YYYY-MM-DD, UTC, that day's first instant), instant or log position; exclusive:
           the day or position given is left out, so --from 2026-03-01 --to 2026-03-02 is 1 March
           and the next range can start where this one ends
  --format ndjson (default), csv (RFC 4180, with a header) or parquet (string columns, nulls kept)
  --out    file to write (replaced); standard output when absent
  --into   replay into an analysis instead (see npm run replay -- ads --into x --help)
Progress and the closing counts go to standard error.
`;

export interface ReplayIo {
  env?: Record<string, string | undefined>;
  stdout?: Writable;
  stderr?: Writable & { isTTY?: boolean };
}

/**
 * `npm run replay -- ads …`: an analyst's replay of the ad streams straight from the event store
 * the environment configures (EVENTSTORE_URL, else DATA_DIR's embedded log), to NDJSON, CSV or Parquet.
 * Answers 0 when done (or, saying nothing, when the output's reader closes it: `| head`), 2 for a
 * bad argument (with a message saying which and why), 1 when the store or the output fails. The output holds nothing of the run itself (no run time, no host), so
 * one range gives the same bytes every time.
 */
export async function main(args: string[], io: ReplayIo = {}): Promise<number> {
  // `--into <analysis>` builds an analytic read model rather than writing records (replay-into-cli.ts).
  if (args.some((a) => a === '--into' || a.startsWith('--into='))) return replayIntoMain(args, io);
  const stderr = io.stderr ?? process.stderr;
  const say = (text: string) => stderr.write(`${text}\n`);
  const outcome = parseOrExit(() => parseReplayArgs(args), { usage: REPLAY_USAGE, help: HELP }, stderr);
  if ('exit' in outcome) return outcome.exit;
  const parsed = outcome.args;
  const config = loadConfig(io.env ?? process.env);
  const adapter = config.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite';
  const logFile = join(resolve(config.DATA_DIR), 'events.sqlite');
  // A replay only reads: on the embedded store, a missing log is a wrong DATA_DIR, not an empty one.
  if (adapter === 'sqlite' && !existsSync(logFile)) {
    say(`No event log at ${logFile}: set DATA_DIR to the directory of the Kāinga data to replay.`);
    return 2;
  }
  const { eventStore, close } = await openEventStore(config, logFile);
  const out: Writable = parsed.out ? createWriteStream(parsed.out) : (io.stdout ?? process.stdout);
  let failed: unknown = null;
  // Set once the reader of the output has gone (| head): the replay stops and ends quietly.
  let readerGone = false;
  out.on('error', (error: Error) => {
    readerGone ||= isClosedPipe(error);
    failed ??= error;
  });
  const started = performance.now();
  const progress = new cliProgress.SingleBar(
    { format: ' ad events |{bar}| {percentage}% | {value}/{total} | {eta_formatted} left', hideCursor: true, clearOnComplete: true, fps: 10, stream: stderr as NodeJS.WritableStream },
    cliProgress.Presets.shades_classic,
  );
  let counts: ReplayCounts;
  try {
    // The bar's total is every ad event in the log: a range may end before it, hence the final update.
    progress.start(Math.max(await eventStore.countEvents(AD_ACTIVITY_FILTER), 1), 0);
    counts = await replayAds(eventStore, { range: parsed.range, encoder: encoderFor(parsed.format), out, after: await seekStart(eventStore, parsed.range.from, adapter), onProgress: (read) => progress.update(read) });
    progress.setTotal(Math.max(counts.read, 1));
    progress.update(counts.read);
    if (parsed.out) await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
  } catch (error) {
    readerGone ||= isClosedPipe(error);
    failed ??= error;
    counts = { impressions: 0, clicks: 0, read: 0 };
  } finally {
    progress.stop();
    if (failed && parsed.out) out.destroy();
    await close();
  }
  if (readerGone) return 0;
  if (failed) {
    say(`Replay failed: ${failed instanceof Error ? failed.message : String(failed)}`);
    return 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const written = counts.impressions + counts.clicks;
  say(`${counts.impressions} impressions, ${counts.clicks} clicks (${written} events) in ${seconds.toFixed(2)} s: ${Math.round(written / Math.max(seconds, 1e-6))} events/s`);
  return 0;
}

/** The arguments, checked; 'help' for --help. Throws ReplayUsageError for anything else wrong. */
export function parseReplayArgs(args: string[]) {
  let values: { from?: string; to?: string; format?: string; out?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    // node's messages name the option ("Unknown option '--form'", "Option '--from <value>' argument missing").
    throw new ReplayUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help' as const;
  if (positionals.length === 0) throw new ReplayUsageError('Say what to replay: ads.');
  if (positionals[0] !== 'ads') throw new ReplayUsageError(`Cannot replay "${positionals[0]}": only ads can be replayed.`);
  if (positionals.length > 1) throw new ReplayUsageError(`Unexpected argument "${positionals[1]}".`);
  const format = (values.format ?? 'ndjson') as ReplayFileFormat;
  if (!REPLAY_FILE_FORMATS.includes(format)) throw new ReplayUsageError(`--format ${values.format}: expected ${formatList()}.`);
  const out = values.out;
  if (out !== undefined) {
    if (out.trim() === '') throw new ReplayUsageError('--out needs a file name.');
    const dir = dirname(resolve(out));
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ReplayUsageError(`--out ${out}: the directory ${dir} does not exist.`);
    if (existsSync(out) && statSync(out).isDirectory()) throw new ReplayUsageError(`--out ${out} is a directory; name a file.`);
  }
  return { range: parseRange(values.from, values.to), format, out };
}

/**
 * Only the event store: the embedded log is opened alone (the embedded read models are not
 * needed and may be in a running server's hands); a server store through openStores, as the
 * platform exports no EventStoreDB adapter on its own (its read store is then opened unused).
 */
async function openEventStore(config: ReturnType<typeof loadConfig>, logFile: string): Promise<{ eventStore: EventStore; close: () => Promise<void> }> {
  if (!config.EVENTSTORE_URL) {
    const eventStore = new SqliteEventStore(logFile);
    return { eventStore, close: () => eventStore.close() };
  }
  const stores = await openStores(config);
  return { eventStore: stores.eventStore, close: () => stores.close() };
}

runWhenMain(import.meta.url, () => main(process.argv.slice(2)));
