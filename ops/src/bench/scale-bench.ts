import type { ValuationRequest } from '@kainga/contracts';
import { allProjectors } from '@kainga/projections';
import { EMBEDDED_REBUILD_BATCH, loadConfig, openStores, rebuildProjections } from '@kainga/platform';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startKainga } from '../server';
import { browserCookies } from './browser-cookies';
import { median } from './market/metrics';
import { bar, note, phase } from './progress';
import { backupFigures, type BackupFigures } from './scale/backup-figures';
import { countStore, growStore, type StoreCounts } from './scale/grow-store';
import { growPartnerLeads, measureExport, type ExportFigures } from './scale/export-figures';
import { routeRatios, type ReadRoute, type RouteRatio } from './scale/route-ratios';
import { startServerProcess } from './scale/server-process';
import { pickSizes, SCALE_SIZES, type ScaleSize } from './scale/sizes';
import { writeScaleTable, type SizeFigures } from './scale/scale-table';
import { DEMO_OWNER, valuationRequests } from './valuation-throughput';
import { percentile } from './percentile';

/**
 * `npm run bench:scale [-- --sizes demo,10x,100x] [--keep] [--data <dir> --sizes <one>]`: grows one store from the demo data to 10×
 * and 100× through the real import and commands (plus a synthetic high-volume stream), and at
 * each size measures, on the service started as `npm start` starts it: every read route's req/s
 * beside a bare Fastify route serving the same body, POST /api/valuations and research-comparables
 * latency (warm valuations beside a fresh demo store's, taken in turn: see valuationLatency),
 * start-up time, memory, and the rebuild of every read model. Figures, not assertions.
 * `--keep` leaves the grown store in place (its DATA_DIR is printed) for another look; `--data`
 * with that directory measures it again as it is (its rebuild included), without growing it.
 */
/** Each route: three rounds of 2 s on the service and 2 s on the bare route (route-ratios.ts says why). */
const LOAD = { seconds: 2, connections: 20, rounds: 3 };
const TIMED_REQUESTS = 40;
const WARM_UP = 5;
const DEMO_ADMIN = { email: 'admin@demo.kainga.nz', password: DEMO_OWNER.password };

async function main() {
  const sizes = pickSizes(argument('--sizes'));
  // A store kept by an earlier --keep, measured as it is (no growth), under the one size named.
  const kept = argument('--data');
  if (kept && sizes.length !== 1) throw new Error('--data measures one kept store: name its size with --sizes (e.g. --sizes 100x)');
  const scratch = mkdtempSync(join(tmpdir(), 'kainga-scale-'));
  const dataDir = kept ?? join(scratch, 'data');
  const started = performance.now();
  // The demo store every size's valuations are timed beside, copied fresh for each size.
  const reference = join(scratch, 'demo-reference');
  const figures: SizeFigures[] = [];
  process.stdout.write(`Kāinga at scale — sizes ${sizes.map((s) => s.label).join(', ')}\nscratch: ${scratch}\n`);
  try {
    await grow(reference, SCALE_SIZES[0]!, 1000);
    for (const [k, size] of sizes.entries()) {
      phase(k + 1, sizes.length, `${size.label}: grow the store, then measure the service`);
      const counts = kept ? await countKept(dataDir) : await grow(dataDir, size, 1000 + k);
      note(`log: ${counts.events.toLocaleString('en-NZ')} events, ${counts.sales.toLocaleString('en-NZ')} sales, ${counts.valuations.toLocaleString('en-NZ')} valuations`);
      const referenceDir = join(scratch, `demo-reference-${k}`);
      cpSync(reference, referenceDir, { recursive: true });
      figures.push(await measure(dataDir, size, counts, scratch, referenceDir));
    }
    const table = writeScaleTable(figures);
    process.stdout.write(`\n${table}\n\n(${((performance.now() - started) / 1000).toFixed(0)} s; also written to ops/src/bench/last-scale-results.md)\n`);
  } finally {
    if (process.argv.includes('--keep')) process.stdout.write(`the store is kept: DATA_DIR=${dataDir}\n`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}

/** What a kept store holds, read without changing it. */
async function countKept(dataDir: string): Promise<StoreCounts> {
  const kainga = await startKainga({ dataDir, port: 0, env: { LOG_LEVEL: 'silent', SEED_DEMO: 'false', HOST: '127.0.0.1' } });
  try {
    return await countStore(kainga.deps);
  } finally {
    await kainga.close();
  }
}

/** Demo data through `npm start`'s own seeding on the first size, then the growth to the size's targets. */
async function grow(dataDir: string, size: ScaleSize, seed: number): Promise<StoreCounts> {
  const kainga = await startKainga({ dataDir, port: 0, env: { LOG_LEVEL: 'silent', SEED_DEMO: 'true', HOST: '127.0.0.1' } });
  try {
    await growPartnerLeads(kainga.deps, size);
    return size.sales + size.valuations + size.events === 0 ? await countStore(kainga.deps) : await growStore(kainga.deps, size, seed);
  } finally {
    await kainga.close();
  }
}

async function measure(dataDir: string, size: ScaleSize, counts: StoreCounts, scratch: string, referenceDir: string): Promise<SizeFigures> {
  const server = await startServerProcess(dataDir);
  let ratios: RouteRatio[];
  let basics: RouteRatio;
  let valuations: Latency;
  let demoValuations: Latency;
  let firstOfTown: Latency;
  let research: Latency;
  let memory: { rss: number; peak: number };
  let exported: ExportFigures;
  let backup: BackupFigures;
  try {
    note(`started in ${(server.startMs / 1000).toFixed(1)} s (pid ${server.pid}, ${server.url})`);
    const owner = await signIn(server.url, DEMO_OWNER);
    const admin = await signIn(server.url, DEMO_ADMIN);
    ({ routes: ratios, basics } = await routeRatios(server, await readRoutes(server.url, owner, admin), { ...LOAD, scratch }));
    const requests = valuationRequests(new Date());
    // Started only now, so the route rows are measured with the service alone on the machine.
    const reference = await startServerProcess(referenceDir);
    try {
      const service = { url: server.url, cookie: owner };
      const demo = { url: reference.url, cookie: await signIn(reference.url, DEMO_OWNER) };
      ({ warm: valuations, firstOfTown, demoWarm: demoValuations } = await valuationLatency(service, demo, requests.slice(0, TIMED_REQUESTS + WARM_UP)));
    } finally {
      await reference.stop();
    }
    research = await timed('POST research', server.url, '/api/research-comparables', owner, requests);
    exported = await measureExport(server.url, admin);
    memory = server.memory();
    // Taken while the service runs, as an operator takes one.
    backup = await backupFigures(dataDir, scratch);
  } finally {
    await server.stop();
  }
  const rebuild = await rebuildAll(dataDir);
  return { size, counts, startMs: server.startMs, memory, ratios, basics, valuations, demoValuations, firstOfTown, research, rebuild, export: exported, backup };
}

/** Every GET route a person or an admin reads, with what it needs (ids from the service itself). */
async function readRoutes(url: string, owner: string, admin: string): Promise<ReadRoute[]> {
  const locations = (await (await fetch(`${url}/api/public/property-locations`)).json()) as { id: string; hasValuation: boolean }[];
  const property = locations.find((l) => l.hasValuation) ?? locations[0];
  if (!property) throw new Error('the store has no located property to read');
  return [
    { label: 'GET /api/health', path: '/api/health' },
    { label: 'GET /api/auth/user', path: '/api/auth/user', cookie: owner },
    { label: 'GET /api/auth/providers', path: '/api/auth/providers' },
    { label: 'GET /api/locations', path: '/api/locations' },
    { label: 'GET /api/roles', path: '/api/roles' },
    { label: 'GET /api/public/stats', path: '/api/public/stats' },
    { label: 'GET summaries/valuations', path: '/api/summaries/valuations?pageSize=10' },
    { label: 'GET summaries/properties/:id', path: `/api/summaries/properties/${property.id}` },
    { label: 'GET property-locations', path: '/api/public/property-locations' },
    // What the map asks now (pwa/src/features/map): the extent, then tiles; this is the level-8 tile over Auckland.
    { label: 'GET map extent', path: '/api/public/property-locations/extent' },
    { label: 'GET map tile (Auckland)', path: '/api/public/property-locations?bbox=174.375,-37.96875,175.78125,-36.5625&limit=2000' },
    // The directory's first page and its city list (pwa/src/features/directory).
    { label: 'GET property-directory', path: '/api/public/property-directory' },
    { label: 'GET directory cities', path: '/api/public/property-directory/cities' },
    { label: 'GET map-details (admin)', path: `/api/properties/${property.id}/map-details`, cookie: admin },
    { label: 'GET /api/valuations (own)', path: '/api/valuations', cookie: owner },
    { label: 'GET /api/admin/stats', path: '/api/admin/stats', cookie: admin },
    // The first page the admin dashboard asks for (pwa/src/features/admin).
    { label: 'GET /api/admin/users', path: '/api/admin/users?page=1&pageSize=20', cookie: admin },
    { label: 'GET /api/admin/properties', path: '/api/admin/properties?page=1&pageSize=10', cookie: admin },
  ];
}

export interface Latency {
  p50: number;
  p95: number;
  failed: number;
}

/** One request after another, as a person's; the first few warm the caches and are not counted. */
async function timed(label: string, url: string, path: string, cookie: string, bodies: readonly unknown[]): Promise<Latency> {
  const progress = bar(label, TIMED_REQUESTS + WARM_UP, 'requests');
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; i < TIMED_REQUESTS + WARM_UP; i++) {
    const { ms: took, ok } = await post(url, path, cookie, bodies[i % bodies.length]);
    if (!ok) failed += 1;
    if (i >= WARM_UP) ms.push(took);
    progress.update(i + 1);
  }
  progress.stop();
  return latencyOf(ms, failed);
}

/**
 * POST /api/valuations for `bodies` (three homes a town) twice over, each body sent to the
 * service and to a fresh demo store's service in turn (which goes first alternates by pass). A
 * town's first valuation of the day works out the town's market figures (its sales model, once per
 * day and change of its sales: city-market.ts), which costs more as the town's sales grow; the
 * others reuse them. The first pass times each town's first valuation (`firstOfTown`), the second
 * pass every one with the towns' figures made (`warm`): what nearly every valuation of a day costs.
 * `demoWarm` is the same second pass on the demo store, taken in the same moments: sizes measured
 * minutes apart on a shared machine differed by more than the data did (a whole size's column
 * could read 30 % slow), so the growth aim is read against this, not against the demo column.
 */
async function valuationLatency(service: Target, demo: Target, bodies: readonly ValuationRequest[]): Promise<{ warm: Latency; firstOfTown: Latency; demoWarm: Latency }> {
  const progress = bar('POST /api/valuations (beside a demo store)', bodies.length * 2, 'requests');
  const first: number[] = [];
  const warm: number[] = [];
  const demoWarm: number[] = [];
  const seen = new Set<string>();
  let failed = 0;
  let demoFailed = 0;
  for (const pass of [0, 1]) {
    for (const [i, body] of bodies.entries()) {
      for (const target of pass === 0 ? [service, demo] : [demo, service]) {
        const { ms, ok } = await post(target.url, '/api/valuations', target.cookie, body);
        if (target === demo) {
          if (!ok) demoFailed += 1;
          if (pass === 1) demoWarm.push(ms);
          continue;
        }
        if (!ok) failed += 1;
        if (pass === 1) warm.push(ms);
        else if (!seen.has(body.city)) {
          seen.add(body.city);
          first.push(ms);
        }
      }
      progress.update(pass * bodies.length + i + 1);
    }
  }
  progress.stop();
  return { warm: latencyOf(warm, failed), firstOfTown: latencyOf(first, 0), demoWarm: latencyOf(demoWarm, demoFailed) };
}

/** A service to send requests to, signed in. */
interface Target {
  url: string;
  cookie: string;
}

async function post(url: string, path: string, cookie: string, body: unknown): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { ms: performance.now() - t, ok: res.status === 200 };
}

function latencyOf(ms: number[], failed: number): Latency {
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), failed };
}

export interface RebuildFigures {
  events: number;
  /** The median of the runs. */
  ms: number;
  /** Each run's time, in order. */
  runs: number[];
}

/** A rebuild shorter than this is run `SHORT_REBUILD_RUNS` times and its median reported. */
const SHORT_REBUILD_MS = 2_000;
const SHORT_REBUILD_RUNS = 5;

/**
 * Every read model rebuilt from the first event, as `npm run projections:rebuild -- all` does. A
 * rebuild of a few thousand events takes a fifth of a second, about half of it the bench process
 * compiling the rebuild's code and the scheduler's whims: one run of it measured 40–90 k events/s
 * on the same store. So a short rebuild is run five times and the median is the figure (every
 * run is printed); a long one stands on its own.
 */
async function rebuildAll(dataDir: string): Promise<RebuildFigures> {
  const first = await rebuildOnce(dataDir);
  const runs = [first.ms];
  if (first.ms < SHORT_REBUILD_MS) for (let i = 1; i < SHORT_REBUILD_RUNS; i++) runs.push((await rebuildOnce(dataDir)).ms);
  if (runs.length > 1) note(`rebuild runs: ${runs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  return { events: first.events, ms: median(runs), runs };
}

/** One rebuild of every read model into fresh collections, in one pass over the log (the server is stopped, as the CLI requires). */
async function rebuildOnce(dataDir: string): Promise<{ events: number; ms: number }> {
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir }));
  try {
    const progress = bar('rebuild every read model', 1);
    const done = new Map<string, { done: number; total: number }>();
    const result = await rebuildProjections(stores, allProjectors, {
      batchSize: EMBEDDED_REBUILD_BATCH,
      onProgress: ({ projection, done: n, total }) => {
        done.set(projection, { done: n, total });
        const sum = [...done.values()].reduce((a, p) => ({ done: a.done + p.done, total: a.total + p.total }), { done: 0, total: 0 });
        progress.update(sum.done, Math.max(sum.total, 1));
      },
    });
    progress.stop();
    return { events: result.events, ms: result.ms };
  } finally {
    await stores.close();
  }
}

/** The cookies a browser would hold after signing in (the session and the signed-in hint), as one Cookie header. */
async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(account) });
  if (res.status !== 200) throw new Error(`login as ${account.email} answered ${res.status}: ${await res.text()}`);
  return browserCookies(res);
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

await main();
