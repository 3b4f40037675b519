import { SqliteEventStore } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { userRegistered } from './events';
import { bar } from './progress';

export interface AppendResult {
  appends: number;
  ms: number;
  perSecond: number;
}

/**
 * Single-event appends to distinct new streams (`expectedRevision: 'no_stream'`): the first
 * event of every aggregate. `inFlight` 1 awaits each append before the next (one command at a
 * time); more starts that many at once, as concurrent requests would. Events are built before
 * the clock starts, so only the store is timed.
 */
export async function appendBench(dir: string, count: number, inFlight = 1): Promise<AppendResult> {
  const store = new SqliteEventStore(join(dir, `append-bench-${inFlight}.sqlite`));
  try {
    // Warm up the JIT and the statement paths on other streams.
    for (let i = 0; i < 500; i++) await store.append(`warmup-${i}`, [userRegistered(randomUUID(), i)], { expectedRevision: 'no_stream' });

    const events = Array.from({ length: count }, (_, i) => userRegistered(randomUUID(), i));
    const progress = bar(inFlight === 1 ? 'appending' : `appending, ${inFlight} at once`, count);
    const started = performance.now();
    for (let i = 0; i < count; i += inFlight) {
      const n = Math.min(inFlight, count - i);
      if (n === 1) await store.append(`bench-${i}`, [events[i]!], { expectedRevision: 'no_stream' });
      else await Promise.all(Array.from({ length: n }, (_, k) => store.append(`bench-${i + k}`, [events[i + k]!], { expectedRevision: 'no_stream' })));
      if (i % 500 < inFlight) progress.update(i);
    }
    const ms = performance.now() - started;
    progress.update(count);
    progress.stop();
    return { appends: count, ms, perSecond: count / (ms / 1000) };
  } finally {
    await store.close();
  }
}
