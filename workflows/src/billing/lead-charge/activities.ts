import { requestLeadCharge, sendLeadChargeCommand, takeLeadPayment } from '@kainga/command-api';
import type { EventStore, Payments, ReadStore } from '@kainga/platform';
import type { LeadChargeActivities } from './activity-types';

export interface LeadChargeActivityDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  payments: Payments;
  now?: () => number;
}

/**
 * The lead charge's activities (`createLeadChargeActivities(deps)`): each reads the charge from
 * its stream and records by a command whose idempotency key is the step's
 * (`leadCharge:<leadId>:<step>`), so a retry appends nothing twice.
 */
export function createLeadChargeActivities(deps: LeadChargeActivityDeps): LeadChargeActivities {
  const { eventStore, readStore, payments } = deps;
  return {
    async requestCharge({ leadId }) {
      const state = await requestLeadCharge({ eventStore, readStore }, leadId, deps.now?.() ?? Date.now());
      return { status: state?.status ?? 'none' };
    },
    takePayment: ({ leadId }) => takeLeadPayment({ eventStore, payments }, leadId),
    async recordSucceeded({ leadId, stripePaymentIntentId }) {
      await sendLeadChargeCommand(eventStore, leadId, { type: 'RecordLeadChargeSucceeded', stripePaymentIntentId, at: new Date().toISOString() }, `leadCharge:${leadId}:settled`);
    },
    async recordFailed({ leadId, failureReason, stripePaymentIntentId }) {
      await sendLeadChargeCommand(eventStore, leadId, { type: 'RecordLeadChargeFailed', failureReason, stripePaymentIntentId, at: new Date().toISOString() }, `leadCharge:${leadId}:settled`);
    },
  };
}
