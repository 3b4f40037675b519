import { observeRequest } from '@kainga/platform';
import { fork } from 'node:child_process';
import { note } from './progress';
import { fmtInt, type Row } from './table';

export interface MetricsCostResult {
  route: string;
  /** Requests measured per side. */
  requests: number;
  /** CPU (user + system) per request, µs, metrics off and on. */
  offMicros: number;
  onMicros: number;
  /** CPU of one scrape of the whole registry, ms, and the series it held. */
  scrapeMs: number;
  series: number;
  /** CPU of the request hook's own work (one histogram observation), ns: the floor of what the metrics add. */
  hookNanos: number;
}

/** The hook's work alone, many times over: a figure the machine's noise does not swamp. */
function hookNanos(calls: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) observeRequest('GET', '/bench/metrics-cost/:id', 200, 0.0001 * (i % 50));
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / calls;
}

interface ChildAnswer {
  micros: number;
  scrape: { ms: number; series: number } | null;
}

/** One side in a process of its own (metrics-cost-child.ts) on the shared DATA_DIR. */
function runSide(dataDir: string, side: 'off' | 'on', requests: number): Promise<ChildAnswer> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./metrics-cost-child.ts', import.meta.url), [dataDir, side, String(requests)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: ChildAnswer | null = null;
    child.on('message', (m) => (answer = m as ChildAnswer));
    child.on('error', reject);
    child.on('exit', (code) => (answer && code === 0 ? resolve(answer) : reject(new Error(`the metrics-cost ${side} process exited ${code}`))));
  });
}

/**
 * What the metrics cost a read route: GET /api/summaries/properties/:id on the demo data, answered
 * with metrics off (no METRICS_PORT or METRICS_TOKEN) and on (METRICS_TOKEN: requests timed into the
 * histogram, Node's process metrics collected), each side the whole service in a process of its
 * own so process.cpuUsage counts that app's CPU alone, driven by app.inject one request at a time
 * (no load generator's CPU in it; light-my-request's is the same on both sides). Sides alternate
 * over `rounds` processes each, so the machine's other work falls on both alike. Two apps in one
 * process were tried first: two identical apps differed by 20 % there, the first built the faster.
 */
export async function metricsCostBench(dataDir: string, options: { requests: number; rounds: number }): Promise<MetricsCostResult> {
  const perRound = Math.ceil(options.requests / options.rounds);
  let off = 0;
  let on = 0;
  let scrape = { ms: 0, series: 0 };
  for (let round = 0; round < options.rounds; round++) {
    // Alternating which goes first, too (the first process of all also loads the demo data).
    const order: ('off' | 'on')[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const side of order) {
      const answer = await runSide(dataDir, side, perRound);
      if (side === 'off') off += answer.micros;
      else {
        on += answer.micros;
        scrape = answer.scrape ?? scrape;
      }
    }
    const done = (round + 1) * perRound;
    note(`round ${round + 1}/${options.rounds}: off ${(off / done).toFixed(1)} µs, on ${(on / done).toFixed(1)} µs CPU per request`);
  }
  const requests = perRound * options.rounds;
  hookNanos(100_000); // warm
  return { route: '/api/summaries/properties/:id', requests, offMicros: off / requests, onMicros: on / requests, scrapeMs: scrape.ms, series: scrape.series, hookNanos: hookNanos(2_000_000) };
}

export function metricsCostRows(r: MetricsCostResult): Row[] {
  const extra = r.onMicros - r.offMicros;
  const sign = extra >= 0 ? '+' : '';
  return [
    {
      measure: `GET ${r.route} CPU per request, metrics off / on (${fmtInt(r.requests)} each, app.inject, sides alternating in processes of their own)`,
      result: `${r.offMicros.toFixed(1)} / ${r.onMicros.toFixed(1)} µs (${sign}${extra.toFixed(1)} µs, ${sign}${((extra / r.offMicros) * 100).toFixed(1)} %)`,
      aim: '≤ +5 %',
    },
    { measure: '…the request hook’s own work (one histogram observation by method, route template, status), CPU per request', result: `${r.hookNanos.toFixed(0)} ns`, aim: '—' },
    { measure: `…one scrape of GET /metrics (${fmtInt(r.series)} series), CPU`, result: `${r.scrapeMs.toFixed(2)} ms`, aim: '—' },
  ];
}
