import { describe, expect, it } from 'vitest';
import { CommandError, invalid } from '@kainga/platform';
import { WorkflowFailedError } from '@kainga/platform/workflow';
import { createWorkflowEngine } from '../engine';
import { fakeValuationActivities, sampleEstimate } from '../testing/fake-valuation-activities';
import { VALUATION_WORKFLOW } from './activity-types';
import { failureReason, VALUATION_FAILED_MESSAGE, ValuationFailure, valuationOrchestration } from './orchestration';
import { VALUATION_RETRY_POLICY } from './retry-policy';

const input = { valuationId: 'val-1' };
const options = { workflowId: 'valuation-val-1', timeoutMs: 10_000 };

/** The in-process engine as the embedded default builds it, with waits recorded instead of slept. */
async function inProcess(fakes: ReturnType<typeof fakeValuationActivities>) {
  const waits: number[] = [];
  const engine = await createWorkflowEngine({}, fakes.activities, { sleep: async (ms) => void waits.push(ms) });
  return { engine, waits };
}

describe('valuationOrchestration', () => {
  it('locates, researches, estimates and records, in that order, and returns the estimate', async () => {
    const fakes = fakeValuationActivities();
    await expect(valuationOrchestration(fakes.activities, input)).resolves.toEqual(sampleEstimate);
    expect(fakes.calls).toEqual([
      ['locateProperty', { valuationId: 'val-1' }],
      ['researchComparables', { valuationId: 'val-1' }],
      ['estimate', { valuationId: 'val-1' }],
      ['recordEstimate', { valuationId: 'val-1', estimate: sampleEstimate }],
    ]);
  });

  it('goes on when the property has no coordinates', async () => {
    const fakes = fakeValuationActivities();
    fakes.activities.locateProperty = async () => null;
    await expect(valuationOrchestration(fakes.activities, input)).resolves.toEqual(sampleEstimate);
  });

  it('records a failure with a general reason and stops there', async () => {
    const fakes = fakeValuationActivities({ researchComparables: [new Error('ECONNREFUSED 127.0.0.1:2113')] });
    const error = await valuationOrchestration(fakes.activities, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValuationFailure);
    expect(error).toMatchObject({ reason: VALUATION_FAILED_MESSAGE, message: VALUATION_FAILED_MESSAGE });
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'failValuation']);
    expect(fakes.calls.at(-1)).toEqual(['failValuation', { valuationId: 'val-1', reason: VALUATION_FAILED_MESSAGE }]);
  });

  it('keeps the reason even when recording the failure fails too', async () => {
    const fakes = fakeValuationActivities({ estimate: [invalid('The property has no floor area.')], failValuation: [new Error('store down')] });
    await expect(valuationOrchestration(fakes.activities, input)).rejects.toMatchObject({ reason: 'The property has no floor area.' });
  });
});

describe('failureReason', () => {
  it('uses the message of an error written for the person, in-process or wrapped by Temporal', () => {
    expect(failureReason(new CommandError('not_found', 'Valuation not found'))).toBe('Valuation not found');
    expect(failureReason(Object.assign(new Error('No sales nearby.'), { userFacing: true }))).toBe('No sales nearby.');
    // Temporal: ActivityFailure → ApplicationFailure(type = the error's class name, details from the worker).
    const wrapped = (type: string, details: unknown[] = []) => ({ name: 'ActivityFailure', message: 'Activity task failed', cause: { name: 'ApplicationFailure', type, details, message: 'Please enter a valid address' } });
    expect(failureReason(wrapped('CommandError'))).toBe('Please enter a valid address');
    expect(failureReason(wrapped('Error', [{ userFacing: true, kind: null }]))).toBe('Please enter a valid address');
    expect(failureReason(wrapped('TypeError', [{ userFacing: false, kind: null }]))).toBe(VALUATION_FAILED_MESSAGE);
  });

  it('falls back to the general message for anything else', () => {
    expect(failureReason(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe(VALUATION_FAILED_MESSAGE);
    expect(failureReason('a string')).toBe(VALUATION_FAILED_MESSAGE);
    expect(failureReason(undefined)).toBe(VALUATION_FAILED_MESSAGE);
    expect(failureReason(new CommandError('invalid', '   '))).toBe(VALUATION_FAILED_MESSAGE);
  });
});

describe('the valuation through the in-process engine', () => {
  it('completes and returns the estimate', async () => {
    const fakes = fakeValuationActivities();
    const { engine } = await inProcess(fakes);
    await expect(engine.execute(VALUATION_WORKFLOW, input, options)).resolves.toEqual(sampleEstimate);
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'estimate', 'recordEstimate']);
  });

  it('retries an activity that fails once and completes', async () => {
    const fakes = fakeValuationActivities({ estimate: [new Error('AI service timed out')] });
    const { engine, waits } = await inProcess(fakes);
    await expect(engine.execute(VALUATION_WORKFLOW, input, options)).resolves.toEqual(sampleEstimate);
    expect(fakes.names()).toEqual(['locateProperty', 'researchComparables', 'estimate', 'estimate', 'recordEstimate']);
    expect(waits).toEqual([VALUATION_RETRY_POLICY.initialIntervalMs]);
  });

  it('fails once the retries run out: failValuation is called once with the reason, and execute rejects with it', async () => {
    const down = () => new Error('connect ECONNREFUSED 127.0.0.1:27017');
    const fakes = fakeValuationActivities({ recordEstimate: [down(), down(), down(), down(), down()] });
    const { engine, waits } = await inProcess(fakes);
    const error = await engine.execute(VALUATION_WORKFLOW, input, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect((error as Error).message).toBe(VALUATION_FAILED_MESSAGE);
    expect(fakes.names().filter((n) => n === 'recordEstimate')).toHaveLength(VALUATION_RETRY_POLICY.maximumAttempts);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(fakes.calls.filter(([name]) => name === 'failValuation')).toEqual([['failValuation', { valuationId: 'val-1', reason: VALUATION_FAILED_MESSAGE }]]);
  });

  it('does not retry a refused command and tells the person its message', async () => {
    const fakes = fakeValuationActivities({ locateProperty: [invalid('This valuation has already been completed.')] });
    const { engine, waits } = await inProcess(fakes);
    await expect(engine.execute(VALUATION_WORKFLOW, input, options)).rejects.toThrow(new WorkflowFailedError('This valuation has already been completed.', options.workflowId));
    expect(fakes.names()).toEqual(['locateProperty', 'failValuation']);
    expect(fakes.calls[1]).toEqual(['failValuation', { valuationId: 'val-1', reason: 'This valuation has already been completed.' }]);
    expect(waits).toEqual([]);
  });
});
