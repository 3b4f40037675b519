import type { AdminLeadChargeDispute, BillingHistoryEntry, LeadChargeDisputeView } from '@kainga/contracts';
import { leadChargeFailureCodeOf } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { PARTNER_LEADS, PARTNERS, type LeadChargeDisputeDoc, type LeadChargeDoc, type PartnerDoc, type PartnerLeadDoc } from '@kainga/projections';

const disputeViewOf = (d: LeadChargeDisputeDoc): LeadChargeDisputeView => ({
  status: d.status,
  reason: d.reason,
  disputedAt: d.disputedAt,
  ...(d.note ? { note: d.note } : {}),
  ...(d.resolvedAt ? { resolvedAt: d.resolvedAt } : {}),
  ...(d.refundedAt ? { refundedAt: d.refundedAt } : {}),
});

/** A lead charge as the partner's Billing tab lists it (GET /api/billing/history), with its dispute when it has one. */
export const billingEntryOf = (c: LeadChargeDoc): BillingHistoryEntry => ({
  id: c._id,
  leadId: c.partnerLeadId,
  amount: c.amount,
  status: c.status,
  createdAt: c.createdAt,
  ...(c.stripePaymentIntentId ? { stripePaymentIntentId: c.stripePaymentIntentId } : {}),
  ...(c.failureReason ? { failureReason: c.failureReason } : {}),
  // Every failed charge says what kind of failure it was (a document of an older build is read from its reason).
  ...(c.status === 'failed' ? { failureCode: c.failureCode ?? leadChargeFailureCodeOf(c.failureReason ?? '') } : {}),
  ...(c.dispute ? { dispute: disputeViewOf(c.dispute) } : {}),
});

/**
 * Disputed charges as the admin judges them: each with its partner's business name and the lead
 * it was for (who sent it, what they wrote, whether signed in), two reads for all of them.
 */
export async function adminDisputesOf(store: ReadStore, charges: readonly LeadChargeDoc[]): Promise<AdminLeadChargeDispute[]> {
  const disputed = charges.filter((c): c is LeadChargeDoc & { dispute: LeadChargeDisputeDoc } => Boolean(c.dispute));
  if (disputed.length === 0) return [];
  const [partners, leads] = await Promise.all([
    store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: [...new Set(disputed.map((c) => c.partnerId))] } }),
    store.collection<PartnerLeadDoc>(PARTNER_LEADS).find({ _id: { $in: disputed.map((c) => c.partnerLeadId) } }),
  ]);
  const partnerById = new Map(partners.map((p) => [p._id, p]));
  const leadById = new Map(leads.map((l) => [l._id, l]));
  return disputed.map((c) => {
    const lead = leadById.get(c.partnerLeadId);
    return {
      leadId: c.partnerLeadId,
      partnerId: c.partnerId,
      businessName: partnerById.get(c.partnerId)?.businessName ?? c.partnerId,
      amount: c.amount,
      chargedAt: c.chargedAt,
      stripePaymentIntentId: c.stripePaymentIntentId,
      dispute: disputeViewOf(c.dispute),
      ...(c.dispute.refundFailureReason ? { refundFailureReason: c.dispute.refundFailureReason } : {}),
      lead: lead ? { contactName: lead.contactName, contactEmail: lead.contactEmail, requestMessage: lead.requestMessage, receivedAt: lead.createdAt, signedIn: lead.userId !== null } : null,
    };
  });
}
