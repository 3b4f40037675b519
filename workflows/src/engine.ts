import {
  InProcessWorkflowEngine,
  connectTemporalEngine,
  withRetries,
  type Sleep,
  type WorkflowEngine,
} from '@kainga/platform/workflow';
import { TASK_QUEUE, VALUATION_WORKFLOW, type ValuationActivities, type ValuationWorkflowInput } from './valuation/activity-types';
import { valuationOrchestration } from './valuation/orchestration';
import { VALUATION_RETRY_POLICY } from './valuation/retry-policy';
import { LEAD_CHARGE_WORKFLOW, type LeadChargeActivities, type LeadChargeWorkflowInput } from './billing/lead-charge/activity-types';
import { leadChargeOrchestration } from './billing/lead-charge/orchestration';
import { LEAD_CHARGE_RETRY_POLICY } from './billing/lead-charge/retry-policy';

/**
 * The workflow engine the configuration asks for: Temporal when TEMPORAL_ADDRESS is set (the
 * `workflows` worker then runs the activities, so `activities` is not used here), else the
 * in-process engine running the same orchestration over `activities`, retried with the same
 * policy Temporal uses. `leadCharges`: the lead charge's activities ("charge lead"), when this
 * process charges leads. `sleep` is for tests (the waits between retries).
 */
export async function createWorkflowEngine(
  config: { TEMPORAL_ADDRESS?: string },
  activities: ValuationActivities,
  options: { sleep?: Sleep; leadCharges?: LeadChargeActivities } = {},
): Promise<WorkflowEngine> {
  if (config.TEMPORAL_ADDRESS) return connectTemporalEngine(config.TEMPORAL_ADDRESS, TASK_QUEUE);
  const retried = withRetries(activities, VALUATION_RETRY_POLICY, options.sleep);
  const leadCharges = options.leadCharges ? withRetries(options.leadCharges, LEAD_CHARGE_RETRY_POLICY, options.sleep) : null;
  return new InProcessWorkflowEngine({
    [VALUATION_WORKFLOW]: (input: ValuationWorkflowInput) => valuationOrchestration(retried, input),
    ...(leadCharges ? { [LEAD_CHARGE_WORKFLOW]: (input: LeadChargeWorkflowInput) => leadChargeOrchestration(leadCharges, input) } : {}),
  });
}
