import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from '../load';
import { median } from '../market/metrics';
import { cpuPerRequest } from './process-cpu';
import { untilPrinted } from './until-printed';

/** Seconds of load on each side before the measured run. */
export const WARM_UP_SECONDS = 1;

/**
 * The bare server starts with V8's young generation at its full size (two semi-spaces of 16 MB,
 * the most V8 grows them to by itself on x64), as a long-running server's is. Left to V8, they
 * started at 8 MB and grew or not with what else the process held: measured on 2026-11-29, the same bare
 * /api/health route served 59,000–67,000 req/s at 14–15 µs of CPU a request while it held the
 * demo store's bodies (0.2 MB), and 75,000–83,000 req/s at 11–12 µs once it held the 10× store's
 * (1.1 MB; scavenges then freed 13 MB each instead of 6.5 MB). That alone made bench:scale's
 * ratios fall from the demo column to the 10× one (health 0.70× → 0.50×, the service's own
 * 21 µs a request unchanged). With this flag, the bare route read 74,000–83,000 req/s at
 * 11–12 µs holding the demo bodies; the service, started with the same flag, measured as without it.
 */
export const BARE_NODE_FLAGS = ['--min-semi-space-size=16'] as const;

export interface ReadRoute {
  label: string;
  path: string;
  cookie?: string;
}

export interface RouteRatio {
  route: ReadRoute;
  bytes: number;
  service: LoadResult;
  bare: LoadResult;
  /** service req/s ÷ bare req/s. */
  ratio: number;
  /** The lowest and highest of the rounds' ratios: how far one round strays on this machine. */
  ratioRange: { low: number; high: number };
  /**
   * CPU each process used a request (µs, user and kernel; the median of the rounds): the service's
   * own cost beside the bare route's, apart from how fast the load generator on the same cores
   * was woken (see routeRatios).
   */
  cpu: { service: number; bare: number };
}

/**
 * Every read route of the service beside a bare Fastify route serving the same body, each
 * under the same autocannon load on loopback, the bare one in a process of its own like the
 * service: the ratio is what Kāinga's plugins, session and query cost on top of HTTP itself.
 *
 * Each route is measured in `rounds` rounds, the service then the bare route in each, and the
 * figure is the median of the rounds' ratios (req/s: the medians of each side). On this 2-core
 * machine one run of the same bare route read 32,000 and then 48,000 req/s a minute apart, so a
 * single pair of runs moved a route's ratio by ±25 % from one run to the next; rounds side by
 * side share whatever the machine is doing at the time.
 *
 * Beside req/s, each side's CPU a request (`RouteRatio.cpu`, from /proc). The two can tell
 * different stories on a 2-core machine: the load generator shares the cores, and a server slower
 * than it leaves it waiting, so each answer's send must wake it. Profiled on 2026-11-29, GET
 * /api/admin/stats spent 19.9 µs a request in the kernel's `writev` where the bare route serving
 * the same body spent 6.3 µs (one `writev` a request on both), and the service was idle a third of
 * the time while the generator caught up.
 */
export async function routeRatios(
  service: { url: string; pid: number },
  routes: readonly ReadRoute[],
  options: { seconds: number; connections: number; rounds: number; scratch: string },
): Promise<{ routes: RouteRatio[]; basics: RouteRatio }> {
  const serviceUrl = service.url;
  const bodies: { body: string; contentType: string }[] = [];
  for (const route of routes) {
    const res = await fetch(`${serviceUrl}${route.path}`, { headers: route.cookie ? { cookie: route.cookie } : {} });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${route.label} answered ${res.status}: ${body.slice(0, 300)}`);
    bodies.push({ body, contentType: res.headers.get('content-type') ?? 'application/json' });
  }
  const file = join(options.scratch, 'bare-bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const shape = { seconds: options.seconds, connections: options.connections };
  const bare = await startBare(file);
  try {
    // The request basics alone on the first route's body (the smallest: /api/health's), measured
    // first so that it sits beside that route in time (see basics-server.ts).
    const first = routes[0]!;
    const reference = await startReference('basics-server.ts', file, /basics server at (\S+)/, 'the basics server');
    let basics: RouteRatio;
    try {
      basics = await measurePair(
        { label: `basics: ${first.label}`, path: `/api/basics/0` },
        Buffer.byteLength(bodies[0]!.body),
        { pid: reference.pid, load: { ...shape, url: `${reference.url}/api/basics/0` } },
        { pid: bare.pid, load: { ...shape, url: `${bare.url}/bare/0` } },
        options.rounds,
      );
    } finally {
      reference.stop();
    }
    const out: RouteRatio[] = [];
    for (const [i, route] of routes.entries()) {
      out.push(
        await measurePair(
          route,
          Buffer.byteLength(bodies[i]!.body),
          { pid: service.pid, load: { ...shape, url: `${serviceUrl}${route.path}`, headers: route.cookie ? { cookie: route.cookie } : undefined } },
          { pid: bare.pid, load: { ...shape, url: `${bare.url}/bare/${i}` } },
          options.rounds,
        ),
      );
    }
    return { routes: out, basics };
  } finally {
    bare.stop();
  }
}

type LoadOptions = Parameters<typeof runLoad>[1];

/** One route on one server beside the bare route serving its body, in rounds (see routeRatios). */
async function measurePair(
  route: ReadRoute,
  bytes: number,
  measured: { pid: number; load: LoadOptions },
  baseline: { pid: number; load: LoadOptions },
  roundCount: number,
): Promise<RouteRatio> {
  // Each side warmed first, not counted: the first seconds of a route run code V8 has not
  // optimised yet, which made the first routes measured (the service's, before the bare one's)
  // read as low as a third of their steady rate.
  await runLoad(`warm ${route.label}`.slice(0, 22), { ...measured.load, seconds: WARM_UP_SECONDS });
  await runLoad(`warm bare ${route.label}`.slice(0, 22), { ...baseline.load, seconds: WARM_UP_SECONDS });
  const rounds: { service: LoadResult; bare: LoadResult; serviceCpu: number; bareCpu: number }[] = [];
  for (let k = 0; k < roundCount; k++) {
    const served = await cpuPerRequest(measured.pid, () => runLoad(route.label, measured.load));
    const baselined = await cpuPerRequest(baseline.pid, () => runLoad(`bare ${route.label}`.slice(0, 22), baseline.load));
    rounds.push({ service: served.result, bare: baselined.result, serviceCpu: served.cpuMicros, bareCpu: baselined.cpuMicros });
  }
  const ratios = rounds.map((r) => r.service.perSecond / r.bare.perSecond);
  return {
    route,
    bytes,
    service: medianBy(rounds.map((r) => r.service)),
    bare: medianBy(rounds.map((r) => r.bare)),
    ratio: median(ratios),
    ratioRange: { low: Math.min(...ratios), high: Math.max(...ratios) },
    cpu: { service: median(rounds.map((r) => r.serviceCpu)), bare: median(rounds.map((r) => r.bareCpu)) },
  };
}

/** The run with the median req/s (the lower middle of an even number). */
const medianBy = (runs: readonly LoadResult[]): LoadResult => [...runs].sort((a, b) => a.perSecond - b.perSecond)[(runs.length - 1) >> 1]!;

/** The bare server (bare-server.ts) serving the bodies in `bodiesFile`, with `BARE_NODE_FLAGS`. */
export async function startBare(bodiesFile: string): Promise<{ url: string; pid: number; youngGenerationMb: number; stop(): void }> {
  const server = await startReference('bare-server.ts', bodiesFile, /bare server at (\S+) \(young generation (\d+) MB\)/, 'the bare server');
  return { ...server, youngGenerationMb: Number(server.match[2]) };
}

/**
 * A server script of this folder in a process of its own, with `BARE_NODE_FLAGS`, serving the
 * bodies in `bodiesFile`: ready once its stdout matches `ready` (its URL first), and drained from
 * then on (the basics server logs a line a request).
 */
export async function startReference(
  script: string,
  bodiesFile: string,
  ready: RegExp,
  what: string,
): Promise<{ url: string; pid: number; match: RegExpMatchArray; stop(): void }> {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url));
  const child = spawn(process.execPath, [...BARE_NODE_FLAGS, '--import', 'tsx', path, bodiesFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const match = await untilPrinted(child, ready, what);
  return { url: match[1]!, pid: child.pid!, match, stop: () => void child.kill('SIGTERM') };
}
