import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one metrics registry: every instrument (http-metrics.ts, event-store-metrics.ts, …)
 * registers here, and GET /metrics (metrics-route.ts, metrics-listener.ts) serves it. One per
 * process because the instruments are module-level, as Prometheus client libraries expect.
 */
export const metricsRegistry = new Registry();

let processMetrics = false;

/** Node's own metrics (CPU, memory, event-loop lag, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The registry in Prometheus' text exposition format, with its content type. */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
