import { ApplicationFailure, TerminatedFailure, TimeoutFailure, WorkflowFailedError as TemporalWorkflowFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { fromTemporalError, WORKFLOW_STOPPED_MESSAGE } from './temporal-engine';
import { WorkflowFailedError, WorkflowTimeoutError } from './workflow-engine';

// The engine against a real server is covered by workflows/src/temporal.contract.test.ts
// (on a dev server of its own in `npm test`); this checks the mapping of Temporal's errors offline.
const options = { workflowId: 'valuation-1', timeoutMs: 5_000 };
const failed = (cause: Error) => new TemporalWorkflowFailedError('Workflow execution failed', cause, 'NON_RETRYABLE_FAILURE');

describe('fromTemporalError', () => {
  it('hands on the ApplicationFailure message of a failed workflow', () => {
    const error = fromTemporalError(failed(ApplicationFailure.nonRetryable('No comparable sales were found nearby.', 'ValuationFailure')), options);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect(error).toMatchObject({ message: 'No comparable sales were found nearby.', workflowId: 'valuation-1' });
  });

  it('maps a server-side timeout to WorkflowTimeoutError', () => {
    const error = fromTemporalError(failed(new TimeoutFailure('timed out', undefined, 'START_TO_CLOSE')), options);
    expect(error).toBeInstanceOf(WorkflowTimeoutError);
  });

  it('gives a general message when the workflow was stopped without a reason of its own', () => {
    const error = fromTemporalError(failed(new TerminatedFailure('Terminated')), options);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect((error as Error).message).toBe(WORKFLOW_STOPPED_MESSAGE);
  });

  it('passes any other error unchanged', () => {
    const other = new Error('14 UNAVAILABLE: connection refused');
    expect(fromTemporalError(other, options)).toBe(other);
  });
});
