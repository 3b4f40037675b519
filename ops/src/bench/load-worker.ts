import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadRequest, LoadMessage } from './load';
import { percentile } from './percentile';

/**
 * Runs autocannon in its own thread, so the load generator does not share an event loop with
 * the server it measures. Every response time is kept, so any percentile (p95 too, which
 * autocannon does not report) is exact. Off the main thread autocannon returns raw counters.
 */
const { url, connections, seconds, headers, method, body, amount, variants } = workerData.request as LoadRequest;
const post = (m: LoadMessage) => parentPort!.postMessage(m);
const latencies: number[] = [];
let elapsed = 0;

// autocannon asks setupRequest for every request it sends, so each takes the next variant.
let sent = 0;
const perRequest = variants?.length
  ? {
      requests: [
        {
          setupRequest: (request: { headers?: Record<string, string>; body?: string }) => {
            const v = variants[sent++ % variants.length]!;
            return { ...request, headers: { ...request.headers, ...v.headers }, ...(v.body === undefined ? {} : { body: v.body }) };
          },
        },
      ],
    }
  : {};
// Timed here, to the last answer: with `amount`, autocannon notices the run is over only at its
// next once-a-second tick, so its duration rounds a run up to whole seconds (30,000 requests read
// 7,481/s whether they took 3.1 or 4 s), too coarse for a run of a few seconds.
const started = performance.now();
let lastAnswer = started;
const instance = autocannon({ url, connections, headers, ...(method ? { method } : {}), ...(body ? { body } : {}), ...perRequest, ...(amount ? { amount } : { duration: seconds }) }, (error, result) => {
  if (error) {
    post({ kind: 'error', message: error.message });
    return;
  }
  const seconds = (lastAnswer - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p);
  post({
    kind: 'done',
    result: {
      requests: result.totalCompletedRequests,
      perSecond: result.totalCompletedRequests / seconds,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      seconds,
    },
  });
});
instance.on('response', (_client, _status, _bytes, responseTime) => {
  latencies.push(responseTime);
  lastAnswer = performance.now();
});
instance.on('tick', () => {
  elapsed += 1;
  post({ kind: 'tick', elapsed });
});
