import {
  InProcessWorkflowEngine,
  connectTemporalEngine,
  withRetries,
  type Sleep,
  type WorkflowClock,
  type WorkflowEngine,
  type WorkflowRuntime,
} from '@kainga/platform/workflow';
import { meteredActivities } from '@kainga/platform';
import { TASK_QUEUE, VALUATION_WORKFLOW, type ValuationActivities, type ValuationWorkflowInput } from './valuation/activity-types';
import { valuationOrchestration } from './valuation/orchestration';
import { VALUATION_RETRY_POLICY } from './valuation/retry-policy';
import { LEAD_CHARGE_WORKFLOW, type LeadChargeActivities, type LeadChargeWorkflowInput } from './billing/lead-charge/activity-types';
import { leadChargeOrchestration } from './billing/lead-charge/orchestration';
import { LEAD_CHARGE_RETRY_POLICY } from './billing/lead-charge/retry-policy';
import { AD_SUBSCRIPTION_WORKFLOW, type AdSubscriptionActivities, type AdSubscriptionWorkflowInput } from './billing/ad-subscription/activity-types';
import { adSubscriptionOrchestration } from './billing/ad-subscription/orchestration';
import { AD_SUBSCRIPTION_RETRY_POLICY } from './billing/ad-subscription/retry-policy';

export interface WorkflowEngineOptions {
  /** The waits between activity retries (tests). */
  sleep?: Sleep;
  /** The lead charge's activities ("charge lead"), when this process charges leads. */
  leadCharges?: LeadChargeActivities;
  /** The billing workflow's activities, when this process runs subscriptions' billing. */
  adSubscriptions?: AdSubscriptionActivities;
  /** The clock long-running workflows wait on in-process (a ManualClock in tests). */
  clock?: WorkflowClock;
  /** A started workflow failed in-process (nobody awaits it): for the log. */
  onBackgroundFailure?: (workflowId: string, error: unknown) => void;
}

/**
 * The workflow engine the configuration asks for: Temporal when TEMPORAL_ADDRESS is set (the
 * `workflows` worker then runs the activities, so `activities` is not used here), else the
 * in-process engine running the same orchestrations over the activities given, retried with the
 * same policies Temporal uses.
 */
export async function createWorkflowEngine(config: { TEMPORAL_ADDRESS?: string }, activities: ValuationActivities, options: WorkflowEngineOptions = {}): Promise<WorkflowEngine> {
  if (config.TEMPORAL_ADDRESS) return connectTemporalEngine(config.TEMPORAL_ADDRESS, TASK_QUEUE);
  // Every attempt counted (metrics), inside the retries so each retry is one.
  const retried = withRetries(meteredActivities(activities), VALUATION_RETRY_POLICY, options.sleep);
  const leadCharges = options.leadCharges ? withRetries(meteredActivities(options.leadCharges), LEAD_CHARGE_RETRY_POLICY, options.sleep) : null;
  const adSubscriptions = options.adSubscriptions ? withRetries(meteredActivities(options.adSubscriptions), AD_SUBSCRIPTION_RETRY_POLICY, options.sleep) : null;
  return new InProcessWorkflowEngine(
    {
      [VALUATION_WORKFLOW]: (input: ValuationWorkflowInput) => valuationOrchestration(retried, input),
      ...(leadCharges ? { [LEAD_CHARGE_WORKFLOW]: (input: LeadChargeWorkflowInput) => leadChargeOrchestration(leadCharges, input) } : {}),
      ...(adSubscriptions
        ? { [AD_SUBSCRIPTION_WORKFLOW]: (input: AdSubscriptionWorkflowInput, runtime: WorkflowRuntime<AdSubscriptionWorkflowInput>) => adSubscriptionOrchestration(adSubscriptions, runtime, input) }
        : {}),
    },
    { clock: options.clock, onBackgroundFailure: options.onBackgroundFailure },
  );
}
