import { EMBEDDED_REBUILD_BATCH, EmbeddedReadStore, rebuildProjection, SqliteEventStore } from '@kainga/platform';
import { usersProjector } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { prng, userProfileChanged, userRegistered, userRolesChanged, userStream } from './events';
import { bar, note } from './progress';

export interface RebuildBenchResult {
  events: number;
  documents: number;
  ms: number;
  perSecond: number;
  fillPerSecond: number;
  /** Milliseconds spent in each stage of the rebuild, from timers around the store calls. */
  stages: { read: number; project: number; apply: number; persist: number; other: number };
}

/**
 * Fills a SQLite event store with account events (every user registers, then profile and role
 * changes fall on random users), then rebuilds the `users` read model from the first event
 * into an EmbeddedReadStore, the way `npm run projections:rebuild` does.
 */
export async function rebuildBench(dir: string, options: { events: number; users: number }): Promise<RebuildBenchResult> {
  const eventStore = new SqliteEventStore(join(dir, 'rebuild-bench-events.sqlite'));
  const readStore = new EmbeddedReadStore(join(dir, 'rebuild-bench-read-models.sqlite'));
  try {
    const fillPerSecond = await fill(eventStore, options.events, options.users);
    note(`filled ${options.events.toLocaleString('en-NZ')} events for ${options.users.toLocaleString('en-NZ')} users (${Math.round(fillPerSecond).toLocaleString('en-NZ')} appends/s, building events included)`);

    const timers = instrument(eventStore, readStore);
    const progress = bar('rebuilding users', options.events);
    const started = performance.now();
    const result = await rebuildProjection({ eventStore, readStore }, usersProjector, {
      batchSize: EMBEDDED_REBUILD_BATCH,
      onProgress: (p) => progress.update(p.done, p.total),
    });
    const ms = performance.now() - started;
    progress.stop();
    if (result.documents !== options.users) note(`warning: expected ${options.users} user documents, the rebuild made ${result.documents}`);
    const apply = timers.commit - timers.persist;
    const project = ms - timers.read - timers.commit - timers.other;
    return {
      events: result.events,
      documents: result.documents,
      ms,
      perSecond: result.events / (ms / 1000),
      fillPerSecond,
      stages: { read: timers.read, project, apply, persist: timers.persist, other: timers.other },
    };
  } finally {
    await eventStore.close();
    await readStore.close();
  }
}

async function fill(store: SqliteEventStore, total: number, userCount: number): Promise<number> {
  const random = prng(20_251_119);
  const users = Array.from({ length: userCount }, () => randomUUID());
  const revisions = new Int32Array(userCount);
  const adminId = users[0]!;
  const base = Date.parse('2025-01-01T00:00:00Z');
  const at = (i: number) => new Date(base + i * 1000).toISOString();
  const progress = bar('filling event store', total);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    if (i < userCount) {
      await store.append(userStream(users[i]!), [userRegistered(users[i]!, i, at(i))], { expectedRevision: 'no_stream' });
    } else {
      const u = Math.floor(random() * userCount);
      const userId = users[u]!;
      const event = random() < 0.75 ? userProfileChanged(userId, i, at(i)) : userRolesChanged(userId, i, adminId, at(i));
      await store.append(userStream(userId), [event], { expectedRevision: revisions[u]! });
      revisions[u]! += 1;
    }
    if (i % 1000 === 0) progress.update(i);
  }
  const ms = performance.now() - started;
  progress.update(total);
  progress.stop();
  return total / (ms / 1000);
}

/**
 * Wraps the store calls the rebuild makes in timers, on these instances only: reading pages
 * from the log, the read-store commit and, inside it, the write to SQLite (`persist`); the
 * commit minus persist is staging the writes (mingo updates, structuredClone) in memory.
 */
function instrument(eventStore: SqliteEventStore, readStore: EmbeddedReadStore) {
  const t = { read: 0, commit: 0, persist: 0, other: 0 };
  const wrap = <O extends object, K extends keyof O & string>(target: O, key: K, bucket: keyof typeof t) => {
    const original = (target[key] as (...args: unknown[]) => unknown).bind(target);
    Object.defineProperty(target, key, {
      configurable: true,
      value: (...args: unknown[]) => {
        const started = performance.now();
        const out = original(...args);
        const stop = () => (t[bucket] += performance.now() - started);
        if (out instanceof Promise) return out.finally(stop);
        stop();
        return out;
      },
    });
  };
  wrap(eventStore, 'readAll', 'read');
  wrap(eventStore, 'countEvents', 'other');
  wrap(readStore, 'commit', 'commit');
  wrap(readStore, 'persist', 'persist');
  wrap(readStore, 'renameCollection', 'other');
  wrap(readStore, 'dropCollection', 'other');
  return t;
}
