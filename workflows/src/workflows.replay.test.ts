import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleEstimate } from './testing/fake-valuation-activities';
import { quietTemporalRuntime } from './testing/quiet-temporal-runtime';
import { valuationHistory } from './testing/valuation-history';
import { VALUATION_FAILED_MESSAGE } from './valuation/orchestration';

/**
 * Replays hand-built histories through the real workflow code (no server): proves that
 * valuationWorkflow, as bundled for Temporal, makes the recorded commands in the recorded order
 * (the activities, then completion or failure), so a change that would break runs already under
 * way on a server is caught here. Replay does not compare activity type names or inputs; the
 * order of the calls is checked by orchestration.test.ts.
 */
const input = { valuationId: 'val-1' };
const id = { valuationId: 'val-1' };
const silent = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
let workflowBundle: WorkflowBundleWithSourceMap;

beforeAll(async () => {
  quietTemporalRuntime();
  workflowBundle = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./workflows.ts', import.meta.url)), logger: silent });
}, 120_000);

const replay = (history: unknown) => Worker.runReplayHistory({ workflowBundle }, history, 'valuation-val-1');

describe('valuationWorkflow replay', () => {
  it('replays a completed valuation', async () => {
    const history = valuationHistory(
      input,
      [
        { activity: 'locateProperty', input: id, result: { latitude: -36.85, longitude: 174.76 } },
        { activity: 'researchComparables', input: id, result: { count: 3, windowMonths: 12 } },
        { activity: 'estimate', input: id, result: sampleEstimate },
        { activity: 'recordEstimate', input: { ...id, estimate: sampleEstimate }, result: undefined },
      ],
      { result: sampleEstimate },
    );
    await expect(replay(history)).resolves.toBeUndefined();
  });

  it('replays a failed valuation: the failure is recorded, then the workflow fails with the reason', async () => {
    const history = valuationHistory(
      input,
      [
        { activity: 'locateProperty', input: id, result: null },
        { activity: 'researchComparables', input: id, failure: { message: 'connect ECONNREFUSED', type: 'Error', nonRetryable: false } },
        { activity: 'failValuation', input: { ...id, reason: VALUATION_FAILED_MESSAGE }, result: undefined },
      ],
      { failure: { message: VALUATION_FAILED_MESSAGE, type: 'ValuationFailure' } },
    );
    await expect(replay(history)).resolves.toBeUndefined();
  });

  it('reports a history the code would not make as non-deterministic', async () => {
    // Recorded by an imagined older version that completed right after researching comparables.
    // (Replay compares the kinds and order of commands: an activity's type name is not checked.)
    const history = valuationHistory(
      input,
      [
        { activity: 'locateProperty', input: id, result: null },
        { activity: 'researchComparables', input: id, result: { count: 3, windowMonths: 12 } },
      ],
      { result: sampleEstimate },
    );
    await expect(replay(history)).rejects.toMatchObject({ name: 'DeterminismViolationError' });
  });
});
