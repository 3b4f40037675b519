import { refundLeadCharge } from '@kainga/command-api';
import type { EventStore, Logger, Payments, Reactor, RecordedEvent } from '@kainga/platform';

export const LEAD_REFUNDS_REACTOR = 'lead-refunds';

/**
 * Refunds through Stripe every disputed lead charge an admin resolved to refund
 * (LeadChargeDisputeResolved with outcome refund), and records Stripe's answer on the charge.
 * Keyed by the lead (Stripe's idempotency key and the recording command's), so a replay or a
 * retry refunds nothing twice. Stripe unreachable throws: the reactor runner tries the event
 * again with a growing back-off, so an approved refund is not left waiting for good.
 */
export function leadRefundsReactor(deps: { eventStore: EventStore; payments: Payments; logger?: Logger }): Reactor {
  return {
    name: LEAD_REFUNDS_REACTOR,
    filter: { eventTypes: ['LeadChargeDisputeResolved'], streamPrefixes: ['leadCharge-'] },
    async handle(event: RecordedEvent) {
      const { leadId, outcome } = event.data as { leadId: string; outcome: string };
      if (outcome !== 'refund') return;
      const result = await refundLeadCharge(deps, leadId);
      deps.logger?.debug({ leadId, result, eventId: event.id }, 'lead charge refund');
    },
  };
}
