import type { LeadChargeDisputeStatus, LeadChargeEvent, LeadChargeFailureCode } from '@kainga/contracts';
import { leadChargeEventTypes, leadChargeFailureCodeOf } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { ERASED_TEXT, personErasedOf, withPersonErased, type PersonErasedData } from './person-erased';

/**
 * The `lead_charges` read model (spec 001 §3 lead_charges): one document per lead charge (stream
 * `leadCharge-<leadId>`, so `_id` is the lead id), read by the partner's Billing tab
 * (GET /api/billing/history). A settled charge stays settled: the settling updates match only a
 * pending document, so a replay in any order leaves the first answer.
 */
export const LEAD_CHARGES = 'lead_charges';

export type LeadChargeStatus = 'pending' | 'succeeded' | 'failed';

export interface LeadChargeDoc {
  _id: string;
  partnerLeadId: string;
  partnerId: string;
  subscriptionId: string;
  /** NZD. */
  amount: number;
  currency: string;
  stripePaymentIntentId: string | null;
  status: LeadChargeStatus;
  failureReason: string | null;
  /** What kind of failure (the Billing tab's words on what to do); null unless failed, absent in documents built before version 3. */
  failureCode?: LeadChargeFailureCode | null;
  /** When Stripe took the payment; null until it did. */
  chargedAt: string | null;
  /** The partner's dispute of the paid charge; null (or absent, before disputes existed) when there is none. */
  dispute?: LeadChargeDisputeDoc | null;
  /** When it was disputed: the admin's list of disputes reads it by index. */
  disputedAt?: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface LeadChargeDisputeDoc {
  status: LeadChargeDisputeStatus;
  reason: string;
  disputedAt: string;
  note: string | null;
  resolvedAt: string | null;
  stripeRefundId: string | null;
  refundedAt: string | null;
  refundFailureReason: string | null;
}

/** A dispute moves on only from the status named (a replayed event finds it moved already and changes nothing). */
const disputeUpdate = (leadId: string, from: LeadChargeDisputeStatus, set: Record<string, unknown>, at: string): CollectionWrite => ({
  collection: LEAD_CHARGES,
  updateOne: { filter: { _id: leadId, 'dispute.status': from }, update: { $set: { ...Object.fromEntries(Object.entries(set).map(([k, v]) => [`dispute.${k}`, v])), updatedAt: at } } },
});

export const leadChargesProjector: Projector = {
  name: 'lead_charges',
  // 2: charges carry their dispute. 3: a failed charge carries its failure code. 4: an erased partner's disputes (PersonErased).
  version: 4,
  collections: [LEAD_CHARGES],
  filter: withPersonErased({ eventTypes: leadChargeEventTypes, streamPrefixes: ['leadCharge-'] }),
  indexes: {
    [LEAD_CHARGES]: [
      // A partner's billing history, newest first.
      { keys: { partnerId: 1, createdAt: -1, _id: 1 } },
      // The admin's disputes, newest first.
      { keys: { disputedAt: -1, _id: 1 } },
    ],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    const erased = personErasedOf(event);
    if (erased) return eraseDisputeReasons(erased);
    const e = { type: event.type, data: event.data } as LeadChargeEvent;
    return match(e)
      .with({ type: 'LeadChargeRequested' }, ({ data }): CollectionWrite[] => [
        {
          collection: LEAD_CHARGES,
          updateOne: {
            filter: { _id: data.leadId },
            update: {
              $setOnInsert: { status: 'pending', stripePaymentIntentId: null, failureReason: null, failureCode: null, chargedAt: null, dispute: null, disputedAt: null, updatedAt: data.requestedAt },
              $set: { partnerLeadId: data.leadId, partnerId: data.partnerId, subscriptionId: data.subscriptionId, amount: data.amount, currency: data.currency, createdAt: data.requestedAt },
            },
            upsert: true,
          },
        },
      ])
      .with({ type: 'LeadChargeSucceeded' }, ({ data }): CollectionWrite[] => [
        {
          collection: LEAD_CHARGES,
          updateOne: { filter: { _id: data.leadId, status: 'pending' }, update: { $set: { status: 'succeeded', stripePaymentIntentId: data.stripePaymentIntentId, chargedAt: data.chargedAt, updatedAt: data.chargedAt } } },
        },
      ])
      .with({ type: 'LeadChargeFailed' }, ({ data }): CollectionWrite[] => [
        {
          collection: LEAD_CHARGES,
          updateOne: { filter: { _id: data.leadId, status: 'pending' }, update: {
            // An event recorded before failures carried a code gets it from its reason.
            $set: { status: 'failed', stripePaymentIntentId: data.stripePaymentIntentId, failureReason: data.failureReason, failureCode: data.failureCode ?? leadChargeFailureCodeOf(data.failureReason), updatedAt: data.failedAt },
          } },
        },
      ])
      .with({ type: 'LeadChargeDisputed' }, ({ data }): CollectionWrite[] => {
        const dispute: LeadChargeDisputeDoc = { status: 'open', reason: data.reason, disputedAt: data.disputedAt, note: null, resolvedAt: null, stripeRefundId: null, refundedAt: null, refundFailureReason: null };
        return [{ collection: LEAD_CHARGES, updateOne: { filter: { _id: data.leadId, dispute: null }, update: { $set: { dispute, disputedAt: data.disputedAt, updatedAt: data.disputedAt } } } }];
      })
      .with({ type: 'LeadChargeDisputeResolved' }, ({ data }): CollectionWrite[] => [
        disputeUpdate(data.leadId, 'open', { status: data.outcome === 'refund' ? 'refunding' : 'kept', note: data.note || null, resolvedAt: data.resolvedAt }, data.resolvedAt),
      ])
      .with({ type: 'LeadChargeRefunded' }, ({ data }): CollectionWrite[] => [disputeUpdate(data.leadId, 'refunding', { status: 'refunded', stripeRefundId: data.stripeRefundId, refundedAt: data.refundedAt }, data.refundedAt)])
      .with({ type: 'LeadChargeRefundFailed' }, ({ data }): CollectionWrite[] => [disputeUpdate(data.leadId, 'refunding', { status: 'refund_failed', refundFailureReason: data.failureReason }, data.failedAt)])
      .exhaustive();
  },
};

/**
 * An erased partner's charges stay for the books (amounts, dates, outcomes: ids and figures only);
 * the words they wrote disputing one are theirs and read as erased.
 */
function eraseDisputeReasons(data: PersonErasedData): CollectionWrite[] {
  if (data.records.partnerIds.length === 0) return [];
  return [
    { collection: LEAD_CHARGES, updateMany: { filter: { partnerId: { $in: [...data.records.partnerIds] }, disputedAt: { $gt: '' } }, update: { $set: { 'dispute.reason': ERASED_TEXT } } } },
  ];
}

/** Most charges one history answers (newest first); the summary counts them all. */
export const LEAD_CHARGES_LIST_LIMIT = 500;

/** A partner's lead charges, newest first. */
export function leadChargesOfPartner(store: ReadStore, partnerId: string, limit?: number): Promise<LeadChargeDoc[]> {
  return store.collection<LeadChargeDoc>(LEAD_CHARGES).find({ partnerId }, { sort: { createdAt: -1, _id: 1 }, ...(limit ? { limit } : {}) });
}

export function findLeadCharge(store: ReadStore, leadId: string): Promise<LeadChargeDoc | null> {
  return store.collection<LeadChargeDoc>(LEAD_CHARGES).findOne({ _id: leadId });
}

/** Every disputed charge, newest dispute first. */
export function disputedLeadCharges(store: ReadStore, limit = LEAD_CHARGES_LIST_LIMIT): Promise<LeadChargeDoc[]> {
  return store.collection<LeadChargeDoc>(LEAD_CHARGES).find({ disputedAt: { $gt: '' } }, { sort: { disputedAt: -1, _id: 1 }, limit });
}

/** The Billing tab's figures over a partner's charges: total billed (succeeded, less refunds), since `monthStart`, and the failed count. */
export function leadChargeSummary(charges: readonly LeadChargeDoc[], monthStart: string): { totalBilled: number; thisMonth: number; failedCount: number } {
  const cents = (n: number) => Math.round(n * 100);
  let total = 0;
  let month = 0;
  let failed = 0;
  for (const c of charges) {
    if (c.status === 'failed') failed++;
    if (c.status !== 'succeeded' || c.dispute?.status === 'refunded') continue;
    total += cents(c.amount);
    if ((c.chargedAt ?? c.createdAt) >= monthStart) month += cents(c.amount);
  }
  return { totalBilled: total / 100, thisMonth: month / 100, failedCount: failed };
}
