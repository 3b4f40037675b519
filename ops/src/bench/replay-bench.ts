import { adActivityEventTypes, adActivityStream } from '@kainga/contracts';
import { SqliteEventStore, type NewEvent, type Position } from '@kainga/platform';
import { AD_ACTIVITY_FILTER, REPLAY_PAGE_SIZE, replayAds, textEncoder, type AdRecordEncoder } from '@kainga/projections/ad-records';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { parquetEncoder } from '../replay/parquet-encoder';
import { bar, note } from './progress';
import { fmtInt, type Row } from './table';

export interface ReplayBenchResult {
  events: number;
  /** The same pages read straight from the store, nothing made of them: the floor under the replay. */
  rawRead: { perSecond: number; ms: number };
  ndjson: { perSecond: number; ms: number; bytes: number };
  parquet: { perSecond: number; ms: number; bytes: number };
}

/** Ad events in the replay row's log; BENCH_REPLAY_EVENTS changes it (the log takes longer to write than to replay). */
export const REPLAY_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000);
const AIM_REPLAY = 100_000;

/** Ad events per append (a busy day's stream takes impressions in batches), and one other event per this many. */
const BATCH = 1000;
const OTHER_EVERY = 20;

const AGENTS = ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1'];
const CITIES = [['Auckland', 'Ponsonby'], ['Wellington', 'Te Aro'], ['Christchurch', null], [null, null]] as const;

/** A log of `count` impressions and clicks (one in 50 a click) in day streams, a few other events between. */
async function fillLog(store: SqliteEventStore, count: number): Promise<void> {
  const progress = bar('writing the log', count);
  const day0 = Date.UTC(2026, 2, 1);
  for (let n = 0; n < count; n += BATCH) {
    const events: NewEvent[] = [];
    for (let i = n; i < Math.min(n + BATCH, count); i += 1) {
      const click = i % 50 === 49;
      const [city, suburb] = CITIES[i % CITIES.length]!;
      const at = new Date(day0 + i * 500).toISOString();
      events.push({
        id: `bench-ad-${i}`,
        type: adActivityEventTypes[click ? 1 : 0],
        data: {
          [click ? 'clickId' : 'impressionId']: `activity-${i}`,
          adContentId: `ad-${i % 40}`,
          subscriptionId: `sub-${i % 40}`,
          partnerId: `partner-${i % 25}`,
          tier: ['gold', 'silver', 'bronze'][i % 3],
          placement: 'sidebar_valuation',
          city,
          suburb,
          userId: i % 7 === 0 ? `user-${i % 900}` : null,
          propertyId: null,
          userAgent: AGENTS[i % AGENTS.length],
          ipHash: `ip-${(i * 7919) % 100_000}`,
          sessionHash: `session-${(i * 104_729) % 250_000}`,
          at,
        },
        metadata: { actorId: null, actorRoles: [], correlationId: `bench-ad-${i}`, causationId: null, occurredAt: at },
      });
    }
    await store.append(adActivityStream(events[0]!.metadata.occurredAt.slice(0, 10)), events, { expectedRevision: 'any' });
    if ((n / BATCH) % OTHER_EVERY === 0) {
      await store.append(`benchOther-${n}`, [{ id: `bench-other-${n}`, type: 'BenchNoteRecorded', data: { n }, metadata: { actorId: null, actorRoles: [], correlationId: `bench-other-${n}`, causationId: null, occurredAt: new Date().toISOString() } }], { expectedRevision: 'no_stream' });
    }
    progress.update(Math.min(n + BATCH, count));
  }
  progress.stop();
}

/** What the replay reads, page by page, with nothing done to the events. */
async function readAllPages(store: SqliteEventStore): Promise<number> {
  let read = 0;
  let after: Position | null = null;
  for (;;) {
    const page = await store.readAll({ after, filter: AD_ACTIVITY_FILTER, limit: REPLAY_PAGE_SIZE });
    if (page.length === 0) return read;
    read += page.length;
    after = page[page.length - 1]!.position;
  }
}

/** The whole log replayed into a sink that only counts bytes, as a file on a fast disk would take them. */
async function replayTo(store: SqliteEventStore, encoder: AdRecordEncoder): Promise<{ events: number; bytes: number }> {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const counts = await replayAds(store, { range: { from: null, to: null }, encoder, out });
  return { events: counts.impressions + counts.clicks, bytes };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

/**
 * `npm run replay -- ads` throughput on the embedded store: the whole log to NDJSON (and to
 * Parquet), beside the raw read of the same pages in the same run, the floor the replay cannot
 * beat. One untimed read first, so every timed pass finds the log in the page cache alike.
 */
export async function replayBench(dir: string, events: number): Promise<ReplayBenchResult> {
  const store = new SqliteEventStore(join(dir, 'replay-events.sqlite'));
  try {
    await fillLog(store, events);
    await readAllPages(store);
    const raw = await timed(() => readAllPages(store));
    const ndjson = await timed(() => replayTo(store, textEncoder('ndjson')));
    const parquet = await timed(() => replayTo(store, parquetEncoder()));
    for (const [name, n] of [['raw read', raw.value], ['NDJSON', ndjson.value.events], ['Parquet', parquet.value.events]] as const) {
      if (n !== events) throw new Error(`replay bench: the ${name} pass saw ${n} ad events of ${events}`);
    }
    const rate = (ms: number) => (events / ms) * 1000;
    return {
      events,
      rawRead: { perSecond: rate(raw.ms), ms: raw.ms },
      ndjson: { perSecond: rate(ndjson.ms), ms: ndjson.ms, bytes: ndjson.value.bytes },
      parquet: { perSecond: rate(parquet.ms), ms: parquet.ms, bytes: parquet.value.bytes },
    };
  } finally {
    await store.close();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The rows of `npm run bench`, and a note as the phase ends. */
export function replayRows(r: ReplayBenchResult): Row[] {
  note(`NDJSON ${fmtInt(r.ndjson.perSecond)} events/s, Parquet ${fmtInt(r.parquet.perSecond)} events/s; raw read of the same pages ${fmtInt(r.rawRead.perSecond)} events/s`);
  return [
    { measure: `Ad replay to NDJSON, ${fmtInt(r.events)} ad events (embedded store, whole log)`, result: `${fmtInt(r.ndjson.perSecond)} events/s (${mb(r.ndjson.bytes)})`, aim: `≥ ${fmtInt(AIM_REPLAY)} events/s` },
    { measure: '…baseline in the same run: the raw read of the same pages', result: `${fmtInt(r.rawRead.perSecond)} events/s`, aim: 'baseline' },
    { measure: '…the same replay to Parquet', result: `${fmtInt(r.parquet.perSecond)} events/s (${mb(r.parquet.bytes)})`, aim: '—' },
  ];
}
