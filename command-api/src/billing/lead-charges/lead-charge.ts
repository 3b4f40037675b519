import type { LeadChargeDisputeOutcome, LeadChargeEvent, LeadChargeRequested } from '@kainga/contracts';
import { DISPUTE_REASON_REQUIRED, KEEP_NOTE_REQUIRED, LEAD_CHARGE_DISPUTE_DAYS, leadChargeFailureCodeOf, leadChargeStream } from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { z } from 'zod';

export { leadChargeStream };

export const LEAD_CHARGE_NOT_FOUND = 'Lead charge not found.';
export const DISPUTE_NOT_FOUND = 'This charge has no dispute.';

/** How long after a charge its partner may dispute it (contracts' LEAD_CHARGE_DISPUTE_DAYS says why). */
export const LEAD_CHARGE_DISPUTE_WINDOW_MS = LEAD_CHARGE_DISPUTE_DAYS * 24 * 3600 * 1000;

type Requested = z.infer<typeof LeadChargeRequested>['data'];

/** A dispute of a paid charge: open, then kept, or refunding until Stripe answers (refunded or refund_failed). */
export interface LeadChargeDispute {
  status: 'open' | 'kept' | 'refunding' | 'refunded' | 'refund_failed';
  reason: string;
  disputedAt: string;
}

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
      /** When Stripe took the payment; null until it did. */
      chargedAt: string | null;
      dispute: LeadChargeDispute | null;
    };

export type LeadChargeCommand =
  /** "Charge lead": the lead's charge begins, pending. One charge per lead, ever: a second request records nothing. */
  | { type: 'RequestLeadCharge'; charge: Requested }
  /** Stripe took the payment (the workflow's answer, or payment_intent.succeeded later). */
  | { type: 'RecordLeadChargeSucceeded'; stripePaymentIntentId: string; at: string }
  /** The charge cannot be taken: no saved card, a decline, payments not configured. */
  | { type: 'RecordLeadChargeFailed'; failureReason: string; stripePaymentIntentId: string | null; at: string }
  /** The partner (`partnerId`: the one acting) says the lead was not worth paying for. */
  | { type: 'DisputeLeadCharge'; partnerId: string; reason: string; by: string; at: string }
  /** An admin refunds the charge or keeps it, with a note for the partner. */
  | { type: 'ResolveLeadChargeDispute'; outcome: LeadChargeDisputeOutcome; note: string; by: string; at: string }
  /** Stripe made the refund (the refunds reactor's answer). */
  | { type: 'RecordLeadChargeRefunded'; stripeRefundId: string; at: string }
  /** Stripe refused the refund, in its words. */
  | { type: 'RecordLeadChargeRefundFailed'; failureReason: string; at: string };

type Charged = Exclude<LeadChargeState, { status: 'none' }>;

const withDispute = (state: LeadChargeState, status: LeadChargeDispute['status']): LeadChargeState => (state.status === 'none' || !state.dispute ? state : { ...state, dispute: { ...state.dispute, status } });

/** The charge's dispute being refunded, or null when the refund is no longer awaited (a repeated or late answer). */
function refunding(state: LeadChargeState): Charged | null {
  if (state.status === 'none') throw notFound(LEAD_CHARGE_NOT_FOUND);
  return state.dispute?.status === 'refunding' ? state : null;
}

/**
 * A lead charge (stream `leadCharge-<leadId>`): pending → succeeded | failed, and settled once.
 * Whichever answer arrives first settles it (the workflow's own, or Stripe's webhook about the
 * same PaymentIntent); a later one, repeated or contrary, records nothing, so neither a replay nor
 * a duplicate webhook changes what the partner was told.
 *
 * A paid charge may be disputed once by its partner, within LEAD_CHARGE_DISPUTE_WINDOW_MS; an
 * admin resolves the dispute once (keep it, saying why, or refund it); a refund is recorded once,
 * as Stripe answered it.
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
        chargedAt: null,
        dispute: null,
      }))
      .with({ type: 'LeadChargeSucceeded' }, ({ data }): LeadChargeState =>
        state.status === 'none' ? state : { ...state, status: 'succeeded', stripePaymentIntentId: data.stripePaymentIntentId, chargedAt: data.chargedAt },
      )
      .with({ type: 'LeadChargeFailed' }, ({ data }): LeadChargeState => (state.status === 'none' ? state : { ...state, status: 'failed', stripePaymentIntentId: data.stripePaymentIntentId }))
      .with({ type: 'LeadChargeDisputed' }, ({ data }): LeadChargeState => (state.status === 'none' ? state : { ...state, dispute: { status: 'open', reason: data.reason, disputedAt: data.disputedAt } }))
      .with({ type: 'LeadChargeDisputeResolved' }, ({ data }) => withDispute(state, data.outcome === 'refund' ? 'refunding' : 'kept'))
      .with({ type: 'LeadChargeRefunded' }, () => withDispute(state, 'refunded'))
      .with({ type: 'LeadChargeRefundFailed' }, () => withDispute(state, 'refund_failed'))
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
        // The code (what kind of failure) goes with the words, so the Billing tab can say what to do.
        const failureCode = leadChargeFailureCodeOf(c.failureReason);
        return [{ type: 'LeadChargeFailed', data: { leadId: state.leadId, partnerId: state.partnerId, failureReason: c.failureReason, failureCode, stripePaymentIntentId: c.stripePaymentIntentId, failedAt: c.at } }];
      })
      .with({ type: 'DisputeLeadCharge' }, (c): LeadChargeEvent[] => {
        // Another partner's charge reads as no charge at all.
        if (state.status === 'none' || state.partnerId !== c.partnerId) throw notFound(LEAD_CHARGE_NOT_FOUND);
        if (state.status !== 'succeeded') throw invalid('Only a paid charge can be disputed.');
        if (state.dispute) throw conflict('This charge has already been disputed.');
        if (Date.parse(c.at) - Date.parse(state.chargedAt ?? c.at) > LEAD_CHARGE_DISPUTE_WINDOW_MS) throw invalid(`A charge can be disputed within ${LEAD_CHARGE_DISPUTE_DAYS} days of it.`);
        const reason = c.reason.trim();
        if (!reason) throw invalid(DISPUTE_REASON_REQUIRED);
        return [{ type: 'LeadChargeDisputed', data: { leadId: state.leadId, partnerId: state.partnerId, reason, disputedBy: c.by, disputedAt: c.at } }];
      })
      .with({ type: 'ResolveLeadChargeDispute' }, (c): LeadChargeEvent[] => {
        if (state.status === 'none') throw notFound(LEAD_CHARGE_NOT_FOUND);
        if (!state.dispute) throw notFound(DISPUTE_NOT_FOUND);
        if (state.dispute.status !== 'open') throw conflict('This dispute has already been resolved.');
        const note = c.note.trim();
        // The partner is owed a reason when the charge stands.
        if (c.outcome === 'keep' && !note) throw invalid(KEEP_NOTE_REQUIRED);
        return [{ type: 'LeadChargeDisputeResolved', data: { leadId: state.leadId, partnerId: state.partnerId, outcome: c.outcome, note, resolvedBy: c.by, resolvedAt: c.at } }];
      })
      .with({ type: 'RecordLeadChargeRefunded' }, (c): LeadChargeEvent[] => {
        const charge = refunding(state);
        if (!charge) return [];
        return [{ type: 'LeadChargeRefunded', data: { leadId: charge.leadId, partnerId: charge.partnerId, stripeRefundId: c.stripeRefundId, amount: charge.amount, refundedAt: c.at } }];
      })
      .with({ type: 'RecordLeadChargeRefundFailed' }, (c): LeadChargeEvent[] => {
        const charge = refunding(state);
        if (!charge) return [];
        return [{ type: 'LeadChargeRefundFailed', data: { leadId: charge.leadId, partnerId: charge.partnerId, failureReason: c.failureReason, failedAt: c.at } }];
      })
      .exhaustive(),
};
