/**
 * Temporal workflow definitions, bundled by the worker into Temporal's sandbox: only
 * @temporalio/workflow and sandbox-safe code (the orchestration, plain constants) may be
 * imported here, never activities, platform or Node APIs.
 */
import { ApplicationFailure, condition, continueAsNew, defineSignal, isCancellation, proxyActivities, setHandler, type ActivityOptions } from '@temporalio/workflow';
import type { Estimate } from '@kainga/contracts';
import type { ValuationActivities, ValuationWorkflowInput } from './valuation/activity-types';
import { ValuationFailure, valuationOrchestration } from './valuation/orchestration';
import { VALUATION_ACTIVITY_TIMEOUT_MS, VALUATION_RETRY_POLICY } from './valuation/retry-policy';

import type { LeadChargeActivities, LeadChargeOutcome, LeadChargeWorkflowInput } from './billing/lead-charge/activity-types';
import { leadChargeOrchestration } from './billing/lead-charge/orchestration';
import { LEAD_CHARGE_ACTIVITY_TIMEOUT_MS, LEAD_CHARGE_RETRY_POLICY } from './billing/lead-charge/retry-policy';

import type { WorkflowRuntime } from '@kainga/platform/workflow';
import { BILLING_CHANGED_SIGNAL, type AdSubscriptionActivities, type AdSubscriptionOutcome, type AdSubscriptionWorkflowInput } from './billing/ad-subscription/activity-types';
import { adSubscriptionOrchestration } from './billing/ad-subscription/orchestration';
import { AD_SUBSCRIPTION_ACTIVITY_TIMEOUT_MS, AD_SUBSCRIPTION_RETRY_POLICY } from './billing/ad-subscription/retry-policy';

/** An activity's timeout and our retry policy (the one `withRetries` applies in-process) in Temporal's terms. */
const activityOptions = (
  timeoutMs: number,
  policy: { maximumAttempts: number; initialIntervalMs: number; backoffCoefficient: number; maximumIntervalMs: number },
): ActivityOptions => ({
  startToCloseTimeout: timeoutMs,
  retry: { maximumAttempts: policy.maximumAttempts, initialInterval: policy.initialIntervalMs, backoffCoefficient: policy.backoffCoefficient, maximumInterval: policy.maximumIntervalMs },
});

const activities = proxyActivities<ValuationActivities>(activityOptions(VALUATION_ACTIVITY_TIMEOUT_MS, VALUATION_RETRY_POLICY));

/**
 * The valuation workflow (type name VALUATION_WORKFLOW). A failure ends the workflow as failed
 * (never retried as a whole) with the reason for the person as the ApplicationFailure's
 * message, which TemporalWorkflowEngine hands to the caller as WorkflowFailedError.
 */
export async function valuationWorkflow(input: ValuationWorkflowInput): Promise<Estimate> {
  try {
    return await valuationOrchestration(activities, input);
  } catch (error) {
    if (error instanceof ValuationFailure) {
      if (isCancellation(error.cause)) throw error.cause;
      throw ApplicationFailure.nonRetryable(error.reason, 'ValuationFailure');
    }
    throw error;
  }
}

const leadChargeActivities = proxyActivities<LeadChargeActivities>(activityOptions(LEAD_CHARGE_ACTIVITY_TIMEOUT_MS, LEAD_CHARGE_RETRY_POLICY));

/** "Charge lead" (type name LEAD_CHARGE_WORKFLOW, id `leadCharge-<leadId>`): see billing/lead-charge/orchestration.ts. */
export async function leadChargeWorkflow(input: LeadChargeWorkflowInput): Promise<LeadChargeOutcome> {
  return leadChargeOrchestration(leadChargeActivities, input);
}

const adSubscriptionActivities = proxyActivities<AdSubscriptionActivities>(activityOptions(AD_SUBSCRIPTION_ACTIVITY_TIMEOUT_MS, AD_SUBSCRIPTION_RETRY_POLICY));

export const billingChanged = defineSignal(BILLING_CHANGED_SIGNAL);

/**
 * A subscription's billing lifecycle (type name AD_SUBSCRIPTION_WORKFLOW, id
 * `adSubscription-<subscriptionId>`): see billing/ad-subscription/orchestration.ts. Signals are
 * counted as they come, so one that arrives while an activity runs is seen by the next wait.
 */
export async function adSubscriptionWorkflow(input: AdSubscriptionWorkflowInput): Promise<AdSubscriptionOutcome> {
  let received = 0;
  let seen = 0;
  setHandler(billingChanged, () => {
    received++;
  });
  const runtime: WorkflowRuntime<AdSubscriptionWorkflowInput> = {
    now: () => Date.now(),
    async waitForSignal(untilMs) {
      if (received === seen && (untilMs === null || untilMs > Date.now())) {
        if (untilMs === null) await condition(() => received !== seen);
        else await condition(() => received !== seen, untilMs - Date.now());
      }
      const signalled = received !== seen;
      seen = received;
      return signalled;
    },
    continueAsNew: (next) => continueAsNew<typeof adSubscriptionWorkflow>(next),
  };
  return adSubscriptionOrchestration(adSubscriptionActivities, runtime, input);
}
