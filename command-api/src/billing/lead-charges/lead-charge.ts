import type { LeadChargeEvent, LeadChargeRequested } from '@kainga/contracts';
import { leadChargeStream } from '@kainga/contracts';
import { notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { z } from 'zod';

export { leadChargeStream };

export const LEAD_CHARGE_NOT_FOUND = 'Lead charge not found.';

type Requested = z.infer<typeof LeadChargeRequested>['data'];

export type LeadChargeState =
  | { status: 'none' }
  | {
      status: 'pending' | 'succeeded' | 'failed';
      leadId: string;
      partnerId: string;
      subscriptionId: string;
      /** NZD. */
      amount: number;
      currency: string;
      stripePaymentIntentId: string | null;
    };

export type LeadChargeCommand =
  /** "Charge lead": the lead's charge begins, pending. One charge per lead, ever: a second request records nothing. */
  | { type: 'RequestLeadCharge'; charge: Requested }
  /** Stripe took the payment (the workflow's answer, or payment_intent.succeeded later). */
  | { type: 'RecordLeadChargeSucceeded'; stripePaymentIntentId: string; at: string }
  /** The charge cannot be taken: no saved card, a decline, payments not configured. */
  | { type: 'RecordLeadChargeFailed'; failureReason: string; stripePaymentIntentId: string | null; at: string };

/**
 * A lead charge (stream `leadCharge-<leadId>`): pending → succeeded | failed, and settled once.
 * Whichever answer arrives first settles it (the workflow's own, or Stripe's webhook about the
 * same PaymentIntent); a later one, repeated or contrary, records nothing, so neither a replay nor
 * a duplicate webhook changes what the partner was told.
 */
export const leadChargeDecider: Decider<LeadChargeState, LeadChargeCommand, LeadChargeEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'LeadChargeRequested' }, ({ data }): LeadChargeState => ({
        status: 'pending',
        leadId: data.leadId,
        partnerId: data.partnerId,
        subscriptionId: data.subscriptionId,
        amount: data.amount,
        currency: data.currency,
        stripePaymentIntentId: null,
      }))
      .with({ type: 'LeadChargeSucceeded' }, ({ data }): LeadChargeState => (state.status === 'none' ? state : { ...state, status: 'succeeded', stripePaymentIntentId: data.stripePaymentIntentId }))
      .with({ type: 'LeadChargeFailed' }, ({ data }): LeadChargeState => (state.status === 'none' ? state : { ...state, status: 'failed', stripePaymentIntentId: data.stripePaymentIntentId }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RequestLeadCharge' }, (c): LeadChargeEvent[] => (state.status === 'none' ? [{ type: 'LeadChargeRequested', data: c.charge }] : []))
      .with({ type: 'RecordLeadChargeSucceeded' }, (c): LeadChargeEvent[] => {
        if (state.status === 'none') throw notFound(LEAD_CHARGE_NOT_FOUND);
        if (state.status !== 'pending') return [];
        return [{ type: 'LeadChargeSucceeded', data: { leadId: state.leadId, partnerId: state.partnerId, stripePaymentIntentId: c.stripePaymentIntentId, chargedAt: c.at } }];
      })
      .with({ type: 'RecordLeadChargeFailed' }, (c): LeadChargeEvent[] => {
        if (state.status === 'none') throw notFound(LEAD_CHARGE_NOT_FOUND);
        if (state.status !== 'pending') return [];
        return [{ type: 'LeadChargeFailed', data: { leadId: state.leadId, partnerId: state.partnerId, failureReason: c.failureReason, stripePaymentIntentId: c.stripePaymentIntentId, failedAt: c.at } }];
      })
      .exhaustive(),
};
