/**
 * The lead charge's retry policy and activity timeout, used by both engines (Temporal's
 * `proxyActivities` in workflows.ts, `withRetries` in-process in engine.ts). Plain values only:
 * this file is bundled into Temporal's workflow sandbox.
 *
 * 5 attempts, waiting 2 s, 4 s, 8 s, 16 s (×2, capped at 30 s): Stripe's brief outages, 5xx and
 * rate limits (the adapter's CommandError 'unavailable') are ridden out. A declined card is not an
 * error but an answer (recorded failed with its words), so it is never retried; neither is a
 * CommandError of kind invalid, not_found, forbidden or unauthenticated.
 */
export const LEAD_CHARGE_RETRY_POLICY = {
  maximumAttempts: 5,
  initialIntervalMs: 2_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 30_000,
} as const;

/** One attempt of an activity (the Stripe SDK's own timeout is 20 s). */
export const LEAD_CHARGE_ACTIVITY_TIMEOUT_MS = 30_000;
