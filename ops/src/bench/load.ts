import { Worker } from 'node:worker_threads';
import { bar } from './progress';

export interface LoadRequest {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Send exactly this many requests (then `seconds` only sizes the progress bar): every one is answered. */
  amount?: number;
  /**
   * Requests differing per send (each its own cookie, serve token and client address): the n-th
   * request sent takes variant n mod length, its headers added to `headers` and its body instead of `body`.
   */
  variants?: { headers: Record<string, string>; body?: string }[];
}

export interface LoadResult {
  requests: number;
  /** Completed requests over the run's duration. */
  perSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  seconds: number;
}

export type LoadMessage = { kind: 'tick'; elapsed: number } | { kind: 'done'; result: LoadResult } | { kind: 'error'; message: string };

/** Drives `request.url` with autocannon in a worker thread for a fixed time, with a progress bar. */
export function runLoad(label: string, request: LoadRequest): Promise<LoadResult> {
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./load-worker.ts', import.meta.url).href, request },
  });
  const progress = bar(label, request.seconds, 's');
  return new Promise<LoadResult>((resolve, reject) => {
    worker.on('message', (m: LoadMessage) => {
      if (m.kind === 'tick') progress.update(Math.min(m.elapsed, request.seconds));
      else if (m.kind === 'done') resolve(m.result);
      else reject(new Error(`autocannon: ${m.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`load worker exited (${code}) before reporting`)));
  }).finally(() => {
    progress.update(request.seconds);
    progress.stop();
    void worker.terminate();
  });
}
