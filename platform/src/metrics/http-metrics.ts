import { Histogram } from 'prom-client';
import { metricsRegistry } from './registry';

/**
 * Request durations by route template (Fastify's routeOptions.url, e.g. /api/summaries/properties/:id)
 * and status. Never the raw URL: ids in paths would make a series per property. Requests no route
 * matched are one series, `(unmatched)`.
 */
export const httpRequestDuration = new Histogram({
  name: 'kainga_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const UNMATCHED_ROUTE = '(unmatched)';

type Child = ReturnType<typeof httpRequestDuration.labels>;
/** Bounded (methods × route templates × statuses); saves prom-client hashing the labels per request. */
const children = new Map<string, Child>();

export function observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
  const template = route ?? UNMATCHED_ROUTE;
  const key = `${method} ${statusCode} ${template}`;
  let child = children.get(key);
  if (!child) children.set(key, (child = httpRequestDuration.labels(method, template, String(statusCode))));
  child.observe(seconds);
}
