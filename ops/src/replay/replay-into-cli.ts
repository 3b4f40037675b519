import { loadConfig, openReadStore, openStores, SqliteEventStore, type Config, type EventStore } from '@kainga/platform';
import { AD_ANALYTICS_FILTER } from '@kainga/projections';
import { parseRange, ReplayUsageError, seekStart, type ReplayRange } from '@kainga/projections/ad-records';
import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { asOfTable } from './as-of-table';
import { isClosedPipe } from './closed-pipe';
import { parseOrExit } from './parse-or-exit';
import { readAnalysis, replayInto } from './replay-into';

export const REPLAY_INTO_USAGE = 'Usage: npm run replay -- ads --into <analysis> [--from <date|position>] [--to <date|position>]';

const HELP = `${REPLAY_INTO_USAGE}

Replays the ad impressions, clicks and partner leads of the event log into an analytic read model
of its own — daily impressions, clicks, CTR and leads by placement, tier, city and subscription
(New Zealand days) — "as of" the end of the range, then prints its figures. The live read models
are never touched; replaying into the same name again replaces the analysis.
  --into   the analysis's name: lowercase letters, digits and hyphens (e.g. march-2026)
           kept in DATA_DIR/analyses/<name>/, or the database <MONGO_DB>-analysis-<name> with MONGO_URL
  --from   first day (YYYY-MM-DD, UTC), instant (ISO timestamp with zone) or log position; inclusive
  --to     end (YYYY-MM-DD, UTC, that day's first instant), instant or log position; exclusive:
           the day or position given is left out, so --from 2026-03-01 --to 2026-03-02 is 1 March
           and the next range can start where this one ends
Progress goes to standard error, the figures and where they are kept to standard output.
`;

const NAME = /^[a-z0-9][a-z0-9-]{0,47}$/;
// MongoDB refuses a database name of 64 bytes or more.
const MONGO_DB_NAME_MAX = 63;

export interface ReplayIntoArgs {
  name: string;
  range: ReplayRange;
}

/** `--into`'s arguments, checked; 'help' for --help. Throws ReplayUsageError for anything wrong. */
export function parseReplayIntoArgs(args: string[]): ReplayIntoArgs | 'help' {
  let values: { into?: string; from?: string; to?: string; format?: string; out?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { into: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new ReplayUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (positionals[0] !== 'ads') throw new ReplayUsageError(positionals.length === 0 ? 'Say what to replay: ads.' : `Cannot replay "${positionals[0]}": only ads can be replayed.`);
  if (positionals.length > 1) throw new ReplayUsageError(`Unexpected argument "${positionals[1]}".`);
  if (values.format !== undefined || values.out !== undefined) throw new ReplayUsageError(`--into writes an analysis, not a file: leave out ${values.format !== undefined ? '--format' : '--out'}.`);
  const name = values.into ?? '';
  if (!NAME.test(name)) throw new ReplayUsageError(`--into "${name}": an analysis name is 1 to 48 lowercase letters, digits and hyphens, starting with a letter or digit (e.g. march-2026).`);
  return { name, range: parseRange(values.from, values.to) };
}

/** Where an analysis is kept: its own embedded store under DATA_DIR, or its own MongoDB database. */
export function analysisLocation(config: Pick<Config, 'DATA_DIR' | 'MONGO_URL' | 'MONGO_DB'>, name: string) {
  const file = join(resolve(config.DATA_DIR), 'analyses', name, 'read-models.sqlite');
  const mongoDb = `${config.MONGO_DB}-analysis-${name}`;
  return { file, mongoDb, mongoUrl: config.MONGO_URL, describe: config.MONGO_URL ? `MongoDB database ${mongoDb}` : file };
}

export interface ReplayIntoIo {
  env?: Record<string, string | undefined>;
  stdout?: Writable;
  stderr?: Writable & { isTTY?: boolean };
}

/**
 * `npm run replay -- ads --into <analysis> …`: 0 when done, 2 for a bad argument (with a message
 * saying which and why), 1 when a store fails.
 */
export async function replayIntoMain(args: string[], io: ReplayIntoIo = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const stdout = io.stdout ?? process.stdout;
  const say = (text: string) => stderr.write(`${text}\n`);
  const outcome = parseOrExit(() => parseReplayIntoArgs(args), { usage: REPLAY_INTO_USAGE, help: HELP }, stderr);
  if ('exit' in outcome) return outcome.exit;
  const parsed = outcome.args;
  const config = loadConfig(io.env ?? process.env);
  const where = analysisLocation(config, parsed.name);
  if (config.MONGO_URL && where.mongoDb.length > MONGO_DB_NAME_MAX) {
    say(`--into ${parsed.name}: the database ${where.mongoDb} would be longer than MongoDB allows (${MONGO_DB_NAME_MAX}); choose a shorter name.\n${REPLAY_INTO_USAGE}`);
    return 2;
  }
  const adapter = config.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite';
  const logFile = join(resolve(config.DATA_DIR), 'events.sqlite');
  if (adapter === 'sqlite' && !existsSync(logFile)) {
    say(`No event log at ${logFile}: set DATA_DIR to the directory of the Kāinga data to replay.`);
    return 2;
  }
  const progress = new cliProgress.SingleBar(
    { format: ' ad events and leads |{bar}| {value} read', hideCursor: true, clearOnComplete: true, fps: 10, stream: stderr as NodeJS.WritableStream },
    cliProgress.Presets.shades_classic,
  );
  const source = await openEventStore(config, logFile);
  let target;
  try {
    target = await openReadStore(where);
  } catch (error) {
    await source.close();
    say(`Cannot open the analysis store (${where.describe}): ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    progress.start(Math.max(await source.eventStore.countEvents(AD_ANALYTICS_FILTER), 1), 0);
    const summary = await replayInto(source.eventStore, target, { name: parsed.name, range: parsed.range, after: await seekStart(source.eventStore, parsed.range.from, adapter), onProgress: (read) => progress.update(read) });
    progress.stop();
    const { docs } = await readAnalysis(target);
    await printed(stdout, `${asOfTable(summary, docs)}Kept in ${where.describe} (collections ad_analytics and ad_analysis).\n`);
    return 0;
  } catch (error) {
    progress.stop();
    // The analysis is kept; only its printout was cut short by its reader (| head).
    if (isClosedPipe(error)) return 0;
    say(`Replay failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await target.close();
    await source.close();
  }
}

/** Writes `text` and waits until it is written, or the stream fails. */
function printed(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Left on: a failed write also emits 'error', which with no listener would crash the CLI.
    out.on('error', reject);
    out.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** The embedded log alone (its read models may be in a running server's hands); a server log through openStores. */
async function openEventStore(config: Config, logFile: string): Promise<{ eventStore: EventStore; close: () => Promise<void> }> {
  if (!config.EVENTSTORE_URL) {
    const eventStore = new SqliteEventStore(logFile);
    return { eventStore, close: () => eventStore.close() };
  }
  const stores = await openStores(config);
  return { eventStore: stores.eventStore, close: () => stores.close() };
}
