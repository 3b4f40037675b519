import { ApplicationFailure } from '@temporalio/activity';
import { isNonRetryable } from '@kainga/platform/workflow';

/** What the worker tells the workflow about an activity's error (ApplicationFailure details[0]). */
export interface ActivityErrorDetails {
  /** The message was written for the person (a CommandError, or an error marked `userFacing`). */
  userFacing: boolean;
  /** The CommandError kind, when it was one. */
  kind: string | null;
}

/**
 * Wraps the activities for the Temporal worker so that their errors mean the same as they do
 * in-process: each error becomes an ApplicationFailure that keeps the message and the class
 * name (`type`), is non-retryable exactly when `isNonRetryable` says so (the rule `withRetries`
 * applies in-process), and says in its details whether the message is for the person.
 * Errors that already are ApplicationFailures pass unchanged.
 */
export function forTemporal<T extends object>(activities: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const key of methodNames(activities)) {
    const fn = (activities as Record<string, unknown>)[key] as (...args: unknown[]) => unknown;
    wrapped[key] = async (...args: unknown[]) => {
      try {
        return await fn.apply(activities, args);
      } catch (error) {
        throw toApplicationFailure(error);
      }
    };
  }
  return wrapped as T;
}

export function toApplicationFailure(error: unknown): ApplicationFailure {
  if (error instanceof ApplicationFailure) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; kind?: unknown; userFacing?: unknown; message?: unknown; stack?: unknown };
  const isCommandError = e.name === 'CommandError' && typeof e.kind === 'string';
  const details: ActivityErrorDetails = { userFacing: isCommandError || e.userFacing === true, kind: isCommandError ? (e.kind as string) : null };
  const failure = ApplicationFailure.create({
    message: typeof e.message === 'string' ? e.message : String(error),
    type: typeof e.name === 'string' ? e.name : 'Error',
    nonRetryable: isNonRetryable(error),
    details: [details],
  });
  if (typeof e.stack === 'string') failure.stack = e.stack;
  return failure;
}

function methodNames(object: object): string[] {
  const keys = new Set<string>();
  for (let o: object | null = object; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key !== 'constructor' && typeof (object as Record<string, unknown>)[key] === 'function') keys.add(key);
    }
  }
  return [...keys];
}
