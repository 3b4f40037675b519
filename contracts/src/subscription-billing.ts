/**
 * The billing lifecycle of a subscription bought through the checkout: the rules the workflow
 * `adSubscription-<subscriptionId>` applies between Stripe's facts. The periods are part of the
 * workflow's input, so tests run the same workflow with periods of seconds.
 */
export interface BillingPolicy {
  /**
   * How long a checkout may wait for its first payment before it is expired (Stripe itself ends
   * an incomplete subscription after 23 hours: `incomplete_expired`).
   */
  firstPaymentWindowMs: number;
  /** After a renewal's payment fails, adverts keep running this long while payment is retried. */
  graceMs: number;
  /** When to ask Stripe to try the unpaid invoice again, counted from the first failure (dunning). */
  retryAfterMs: readonly number[];
  /** After the grace period the subscription is paused; this long after that, still unpaid, it expires. */
  pausedMs: number;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export const DEFAULT_BILLING_POLICY: BillingPolicy = {
  firstPaymentWindowMs: 23 * HOUR,
  graceMs: 7 * DAY,
  retryAfterMs: [1 * DAY, 3 * DAY, 5 * DAY],
  pausedMs: 14 * DAY,
};

/** The workflow type of a subscription's billing lifecycle; its id is `adSubscription-<subscriptionId>`. */
export const AD_SUBSCRIPTION_WORKFLOW = 'adSubscriptionWorkflow';
export const adSubscriptionWorkflowId = (subscriptionId: string) => `adSubscription-${subscriptionId}`;

/** Why the billing workflow paused or expired a subscription (AdSubscriptionPaused/Expired `reason`), in the partner's words. */
export const BILLING_REASONS = {
  firstPaymentMissing: 'The first payment was not made, so the subscription did not start.',
  renewalOverdue: 'The renewal payment is overdue: adverts are paused until it is paid.',
  renewalUnpaid: 'The renewal payment was not made, so the subscription ended.',
  cancelledAtPeriodEnd: 'The subscription was cancelled and ended with its billing period.',
} as const;
