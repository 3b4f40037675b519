import type { Logger, Reactor, RecordedEvent } from '@kainga/platform';
import { WorkflowTimeoutError, type WorkflowEngine } from '@kainga/platform/workflow';
import { LEAD_CHARGE_WORKFLOW, leadChargeWorkflowId, type LeadChargeOutcome, type LeadChargeWorkflowInput } from './activity-types';

export const LEAD_CHARGES_REACTOR = 'lead-charges';

/** How long the reactor waits for one charge before moving on (the run itself goes on). */
export const LEAD_CHARGE_WAIT_MS = 120_000;

/**
 * Starts "charge lead" for every new lead to a partner (PartnerLeadReceived), as the workflow
 * `leadCharge-<leadId>`: a duplicate start joins the run under way, a completed run answers its
 * outcome without running again, and a run repeated past the engine's memory of it (a replay from
 * an old checkpoint, a restart after a crash) finds the charge already settled or the
 * PaymentIntent already made (idempotency key = lead id), so a lead is never charged twice.
 *
 * The reactor waits for the run: when it fails (Stripe unreachable after every retry), the reactor
 * runner tries the lead again with a growing back-off, so a charge is not left pending for good.
 */
export function leadChargesReactor(deps: { engine: WorkflowEngine; logger?: Logger }): Reactor {
  return {
    name: LEAD_CHARGES_REACTOR,
    filter: { eventTypes: ['PartnerLeadReceived'], streamPrefixes: ['partnerLead-'] },
    async handle(event: RecordedEvent) {
      const { leadId } = event.data as { leadId: string };
      try {
        const outcome = await deps.engine.execute<LeadChargeWorkflowInput, LeadChargeOutcome>(LEAD_CHARGE_WORKFLOW, { leadId }, { workflowId: leadChargeWorkflowId(leadId), timeoutMs: LEAD_CHARGE_WAIT_MS });
        deps.logger?.debug({ leadId, outcome, eventId: event.id }, 'lead charge');
      } catch (err) {
        // Still running (Temporal keeps it; in-process it goes on in the background): not a failure.
        if (err instanceof WorkflowTimeoutError) return;
        throw err;
      }
    },
  };
}
