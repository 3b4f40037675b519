/**
 * The billing workflow's activity retry policy and timeout, used by both engines (Temporal's
 * `proxyActivities` in workflows.ts, `withRetries` in-process in engine.ts). Plain values only:
 * this file is bundled into Temporal's workflow sandbox.
 *
 * 5 attempts, waiting 2 s, 4 s, 8 s, 16 s: Stripe's brief outages ride through; past them the
 * workflow itself looks again later (STEP_FAILURE_BACKOFF_MS), so a long outage delays a step
 * and loses nothing.
 */
export const AD_SUBSCRIPTION_RETRY_POLICY = {
  maximumAttempts: 5,
  initialIntervalMs: 2_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 30_000,
} as const;

/** One attempt of an activity (the Stripe SDK's own timeout is 20 s). */
export const AD_SUBSCRIPTION_ACTIVITY_TIMEOUT_MS = 30_000;
