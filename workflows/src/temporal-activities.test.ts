import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { conflict, invalid } from '@kainga/platform';
import { forTemporal, toApplicationFailure } from './temporal-activities';
import { fakeValuationActivities, sampleEstimate } from './testing/fake-valuation-activities';
import { failureReason, VALUATION_FAILED_MESSAGE } from './valuation/orchestration';

const silent = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const mockEnvironment = (info: { activityType?: string } = {}) => new MockActivityEnvironment(info, { logger: silent });

describe('activities on the Temporal worker (MockActivityEnvironment, offline)', () => {
  it('runs an activity in an activity context and returns its result', async () => {
    const fakes = fakeValuationActivities();
    const activities = forTemporal(fakes.activities);
    const env = mockEnvironment({ activityType: 'estimate' });
    await expect(env.run(activities.estimate, { valuationId: 'val-1' })).resolves.toEqual(sampleEstimate);
    expect(fakes.calls).toEqual([['estimate', { valuationId: 'val-1' }]]);
  });

  it('turns a refused command into a non-retryable failure the workflow shows to the person', async () => {
    const fakes = fakeValuationActivities({ locateProperty: [invalid('The address could not be read.')] });
    const env = mockEnvironment();
    const error = await env.run(forTemporal(fakes.activities).locateProperty, { valuationId: 'val-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ message: 'The address could not be read.', type: 'CommandError', nonRetryable: true, details: [{ userFacing: true, kind: 'invalid' }] });
    expect(failureReason({ name: 'ActivityFailure', cause: error })).toBe('The address could not be read.');
  });

  it('leaves conflicts and unexpected errors retryable, and unexpected ones not for the person', async () => {
    const fakes = fakeValuationActivities({ recordEstimate: [conflict('Changed meanwhile'), new TypeError('x is undefined')] });
    const record = forTemporal(fakes.activities).recordEstimate;
    const env = mockEnvironment();
    const first = await env.run(record, { valuationId: 'val-1', estimate: sampleEstimate }).catch((e: unknown) => e);
    expect(first).toMatchObject({ type: 'CommandError', nonRetryable: false });
    const second = await env.run(record, { valuationId: 'val-1', estimate: sampleEstimate }).catch((e: unknown) => e);
    expect(second).toMatchObject({ type: 'TypeError', nonRetryable: false, details: [{ userFacing: false, kind: null }] });
    expect(failureReason({ cause: second })).toBe(VALUATION_FAILED_MESSAGE);
  });

  it('passes an ApplicationFailure through unchanged and marks flagged errors', () => {
    const failure = ApplicationFailure.nonRetryable('stop');
    expect(toApplicationFailure(failure)).toBe(failure);
    expect(toApplicationFailure(Object.assign(new Error('No sales nearby.'), { userFacing: true, nonRetryable: true }))).toMatchObject({
      message: 'No sales nearby.',
      nonRetryable: true,
      details: [{ userFacing: true, kind: null }],
    });
  });
});
