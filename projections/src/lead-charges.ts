import type { LeadChargeEvent } from '@kainga/contracts';
import { leadChargeEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';

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
  /** When Stripe took the payment; null until it did. */
  chargedAt: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const leadChargesProjector: Projector = {
  name: 'lead_charges',
  version: 1,
  collections: [LEAD_CHARGES],
  filter: { eventTypes: leadChargeEventTypes, streamPrefixes: ['leadCharge-'] },
  indexes: {
    // A partner's billing history, newest first.
    [LEAD_CHARGES]: [{ keys: { partnerId: 1, createdAt: -1, _id: 1 } }],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data } as LeadChargeEvent;
    return match(e)
      .with({ type: 'LeadChargeRequested' }, ({ data }): CollectionWrite[] => [
        {
          collection: LEAD_CHARGES,
          updateOne: {
            filter: { _id: data.leadId },
            update: {
              $setOnInsert: { status: 'pending', stripePaymentIntentId: null, failureReason: null, chargedAt: null, updatedAt: data.requestedAt },
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
          updateOne: { filter: { _id: data.leadId, status: 'pending' }, update: { $set: { status: 'failed', stripePaymentIntentId: data.stripePaymentIntentId, failureReason: data.failureReason, updatedAt: data.failedAt } } },
        },
      ])
      .exhaustive();
  },
};

/** Most charges one history answers (newest first); the summary counts them all. */
export const LEAD_CHARGES_LIST_LIMIT = 500;

/** A partner's lead charges, newest first. */
export function leadChargesOfPartner(store: ReadStore, partnerId: string, limit?: number): Promise<LeadChargeDoc[]> {
  return store.collection<LeadChargeDoc>(LEAD_CHARGES).find({ partnerId }, { sort: { createdAt: -1, _id: 1 }, ...(limit ? { limit } : {}) });
}

export function findLeadCharge(store: ReadStore, leadId: string): Promise<LeadChargeDoc | null> {
  return store.collection<LeadChargeDoc>(LEAD_CHARGES).findOne({ _id: leadId });
}

/** The Billing tab's figures over a partner's charges: total billed (succeeded), since `monthStart`, and the failed count. */
export function leadChargeSummary(charges: readonly LeadChargeDoc[], monthStart: string): { totalBilled: number; thisMonth: number; failedCount: number } {
  const cents = (n: number) => Math.round(n * 100);
  let total = 0;
  let month = 0;
  let failed = 0;
  for (const c of charges) {
    if (c.status === 'failed') failed++;
    if (c.status !== 'succeeded') continue;
    total += cents(c.amount);
    if ((c.chargedAt ?? c.createdAt) >= monthStart) month += cents(c.amount);
  }
  return { totalBilled: total / 100, thisMonth: month / 100, failedCount: failed };
}
