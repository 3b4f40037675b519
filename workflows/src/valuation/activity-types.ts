import type { Estimate } from '@kainga/contracts';

/**
 * The steps of a valuation, each an activity: idempotent (safe to retry), and each one that
 * changes something does it by sending a command. Temporal and the in-process engine run the
 * same orchestration over these.
 */
export interface ValuationActivities {
  /** Geocodes the property (PropertyLocated); null when no coordinates could be found. */
  locateProperty(input: { valuationId: string }): Promise<{ latitude: number; longitude: number } | null>;
  /** Finds and ranks comparable sales (ComparablesResearched). */
  researchComparables(input: { valuationId: string }): Promise<{ count: number; windowMonths: number }>;
  /** Estimates the value: OpenAI when configured (validated, falling back to the model), else the model. */
  estimate(input: { valuationId: string }): Promise<Estimate>;
  /** Records the result (ValuationCompleted). */
  recordEstimate(input: { valuationId: string; estimate: Estimate }): Promise<void>;
  /** Records the failure (ValuationFailed) with a message for the person. */
  failValuation(input: { valuationId: string; reason: string }): Promise<void>;
}

export interface ValuationWorkflowInput {
  valuationId: string;
}

export { VALUATION_WORKFLOW, VALUATION_TASK_QUEUE as TASK_QUEUE } from '@kainga/contracts';
