/**
 * The one retry policy and the activity timeout of the valuation workflow, used by both
 * engines: Temporal's `proxyActivities` (workflows.ts) and the in-process engine's
 * `withRetries` (engine.ts). Plain values only: this file is bundled into Temporal's workflow
 * sandbox.
 *
 * 4 attempts, waiting 1 s, 2 s and 4 s between them (×2, capped at 10 s): a brief outage of the
 * event store or the AI service is ridden out, and a step that cannot be done gives up after
 * 7 s of waiting plus its attempts, so the person is told instead of left waiting. Errors that
 * another attempt cannot change (a CommandError of kind invalid, not_found, forbidden or
 * unauthenticated, or any error marked `nonRetryable`) are not retried by either engine.
 */
export const VALUATION_RETRY_POLICY = {
  maximumAttempts: 4,
  initialIntervalMs: 1_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 10_000,
} as const;

/**
 * How long one attempt of an activity may run before it counts as failed and is retried
 * (Temporal's startToCloseTimeout). The estimate through OpenAI is the slowest step. The
 * in-process engine does not enforce it (an activity there cannot be abandoned safely); the
 * caller's own wait (`timeoutMs`) bounds what the person sees.
 */
export const VALUATION_ACTIVITY_TIMEOUT_MS = 30_000;
