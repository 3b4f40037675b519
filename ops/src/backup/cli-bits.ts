import cliProgress from 'cli-progress';

/** Where the distributed run's backups are explained (docs/distributed.md). */
export const DISTRIBUTED_BACKUPS_DOC = 'docs/distributed.md#backups';

/**
 * Why a backup or restore of DATA_DIR does not apply, or null: with EVENTSTORE_URL or MONGO_URL the
 * data lives on the servers, which are backed up with their own tools.
 */
export function distributedRefusal(env: Record<string, string | undefined>, verb: 'back up' | 'restore'): string | null {
  const servers = ['EVENTSTORE_URL', 'MONGO_URL'].filter((name) => env[name]);
  if (servers.length === 0) return null;
  return `${servers.join(' and ')} ${servers.length > 1 ? 'are' : 'is'} set: the event log and read models are on those servers, which you ${verb} with their own tools (KurrentDB's file copy, mongodump/mongorestore, pg_dump for Temporal). See ${DISTRIBUTED_BACKUPS_DOC}.`;
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** One bar over every byte of a backup or restore, naming the file under way (on stderr). */
export function byteBar(verb: string) {
  const bar = new cliProgress.SingleBar(
    { format: ` ${verb} |{bar}| {percentage}% | {doneMb}/{totalMb} MB | {file}`, hideCursor: true, clearOnComplete: false, fps: 10, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { doneMb: '0.0', totalMb: '0.0', file: '' });
  let stopped = false;
  return {
    update({ path, done, total }: { path: string; done: number; total: number }) {
      if (stopped) return;
      if (bar.getTotal() !== Math.max(total, 1)) bar.setTotal(Math.max(total, 1));
      bar.update(done, { doneMb: megabytes(done), totalMb: megabytes(total), file: path });
    },
    /** Once: a restore stops it when it moves on to the erasures, and again at the end. */
    stop(total?: number) {
      if (stopped) return;
      stopped = true;
      if (total !== undefined) bar.update(Math.max(total, 1), { doneMb: megabytes(total), totalMb: megabytes(total), file: '' });
      bar.stop();
    },
  };
}


/** A bar over a count of things (the erasures a restore applies again), on stderr. */
export function countBar(verb: string, unit: string) {
  const bar = new cliProgress.SingleBar(
    { format: ` ${verb} |{bar}| {value}/{total} ${unit}`, hideCursor: true, clearOnComplete: false, fps: 10, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update({ done, total }: { done: number; total: number }) {
      if (total === 0) return; // nothing to re-apply: no bar
      if (!started) bar.start(total, done);
      started = true;
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
