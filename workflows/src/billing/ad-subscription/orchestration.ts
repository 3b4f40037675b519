import type { WorkflowRuntime } from '@kainga/platform/workflow';
import type { AdSubscriptionActivities, AdSubscriptionOutcome, AdSubscriptionWorkflowInput } from './activity-types';
import { nextBillingStep } from './billing-step';

/*
 * Runs inside Temporal's workflow sandbox as well as in-process: no @temporalio/* and no Node
 * API here (the runtime and the activities are handed in). `import type` only from platform.
 */

/** Steps a run takes before it continues as new, so a long period of dunning keeps a small history. */
export const MAX_STEPS_PER_RUN = 50;
/** After a step's activity fails (past its own retries), the wait before looking again. */
export const STEP_FAILURE_BACKOFF_MS = 5 * 60_000;

/**
 * One subscription's billing lifecycle (workflow id `adSubscription-<subscriptionId>`), the way
 * Temporal's subscription tutorial runs an entity: a loop that looks at the subscription, does the
 * one step the policy asks for (billing-step.ts) or waits for a signal (a fact was recorded: a
 * payment, a failure, an admin's Pause/Activate/Expire, a cancellation) or the next deadline, and
 * continues as new when a new billing period begins.
 *
 * Its state is the event store's: each look reads the subscription's stream, and each step sends
 * a command keyed by the revision it decided on. A run stopped anywhere (a worker or the server
 * restarting) and started again does what remains and nothing twice.
 */
export async function adSubscriptionOrchestration(activities: AdSubscriptionActivities, runtime: WorkflowRuntime<AdSubscriptionWorkflowInput>, input: AdSubscriptionWorkflowInput): Promise<AdSubscriptionOutcome> {
  const { subscriptionId, policy } = input;
  let period = input.periodEnd;
  let actedAt: number | null = null;
  for (let steps = 0; ; steps++) {
    const view = await activities.loadBilling({ subscriptionId });
    if (period === undefined) period = view.currentPeriodEnd;
    else if (view.currentPeriodEnd !== period || steps >= MAX_STEPS_PER_RUN) return runtime.continueAsNew({ subscriptionId, policy, periodEnd: view.currentPeriodEnd });

    const step = nextBillingStep(view, runtime.now(), policy);
    // A step that recorded nothing would be asked for again at once: look again later instead of spinning.
    if (step.kind !== 'wait' && step.kind !== 'end' && actedAt === view.revision) {
      await runtime.waitForSignal(runtime.now() + STEP_FAILURE_BACKOFF_MS);
      actedAt = null;
      continue;
    }
    if (step.kind !== 'wait') actedAt = view.revision;
    const now = new Date(runtime.now()).toISOString();
    try {
      switch (step.kind) {
        case 'end':
          return step.outcome;
        case 'wait':
          await runtime.waitForSignal(step.until);
          break;
        case 'expire':
        case 'pause':
          await activities.applyPolicy({ subscriptionId, action: step.kind, reason: step.reason, revision: view.revision, at: now });
          break;
        case 'resume':
          await activities.applyPolicy({ subscriptionId, action: 'resume', reason: '', revision: view.revision, at: now });
          break;
        case 'retry':
          await activities.retryPayment({ subscriptionId, invoiceId: step.invoiceId, attempt: step.attempt, at: now });
          break;
        case 'cancelAtStripe':
          await activities.cancelAtStripe({ subscriptionId, at: now });
          break;
      }
    } catch (error) {
      // The activity failed after its retries (Stripe down for long): look again later, or sooner on a signal.
      if (!isActivityFailure(error)) throw error;
      await runtime.waitForSignal(runtime.now() + STEP_FAILURE_BACKOFF_MS);
    }
  }
}

/** An activity's failure, not the engine stopping the run (in-process close, Temporal cancellation), which must end it. */
function isActivityFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name !== 'WorkflowEngineClosedError' && name !== 'CancelledFailure';
}
