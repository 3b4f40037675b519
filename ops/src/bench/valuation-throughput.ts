import { demoValuationRequest } from '../demo/demo-request';
import { conditionKeys, type ConditionScores, type ValuationRequest } from '@kainga/contracts';
import { performance } from 'node:perf_hooks';
import { generateDemoSales } from '../demo/market-generator';
import { startKainga } from '../server';
import { bar, note } from './progress';
import { percentile } from './percentile';

export interface ValuationLoadResult {
  /** Requests in flight at once (1 = one after another). */
  inFlight: number;
  requests: number;
  ok: number;
  failed: number;
  /** Completed valuations (2xx) per second over the run. */
  perSecond: number;
  /** Latency percentiles in milliseconds, over all requests. */
  p50: number;
  p95: number;
  p99: number;
  seconds: number;
}

export interface ValuationThroughputResult {
  /** Time to start the service on an empty data dir and load the demo data, in ms. */
  startMs: number;
  sequential: ValuationLoadResult;
  concurrent: ValuationLoadResult;
}

export const DEMO_OWNER = { email: 'owner@demo.kainga.nz', password: 'kainga-demo-2025' };

const loopback = (url: string) => url.replace('localhost', '127.0.0.1');

/**
 * The wizard's forms the load sends: homes like the demo sales (another seed, so other
 * addresses) in every town, some criteria rated, cycled through in order.
 */
export function valuationRequests(now: Date): ValuationRequest[] {
  return generateDemoSales({ seed: 4242, now, perCity: 3 }).map((home, i) => {
    const conditionScores: ConditionScores = {};
    conditionKeys.forEach((key, k) => {
      if ((i + k) % 3 !== 0) conditionScores[key] = 1 + ((i + 2 * k) % 5);
    });
    return demoValuationRequest(home, 'buying', conditionScores);
  });
}

/**
 * Valuations per second END TO END through the real stack: the service started in-process on an
 * empty data dir with the demo data (embedded event store and read store, in-process workflow
 * engine), signed in as the demo owner, `POST /api/valuations` for `seconds` one after another,
 * then for `seconds` with `inFlight` requests at once. Each request appends the valuation's
 * events, runs the workflow (comparables from the sales read model, the local model) and waits
 * until the valuation is readable, as a person's request does.
 */
export async function valuationThroughput(dataDir: string, options: { seconds: number; inFlight: number; now?: Date }): Promise<ValuationThroughputResult> {
  const started = performance.now();
  const kainga = await startKainga({
    dataDir,
    port: 0,
    env: { LOG_LEVEL: 'silent', SEED_DEMO: 'true', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1' },
  });
  const startMs = performance.now() - started;
  try {
    const url = loopback(kainga.url);
    note(`service started with demo data in ${(startMs / 1000).toFixed(1)} s at ${url}`);
    const cookie = await signIn(url);
    const requests = valuationRequests(options.now ?? new Date());
    let next = 0;
    const send = async (): Promise<{ ok: boolean; ms: number }> => {
      const body = requests[next++ % requests.length]!;
      const t = performance.now();
      const res = await fetch(`${url}/api/valuations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return { ok: res.status >= 200 && res.status < 300, ms: performance.now() - t };
    };
    // One valuation first, checked, so a broken stack fails loudly instead of measuring errors.
    const first = await fetch(`${url}/api/valuations`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(requests[0]) });
    if (first.status !== 200) throw new Error(`POST /api/valuations answered ${first.status}: ${await first.text()}`);
    const sequential = await drive('POST /api/valuations ×1', send, options.seconds, 1);
    const concurrent = await drive(`POST /api/valuations ×${options.inFlight}`, send, options.seconds, options.inFlight);
    return { startMs, sequential, concurrent };
  } finally {
    await kainga.close();
  }
}

/** `inFlight` loops, each sending its next request when the last answered, until `seconds` pass. */
async function drive(label: string, send: () => Promise<{ ok: boolean; ms: number }>, seconds: number, inFlight: number): Promise<ValuationLoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const progress = bar(label, seconds, 's');
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const ticker = setInterval(() => progress.update(Math.min(seconds, Math.round((performance.now() - start) / 100) / 10)), 200);
  try {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (performance.now() < deadline) {
          try {
            const r = await send();
            latencies.push(r.ms);
            if (r.ok) ok += 1;
            else failed += 1;
          } catch {
            failed += 1;
          }
        }
      }),
    );
  } finally {
    clearInterval(ticker);
    progress.update(seconds);
    progress.stop();
  }
  const elapsed = (performance.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return { inFlight, requests: ok + failed, ok, failed, perSecond: ok / elapsed, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), seconds: elapsed };
}

/** Signs in as the demo owner (password account seeded with the demo data); returns the session cookie. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEMO_OWNER),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const sid = res.headers
    .getSetCookie()
    .filter((c) => c.startsWith('kainga.sid='))
    .at(-1);
  if (!sid) throw new Error('login set no kainga.sid cookie');
  note(`signed in as ${((await res.json()) as { email: string }).email}`);
  return sid.split(';')[0]!;
}
