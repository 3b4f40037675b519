import { EMBEDDED_REBUILD_BATCH, EmbeddedReadStore, rebuildProjection, SqliteEventStore } from '@kainga/platform';
import { usersProjector } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { prng, userProfileChanged, userRegistered, userRolesChanged, userStream } from './events';
import { bar, note } from './progress';

export interface RebuildBenchResult {
  events: number;
  documents: number;
  ms: number;
  /**
   * The process's CPU time during the rebuild (user + system): on a shared machine wall time
   * moves with the neighbours' load, CPU time far less.
   */
  cpuMs: number;
  perSecond: number;
  fillPerSecond: number;
  /** Milliseconds spent in each stage of the rebuild (persist: writing the finished read model to the store). */
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

    const progress = bar('rebuilding users', options.events);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await rebuildProjection({ eventStore, readStore }, usersProjector, {
      batchSize: EMBEDDED_REBUILD_BATCH,
      onProgress: (p) => progress.update(p.done, p.total),
    });
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    progress.stop();
    if (result.documents !== options.users) note(`warning: expected ${options.users} user documents, the rebuild made ${result.documents}`);
    const { read, project, apply, write, other } = result.stages;
    return {
      events: result.events,
      documents: result.documents,
      ms,
      cpuMs: (user + system) / 1000,
      perSecond: result.events / (ms / 1000),
      fillPerSecond,
      stages: { read, project, apply, persist: write, other: other + (ms - result.ms) },
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

/** `tsx ops/src/bench/rebuild-bench.ts [events] [users]`: this bench alone (default 100,000 events, 30,000 users). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [events = 100_000, users = 30_000] = process.argv.slice(2).map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'kainga-rebuild-bench-'));
  rebuildBench(dir, { events, users })
    .then((r) => {
      const pct = (x: number) => `${Math.round(x)} ms (${((x / r.ms) * 100).toFixed(0)}%)`;
      const s = r.stages;
      console.log(`${r.events} events → ${r.documents} documents: ${Math.round(r.perSecond)} events/s (${Math.round(r.ms)} ms, ${Math.round(r.cpuMs)} ms of CPU)`);
      console.log(`read ${pct(s.read)} · project ${pct(s.project)} · apply ${pct(s.apply)} · write ${pct(s.persist)} · other ${pct(s.other)}`);
    })
    .finally(() => rmSync(dir, { recursive: true, force: true }));
}
