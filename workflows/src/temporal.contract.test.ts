import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalid } from '@kainga/platform';
import { connectTemporalEngine, WorkflowFailedError, WorkflowTimeoutError, type TemporalWorkflowEngine } from '@kainga/platform/workflow';
import { forTemporal } from './temporal-activities';
import { fakeValuationActivities, sampleEstimate } from './testing/fake-valuation-activities';
import { quietTemporalRuntime } from './testing/quiet-temporal-runtime';
import { startTemporalTestServer } from './testing/temporal-test-server';
import { startTestWorker, type RunningTestWorker } from './testing/test-worker';
import { TASK_QUEUE, VALUATION_WORKFLOW, type ValuationActivities } from './valuation/activity-types';

/**
 * The WorkflowEngine contract on a real Temporal server: a dev server of its own (`temporal
 * server start-dev`, see testing/temporal-test-server.ts), or the one at TEMPORAL_ADDRESS when
 * set. A worker with fake activities runs in this process on a task queue of its own, and
 * valuations go through TemporalWorkflowEngine exactly as the API would send them.
 */
describe('TemporalWorkflowEngine against Temporal', () => {
  const taskQueue = `${TASK_QUEUE}-test-${randomUUID()}`;
  let fakes = fakeValuationActivities();
  /** Steps that wait on a gate: a test sets one and opens it when it wants the step to finish. */
  const gates: Partial<Record<keyof ValuationActivities, Promise<void>>> = {};
  const activities = {} as ValuationActivities;
  for (const name of ['locateProperty', 'researchComparables', 'estimate', 'recordEstimate', 'failValuation'] as const) {
    (activities as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name] = async (input: unknown) => {
      await gates[name];
      return (fakes.activities[name] as (input: unknown) => Promise<unknown>)(input);
    };
  }
  let server: TestWorkflowEnvironment;
  let worker: RunningTestWorker | undefined;
  let engine: TemporalWorkflowEngine;

  beforeAll(async () => {
    quietTemporalRuntime('ERROR'); // the failed steps below are on purpose
    server = await startTemporalTestServer();
    worker = await startTestWorker(server, { taskQueue, activities: forTemporal(activities) });
    engine = await connectTemporalEngine(server.address, taskQueue);
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
    await worker?.stop();
    await server?.teardown();
  }, 60_000);

  const execute = (workflowId = `valuation-${randomUUID()}`, timeoutMs = 60_000) =>
    engine.execute(VALUATION_WORKFLOW, { valuationId: 'val-1' }, { workflowId, timeoutMs });

  it('completes a valuation and returns the estimate', async () => {
    fakes = fakeValuationActivities();
    await expect(execute()).resolves.toEqual(sampleEstimate);
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'estimate', 'recordEstimate']);
  });

  it('retries a step that fails once', async () => {
    fakes = fakeValuationActivities({ estimate: [new Error('AI service timed out')] });
    await expect(execute()).resolves.toEqual(sampleEstimate);
    expect(fakes.names().filter((n) => n === 'estimate')).toHaveLength(2);
  });

  it('records a refused command as the failure, without retrying, and rejects with its message', async () => {
    fakes = fakeValuationActivities({ researchComparables: [invalid('The property has no suburb.')] });
    const error = await execute().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect((error as Error).message).toBe('The property has no suburb.');
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'failValuation']);
    expect(fakes.calls.at(-1)).toEqual(['failValuation', { valuationId: 'val-1', reason: 'The property has no suburb.' }]);
  });

  it('runs concurrent executes of one workflowId once', async () => {
    fakes = fakeValuationActivities();
    const workflowId = `valuation-${randomUUID()}`;
    await expect(Promise.all([execute(workflowId), execute(workflowId)])).resolves.toEqual([sampleEstimate, sampleEstimate]);
    expect(fakes.names().filter((n) => n === 'recordEstimate')).toHaveLength(1);
  });

  it('never runs a completed workflowId again: a later execute answers its result without running an activity', async () => {
    fakes = fakeValuationActivities();
    const workflowId = `valuation-${randomUUID()}`;
    await expect(execute(workflowId)).resolves.toEqual(sampleEstimate);
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'estimate', 'recordEstimate']);
    fakes = fakeValuationActivities();
    await expect(execute(workflowId)).resolves.toEqual(sampleEstimate);
    expect(fakes.names()).toEqual([]);
  });

  it('runs a failed workflowId again', async () => {
    fakes = fakeValuationActivities({ researchComparables: [invalid('The property has no suburb.')] });
    const workflowId = `valuation-${randomUUID()}`;
    await expect(execute(workflowId)).rejects.toBeInstanceOf(WorkflowFailedError);
    fakes = fakeValuationActivities();
    await expect(execute(workflowId)).resolves.toEqual(sampleEstimate);
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'estimate', 'recordEstimate']);
  });

  it('stops waiting after timeoutMs while the workflow goes on and records its result', async () => {
    fakes = fakeValuationActivities();
    let open!: () => void;
    gates.estimate = new Promise<void>((resolve) => (open = resolve));
    const workflowId = `valuation-${randomUUID()}`;
    await expect(execute(workflowId, 1)).rejects.toBeInstanceOf(WorkflowTimeoutError);
    open();
    delete gates.estimate;
    await expect(execute(workflowId)).resolves.toEqual(sampleEstimate);
    expect(fakes.names().filter((n) => n === 'recordEstimate')).toHaveLength(1);
  });
});
