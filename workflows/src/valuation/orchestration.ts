import type { Estimate } from '@kainga/contracts';
import type { ValuationActivities, ValuationWorkflowInput } from './activity-types';

/*
 * Runs inside Temporal's workflow sandbox as well as in-process: no @temporalio/* and no Node
 * API here, only types. Determinism comes for free: the only effects are the activity calls.
 */

/** What the person is told when the failure is not one written for them. */
export const VALUATION_FAILED_MESSAGE = 'The valuation could not be completed. Please try again.';

/** The valuation failed and was recorded as failed; `reason` (the message) is for the person. */
export class ValuationFailure extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'ValuationFailure';
  }
}

/**
 * The valuation: locate the property, research comparable sales, estimate, record the result;
 * resolves with the estimate.
 *
 * Each activity is retried by the engine (Temporal's retry policy, or `withRetries` in-process)
 * before its error reaches this function. When a step has failed for good, the failure is
 * recorded with `failValuation` (once) with a reason the person understands, and the returned
 * promise rejects with a `ValuationFailure` carrying that reason. A failure to record the
 * failure is not allowed to hide the reason: the same ValuationFailure is thrown regardless.
 */
export async function valuationOrchestration(activities: ValuationActivities, input: ValuationWorkflowInput): Promise<Estimate> {
  const { valuationId } = input;
  let estimate: Estimate;
  try {
    // A property without coordinates is still valued (distances are then unknown).
    await activities.locateProperty({ valuationId });
    await activities.researchComparables({ valuationId });
    estimate = await activities.estimate({ valuationId });
    await activities.recordEstimate({ valuationId, estimate });
  } catch (error) {
    const reason = failureReason(error);
    try {
      await activities.failValuation({ valuationId, reason });
    } catch {
      // Recording failed even after its retries; the caller still learns the reason.
    }
    throw new ValuationFailure(reason, { cause: error });
  }
  return estimate;
}

/**
 * The message to show for a failed step: the error's own message when it was written for the
 * person, otherwise VALUATION_FAILED_MESSAGE (a stack trace or "ECONNREFUSED" helps nobody).
 *
 * Written for the person are CommandErrors (their messages are, by the platform's rule) and any
 * error marked `userFacing: true`. The error may arrive as itself (in-process) or wrapped by
 * Temporal (ActivityFailure → ApplicationFailure whose `type` is the original error's class
 * name and whose first detail says `userFacing`, see temporal-activities.ts), so the cause
 * chain is followed and both shapes are recognised.
 */
export function failureReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { name?: unknown; type?: unknown; kind?: unknown; userFacing?: unknown; details?: unknown; message?: unknown; cause?: unknown };
    const userFacing =
      e.userFacing === true ||
      (e.name === 'CommandError' && typeof e.kind === 'string') ||
      e.type === 'CommandError' ||
      (Array.isArray(e.details) && (e.details[0] as { userFacing?: unknown } | undefined)?.userFacing === true);
    if (userFacing && typeof e.message === 'string' && e.message.trim() !== '') return e.message;
    current = e.cause;
  }
  return VALUATION_FAILED_MESSAGE;
}
