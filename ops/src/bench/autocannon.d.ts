/** The slice of autocannon's API the HTTP benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
  }
  /**
   * The result as autocannon hands it over off the main thread (it aggregates histograms only
   * on the main thread): plain counters, with the histograms still encoded.
   */
  interface Result {
    /** Seconds. */
    duration: number;
    totalCompletedRequests: number;
    totalRequests: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  interface Instance extends EventEmitter {
    stop(): void;
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: 'tick', listener: (data: { counter: number; bytes: number }) => void): this;
    on(event: 'done', listener: (result: Result) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
