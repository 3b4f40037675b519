import { metricsRegistry } from '@kainga/platform';
import { parseMetrics, sampleValue } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { createWorkflowEngine } from './engine';
import { VALUATION_WORKFLOW, type ValuationActivities } from './valuation/activity-types';

describe('the in-process engine’s activity metrics', () => {
  it('counts each activity attempt of a valuation by outcome, a retried one as a failure then an ok', async () => {
    const count = async (activity: string, outcome: string) => sampleValue(parseMetrics(await metricsRegistry.metrics()), 'kainga_workflow_activity_attempts_total', { activity, outcome });
    let geocoderDown = true;
    const estimate = { estimatedValue: 900_000, conservativeValue: 850_000, optimisticValue: 950_000, confidence: 0.7, engine: 'model' };
    const activities = {
      locateProperty: async () => {
        if (geocoderDown) {
          geocoderDown = false;
          throw new Error('geocoder timed out');
        }
        return null;
      },
      researchComparables: async () => ({ count: 3, windowMonths: 24 }),
      estimate: async () => estimate,
      recordEstimate: async () => {},
      failValuation: async () => {},
    } as unknown as ValuationActivities;
    const engine = await createWorkflowEngine({}, activities, { sleep: async () => {} });
    const before = { locateFailed: await count('locateProperty', 'failed'), locateOk: await count('locateProperty', 'ok'), recordOk: await count('recordEstimate', 'ok'), fail: await count('failValuation', 'ok') };
    try {
      expect(await engine.execute(VALUATION_WORKFLOW, { valuationId: 'v-metrics' }, { workflowId: 'valuation-v-metrics', timeoutMs: 5000 })).toEqual(estimate);
    } finally {
      await engine.close();
    }
    expect((await count('locateProperty', 'failed')) - before.locateFailed).toBe(1);
    expect((await count('locateProperty', 'ok')) - before.locateOk).toBe(1);
    expect((await count('recordEstimate', 'ok')) - before.recordOk).toBe(1);
    expect((await count('failValuation', 'ok')) - before.fail).toBe(0);
  });
});
