import { paymentsOf, refundLeadCharge } from '@kainga/command-api';
import { LOCAL_TEST_PAYMENT_METHODS, waitFor } from '@kainga/platform/testing';
import { findLeadCharge } from '@kainga/projections';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadChargeApp, type LeadChargeApp } from './test-lead-charges';

/** Issue 48, finding 3: a partner disputes a charge from the Billing tab, an admin resolves it, and the history shows it. */
describe('disputes of lead charges (Stripe through the local stand-in)', () => {
  let a: LeadChargeApp;
  beforeAll(async () => {
    a = await startLeadChargeApp();
  });
  afterAll(() => a?.close());

  const reason = 'The same person sent this yesterday under another name.';
  const disputeOf = (leadId: string) => `/api/billing/lead-charges/${leadId}/dispute`;
  const resolveOf = (leadId: string) => `/api/admin/lead-charge-disputes/${leadId}/resolve`;
  /** The charge once its dispute has reached `status` in the read model. */
  const disputeReaches = async (leadId: string, status: string) => {
    await waitFor(async () => {
      await a.settled();
      return (await findLeadCharge(a.t.stores.readStore, leadId))?.dispute?.status === status;
    }, 10_000);
  };
  const refundsOf = (paymentIntentId: string | null) => [...a.stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);

  it('refunds a disputed charge through Stripe once an admin says so, and the history shows it refunded and billed to no one', async () => {
    const { client: broker, partnerId } = await a.payingPartner('refund@disputes.example.nz');
    const leadId = await a.sendLead(partnerId);
    const charge = await a.chargeOf(leadId);
    expect(charge.status).toBe('succeeded');

    const disputed = await broker.post(disputeOf(leadId), { reason: `  ${reason} ` });
    expect(disputed.statusCode, disputed.body).toBe(201);
    expect(disputed.json()).toMatchObject({ leadId, status: 'succeeded', dispute: { status: 'open', reason, disputedAt: expect.any(String) } });
    expect((await broker.post(disputeOf(leadId), { reason })).json()).toEqual({ message: 'This charge has already been disputed.' });
    // The partner's words are theirs: the log keeps them only sealed under the partner's key.
    const log = ['events.sqlite', 'events.sqlite-wal'].map((f) => join(a.t.dataDir, f)).filter(existsSync).map((f) => readFileSync(f).toString('utf8')).join('');
    expect(log).toContain('LeadChargeDisputed');
    expect(log).not.toContain('under another name');

    const admin = await a.admin();
    const listed = (await admin.get('/api/admin/lead-charge-disputes')).json() as { leadId: string }[];
    expect(listed.find((d) => d.leadId === leadId)).toMatchObject({
      partnerId,
      businessName: expect.any(String),
      amount: 25,
      stripePaymentIntentId: charge.stripePaymentIntentId,
      dispute: { status: 'open', reason },
      lead: { requestMessage: 'Kia ora, can you help with a loan for our first home?', signedIn: true },
    });

    const resolved = await admin.post(resolveOf(leadId), { outcome: 'refund' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ leadId, dispute: { status: 'refunding', resolvedAt: expect.any(String) } });
    expect((await admin.post(resolveOf(leadId), { outcome: 'keep', note: 'Changed my mind' })).json()).toEqual({ message: 'This dispute has already been resolved.' });

    await disputeReaches(leadId, 'refunded');
    expect(refundsOf(charge.stripePaymentIntentId)).toEqual([expect.objectContaining({ amount: 2500, metadata: { leadId, partnerId } })]);
    expect(a.stripe.requestsTo('POST', '/v1/refunds').at(-1)!.idempotencyKey).toContain(leadId);
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested', 'LeadChargeSucceeded', 'LeadChargeDisputed', 'LeadChargeDisputeResolved', 'LeadChargeRefunded']);

    const history = (await broker.get('/api/billing/history')).json();
    expect(history.entries).toEqual([expect.objectContaining({ leadId, status: 'succeeded', dispute: expect.objectContaining({ status: 'refunded', refundedAt: expect.any(String) }) })]);
    expect(history.summary).toMatchObject({ totalBilled: 0, thisMonth: 0 });

    // The refund asked for again (a replay of the resolution) refunds nothing twice.
    expect(await refundLeadCharge({ eventStore: a.t.stores.eventStore, payments: paymentsOf(a.t.deps) }, leadId)).toBe('not awaited');
    expect(refundsOf(charge.stripePaymentIntentId)).toHaveLength(1);
  });

  it('keeps a disputed charge with the admin’s note, which the partner reads; nothing is refunded', async () => {
    const { client: broker, partnerId } = await a.payingPartner('keep@disputes.example.nz');
    const leadId = await a.sendLead(partnerId);
    const charge = await a.chargeOf(leadId);
    expect((await broker.post(disputeOf(leadId), { reason })).statusCode).toBe(201);

    const admin = await a.admin();
    const noNote = await admin.post(resolveOf(leadId), { outcome: 'keep' });
    expect([noNote.statusCode, noNote.json()]).toEqual([400, { message: 'Please tell the partner why the charge stands.' }]);
    const kept = await admin.post(resolveOf(leadId), { outcome: 'keep', note: 'A real enquiry from a new client: they wrote once.' });
    expect(kept.json()).toMatchObject({ dispute: { status: 'kept', note: 'A real enquiry from a new client: they wrote once.' } });

    const history = (await broker.get('/api/billing/history')).json();
    expect(history.entries[0]).toMatchObject({ leadId, dispute: { status: 'kept', note: 'A real enquiry from a new client: they wrote once.' } });
    expect(history.summary).toMatchObject({ totalBilled: 25 });
    await a.settled();
    expect(refundsOf(charge.stripePaymentIntentId)).toEqual([]);
  });

  it('records a refund Stripe refuses as failed with its words, and retries one Stripe could not be asked for', async () => {
    const { client: broker, partnerId } = await a.payingPartner('stripe@disputes.example.nz');
    const admin = await a.admin();
    const disputeAndRefund = async (leadId: string) => {
      expect((await broker.post(disputeOf(leadId), { reason })).statusCode).toBe(201);
      expect((await admin.post(resolveOf(leadId), { outcome: 'refund' })).statusCode).toBe(200);
    };

    // Refunded in Stripe's dashboard meanwhile: Stripe refuses ours, for good.
    const refundedElsewhere = await a.sendLead(partnerId, 'First question');
    const { stripePaymentIntentId } = await a.chargeOf(refundedElsewhere);
    await paymentsOf(a.t.deps).refundPayment({ paymentIntentId: stripePaymentIntentId!, amountCents: 2500, idempotencyKey: 'dashboard-refund', metadata: { leadId: refundedElsewhere, partnerId } });
    await disputeAndRefund(refundedElsewhere);
    await disputeReaches(refundedElsewhere, 'refund_failed');
    const listed = ((await admin.get('/api/admin/lead-charge-disputes')).json() as { leadId: string }[]).find((d) => d.leadId === refundedElsewhere);
    expect(listed).toMatchObject({ dispute: { status: 'refund_failed' }, refundFailureReason: `Charge for ${stripePaymentIntentId} has already been refunded.` });
    expect((await broker.get('/api/billing/history')).json().entries.find((e: { leadId: string }) => e.leadId === refundedElsewhere)).toMatchObject({ dispute: { status: 'refund_failed' } });

    // Stripe unreachable: the refunds reactor tries again, and refunds once.
    const later = await a.sendLead(partnerId, 'Second question');
    const charge = await a.chargeOf(later);
    a.stripe.failNext('POST', '/v1/refunds', 1, 500);
    await disputeAndRefund(later);
    await disputeReaches(later, 'refunded');
    expect(refundsOf(charge.stripePaymentIntentId)).toHaveLength(1);
    expect(a.stripe.requestsTo('POST', '/v1/refunds').filter((r) => r.idempotencyKey?.includes(later))).toHaveLength(2);
  });

  it('refuses a dispute of another partner’s charge (404), of a charge not paid or without a reason (400), and a resolution by anyone but an admin (403)', async () => {
    const { client: broker, partnerId } = await a.payingPartner('owner@disputes.example.nz');
    const leadId = await a.sendLead(partnerId);
    await a.chargeOf(leadId);
    const { client: other } = await a.payingPartner('other@disputes.example.nz', { role: 'registered_valuer' });
    const foreign = await other.post(disputeOf(leadId), { reason });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Lead charge not found.' }]);
    const blank = await broker.post(disputeOf(leadId), { reason: '  ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Invalid body: Please say why this lead was not worth paying for.']);

    const { client: declined, partnerId: declinedId } = await a.payingPartner('declined@disputes.example.nz', { role: 'property_manager', paymentMethod: LOCAL_TEST_PAYMENT_METHODS.declines });
    const unpaid = await a.sendLead(declinedId);
    expect((await a.chargeOf(unpaid)).status).toBe('failed');
    const notPaid = await declined.post(disputeOf(unpaid), { reason });
    expect([notPaid.statusCode, notPaid.json()]).toEqual([400, { message: 'Only a paid charge can be disputed.' }]);

    expect((await broker.post(resolveOf(leadId), { outcome: 'refund' })).statusCode).toBe(403);
    expect((await broker.get('/api/admin/lead-charge-disputes')).statusCode).toBe(403);
    const admin = await a.admin();
    const badOutcome = await admin.post(resolveOf(leadId), { outcome: 'maybe' });
    expect([badOutcome.statusCode, badOutcome.json().message]).toEqual([400, 'Invalid body: Please choose to refund the charge or keep it.']);
    const noDispute = await admin.post(resolveOf(leadId), { outcome: 'refund' });
    expect([noDispute.statusCode, noDispute.json()]).toEqual([404, { message: 'This charge has no dispute.' }]);
  });
});
