import { describe, expect, it } from 'vitest';
import { parseMetrics, sampleValue } from '../testing/metrics-text';
import { withRetries } from '../workflow/retry';
import { metricsRegistry } from './registry';
import { meteredActivities } from './workflow-metrics';

class Activities {
  calls = 0;
  async flaky(n: number) {
    this.calls += 1;
    if (this.calls < 3) throw new Error('geocoder timed out');
    return n * 2;
  }
  async broken(): Promise<never> {
    throw new Error('always');
  }
}

describe('meteredActivities', () => {
  it('counts every attempt inside the retries by activity and outcome, and leaves the answers alone', async () => {
    const count = async (activity: string, outcome: string) => sampleValue(parseMetrics(await metricsRegistry.metrics()), 'kainga_workflow_activity_attempts_total', { activity, outcome });
    const activities = new Activities();
    const retried = withRetries(meteredActivities(activities), { initialIntervalMs: 1, backoffCoefficient: 1, maximumIntervalMs: 1, maximumAttempts: 3 }, async () => {});
    const before = { ok: await count('flaky', 'ok'), failed: await count('flaky', 'failed'), broken: await count('broken', 'failed') };

    expect(await retried.flaky(21)).toBe(42);
    await expect(retried.broken()).rejects.toThrow('always');

    expect((await count('flaky', 'ok')) - before.ok).toBe(1);
    expect((await count('flaky', 'failed')) - before.failed).toBe(2);
    expect((await count('broken', 'failed')) - before.broken).toBe(3);
  });
});
