import { Counter } from 'prom-client';
import { inSpan } from '../tracing/tracer';
import { metricsRegistry } from './registry';

export const workflowActivityAttempts = new Counter({
  name: 'kainga_workflow_activity_attempts_total',
  help: 'Attempts at workflow activities run in this process, by activity and outcome (ok, failed); failed attempts are retried by the workflow’s policy.',
  labelNames: ['activity', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * The activities with every attempt counted by name and outcome, and traced (a span per attempt). Wrapped inside the retries
 * (platform/src/workflow/retry.ts), so each retry is an attempt: failed attempts − failed
 * activities = retries. Activity names are the code's, a bounded set.
 */
export function meteredActivities<T extends object>(activities: T): T {
  const wrapped: Record<string, unknown> = {};
  for (let o: object | null = activities; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key === 'constructor' || key in wrapped) continue;
      const value = (activities as Record<string, unknown>)[key];
      if (typeof value !== 'function') {
        wrapped[key] = value;
        continue;
      }
      const fn = value as (...args: unknown[]) => unknown;
      const ok = workflowActivityAttempts.labels(key, 'ok');
      const failed = workflowActivityAttempts.labels(key, 'failed');
      // Each attempt a span too, under whatever started the workflow (in-process, the context flows
      // with the awaits; the Temporal worker's activities are traced by Temporal's interceptors).
      wrapped[key] = (...args: unknown[]) =>
        inSpan(`activity ${key}`, { 'kainga.activity': key }, async () => {
          try {
            const result = await fn.apply(activities, args);
            ok.inc();
            return result;
          } catch (error) {
            failed.inc();
            throw error;
          }
        });
    }
  }
  return wrapped as T;
}
