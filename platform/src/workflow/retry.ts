import { CommandError, type CommandErrorKind } from '../command/errors';

/**
 * How an activity is retried. The same values configure Temporal's `proxyActivities` retry
 * policy (see workflows/src/valuation/retry-policy.ts), so both engines retry alike: attempt n
 * (n ≥ 2) waits min(initialIntervalMs × backoffCoefficient^(n−2), maximumIntervalMs) first.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (1 = no retries). */
  maximumAttempts: number;
  initialIntervalMs: number;
  backoffCoefficient: number;
  maximumIntervalMs: number;
  /** Errors that are not worth retrying; defaults to `isNonRetryable`. */
  nonRetryable?: (error: unknown) => boolean;
}

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CommandError kinds that another attempt cannot change: the request itself is refused. */
const FINAL_KINDS: ReadonlySet<CommandErrorKind> = new Set(['invalid', 'not_found', 'forbidden', 'unauthenticated']);

/**
 * Whether retrying cannot help: an error marked `nonRetryable === true` (Temporal's
 * ApplicationFailure.nonRetryable has the same property) or a CommandError of kind invalid,
 * not_found, forbidden or unauthenticated. Conflicts, rate limits, unavailability and unknown
 * errors are retried.
 */
export function isNonRetryable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { nonRetryable?: unknown }).nonRetryable === true) return true;
  return error instanceof CommandError && FINAL_KINDS.has(error.kind);
}

/** The wait before attempt `attempt` (2, 3, …). */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.initialIntervalMs * policy.backoffCoefficient ** (attempt - 2), policy.maximumIntervalMs);
}

/**
 * Wraps every function-valued property of `activities` so that a rejected call is tried again
 * per `policy`, the way Temporal retries activities. The last error is rethrown unchanged, so
 * the workflow sees the activity's own error (and its message) after the retries run out.
 * Used by the in-process engine only: Temporal retries on its side.
 */
export function withRetries<T extends object>(activities: T, policy: RetryPolicy, sleep: Sleep = realSleep): T {
  if (policy.maximumAttempts < 1) throw new Error('maximumAttempts must be at least 1');
  const nonRetryable = policy.nonRetryable ?? isNonRetryable;
  const wrapped: Record<string, unknown> = {};
  for (const key of allKeys(activities)) {
    const value = (activities as Record<string, unknown>)[key];
    if (typeof value !== 'function') {
      wrapped[key] = value;
      continue;
    }
    const fn = value as (...args: unknown[]) => unknown;
    wrapped[key] = async (...args: unknown[]) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fn.apply(activities, args);
        } catch (error) {
          if (attempt >= policy.maximumAttempts || nonRetryable(error)) throw error;
          await sleep(retryDelayMs(policy, attempt + 1));
        }
      }
    };
  }
  return wrapped as T;
}

/** Own and inherited method names (class instances keep theirs on the prototype). */
function allKeys(object: object): string[] {
  const keys = new Set<string>();
  for (let o: object | null = object; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const key of Object.getOwnPropertyNames(o)) if (key !== 'constructor') keys.add(key);
  }
  return [...keys];
}
