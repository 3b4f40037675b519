import type { AdSubscriptionStatus, BillingPolicy } from '@kainga/contracts';

/**
 * What the billing workflow knows of a subscription, read from its stream each time it looks
 * (the workflow keeps nothing the event store does not have). Plain data: it crosses Temporal's
 * activity boundary.
 */
export interface BillingView {
  status: 'none' | AdSubscriptionStatus;
  via: 'admin' | 'checkout' | null;
  /** The stream's revision the view was read at: it keys the command a step sends, so a repeated step records nothing twice. */
  revision: number;
  startDate: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe ended its subscription: nothing more to bill or cancel. */
  billingEnded: boolean;
  pausedBy: string | null;
  unpaid: { invoiceId: string; since: string; retries: number; billingPaused: boolean } | null;
}

/**
 * The billing lifecycle's steps, each an activity that sends a command to the subscription
 * (stream `adSubscription-<id>`) keyed by the step and the revision it decided on.
 */
export interface AdSubscriptionActivities {
  loadBilling(input: { subscriptionId: string }): Promise<BillingView>;
  /** Pauses for an overdue renewal, resumes once paid, or expires: AdSubscriptionPaused/Resumed/Expired by 'billing'. */
  applyPolicy(input: { subscriptionId: string; action: 'pause' | 'resume' | 'expire'; reason: string; revision: number; at: string }): Promise<void>;
  /** Asks Stripe to pay the unpaid invoice again with the saved card and records the answer. */
  retryPayment(input: { subscriptionId: string; invoiceId: string; attempt: number; at: string }): Promise<'paid' | 'failed'>;
  /** Ends the Stripe subscription of an expired subscription (no more invoices) and records Stripe's answer. */
  cancelAtStripe(input: { subscriptionId: string; at: string }): Promise<void>;
}

export interface AdSubscriptionWorkflowInput {
  subscriptionId: string;
  policy: BillingPolicy;
  /** The billing period the run started in; a run that sees a newer one continues as new. Absent on the first run. */
  periodEnd?: string | null;
}

/** How a subscription's billing workflow ended. */
export type AdSubscriptionOutcome = 'expired' | 'allocated' | 'unknown';

export { AD_SUBSCRIPTION_WORKFLOW, adSubscriptionWorkflowId } from '@kainga/contracts';
/** The one signal: "a fact about this subscription was recorded; read it again". */
export const BILLING_CHANGED_SIGNAL = 'billingChanged';
