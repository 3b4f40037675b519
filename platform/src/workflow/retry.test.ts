import { describe, expect, it } from 'vitest';
import { CommandError, conflict, forbidden, invalid, notFound } from '../command/errors';
import { isNonRetryable, retryDelayMs, withRetries, type RetryPolicy } from './retry';

const policy: RetryPolicy = { maximumAttempts: 4, initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 3_000 };

/** Records the waits instead of waiting. */
function fakeSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/** An activity that throws the given errors in turn, then answers `value`. */
function flaky<T>(errors: unknown[], value: T) {
  const calls: unknown[][] = [];
  return {
    calls,
    async run(...args: unknown[]): Promise<T> {
      calls.push(args);
      const error = errors.shift();
      if (error !== undefined) throw error;
      return value;
    },
  };
}

describe('withRetries', () => {
  it('retries a failing call with exponential, capped back-off and returns its answer', async () => {
    const activity = flaky([new Error('down'), new Error('down'), new Error('down')], 'ok');
    const { waits, sleep } = fakeSleep();
    const wrapped = withRetries({ run: activity.run }, policy, sleep);
    await expect(wrapped.run('a', 1)).resolves.toBe('ok');
    expect(activity.calls).toEqual([['a', 1], ['a', 1], ['a', 1], ['a', 1]]);
    expect(waits).toEqual([1_000, 2_000, 3_000]);
  });

  it('gives up after maximumAttempts and rethrows the last error unchanged', async () => {
    const last = new Error('third');
    const activity = flaky([new Error('first'), new Error('second'), last, new Error('never')], 'ok');
    const { waits, sleep } = fakeSleep();
    const wrapped = withRetries({ run: activity.run }, { ...policy, maximumAttempts: 3 }, sleep);
    await expect(wrapped.run()).rejects.toBe(last);
    expect(activity.calls).toHaveLength(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it.each([
    ['invalid', invalid('Please enter a valid address')],
    ['not_found', notFound('Valuation not found')],
    ['forbidden', forbidden('Not yours')],
    ['marked nonRetryable', Object.assign(new Error('bad input'), { nonRetryable: true })],
  ])('does not retry an error that retrying cannot change (%s)', async (_, error) => {
    const activity = flaky([error], 'ok');
    const { waits, sleep } = fakeSleep();
    await expect(withRetries({ run: activity.run }, policy, sleep).run()).rejects.toBe(error);
    expect(activity.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries conflicts and unknown errors', async () => {
    const activity = flaky([conflict('Changed meanwhile'), new CommandError('unavailable', 'Busy'), new TypeError('x')], 'ok');
    const { sleep } = fakeSleep();
    await expect(withRetries({ run: activity.run }, policy, sleep).run()).resolves.toBe('ok');
    expect(activity.calls).toHaveLength(4);
  });

  it('honours a policy of its own for non-retryable errors', async () => {
    const activity = flaky([new Error('stop')], 'ok');
    const { sleep } = fakeSleep();
    const wrapped = withRetries({ run: activity.run }, { ...policy, nonRetryable: (e) => (e as Error).message === 'stop' }, sleep);
    await expect(wrapped.run()).rejects.toThrow('stop');
    expect(activity.calls).toHaveLength(1);
  });

  it('wraps methods of class instances and keeps their `this`', async () => {
    class Activities {
      attempts = 0;
      async step(): Promise<number> {
        if (++this.attempts < 2) throw new Error('once');
        return this.attempts;
      }
    }
    const instance = new Activities();
    const { sleep } = fakeSleep();
    await expect(withRetries(instance, policy, sleep).step()).resolves.toBe(2);
  });

  it('rejects a policy without attempts', () => {
    expect(() => withRetries({}, { ...policy, maximumAttempts: 0 })).toThrow(/at least 1/);
  });
});

describe('isNonRetryable and retryDelayMs', () => {
  it('classifies errors', () => {
    expect(isNonRetryable(invalid('x'))).toBe(true);
    expect(isNonRetryable(conflict('x'))).toBe(false);
    expect(isNonRetryable(new Error('x'))).toBe(false);
    expect(isNonRetryable('a string')).toBe(false);
    expect(isNonRetryable({ nonRetryable: true })).toBe(true);
  });

  it('computes the wait before each attempt', () => {
    expect([2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt))).toEqual([1_000, 2_000, 3_000, 3_000]);
  });
});
