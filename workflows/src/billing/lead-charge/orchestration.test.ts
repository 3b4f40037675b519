import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_CHARGE_WORKFLOW, leadChargeWorkflowId, type LeadChargeActivities } from './activity-types';
import { leadChargeActivitiesOf, leadChargeEngine, startLeadChargeApp, type LeadChargeApp } from './test-lead-charges';

/**
 * "Charge lead" on the in-process engine against the local Stripe stand-in, without the reactor:
 * the tests start the workflow themselves, as the reactor would, and break it where they like.
 */
describe('the lead charge workflow', () => {
  let a: LeadChargeApp;
  beforeAll(async () => {
    a = await startLeadChargeApp({ reactor: false });
  });
  afterAll(() => a?.close());

  const run = (activities: LeadChargeActivities, leadId: string) => {
    const engine = leadChargeEngine(activities);
    return { engine, result: engine.execute(LEAD_CHARGE_WORKFLOW, { leadId }, { workflowId: leadChargeWorkflowId(leadId), timeoutMs: 10_000 }) };
  };
  const intentsOf = (leadId: string) => a.stripe.oneOffPaymentIntents().filter((pi) => pi.metadata.leadId === leadId);

  it('retries a transient Stripe error (5xx) and charges once', async () => {
    const { partnerId } = await a.payingPartner('retry@workflow.example.nz');
    const leadId = await a.sendLead(partnerId);
    a.stripe.failNext('POST', '/v1/payment_intents', 2, 500);
    const { engine, result } = run(leadChargeActivitiesOf(a.t.deps), leadId);
    expect(await result).toBe('succeeded');
    await engine.close();
    expect(a.stripe.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey?.includes(leadId))).toHaveLength(3);
    expect(intentsOf(leadId)).toHaveLength(1);
    expect(await a.chargeOf(leadId)).toMatchObject({ status: 'succeeded', stripePaymentIntentId: intentsOf(leadId)[0]!.id });
  });

  it('charges once when the process dies after Stripe took the payment and the workflow runs again (idempotency key = lead id)', async () => {
    const { partnerId } = await a.payingPartner('crash@workflow.example.nz');
    const leadId = await a.sendLead(partnerId);
    const activities = leadChargeActivitiesOf(a.t.deps);
    // The first run "crashes" right after the payment: nothing records it (not retried, as a dead process would not).
    const crashing: LeadChargeActivities = { ...activities, recordSucceeded: () => Promise.reject(Object.assign(new Error('process killed'), { nonRetryable: true })) };
    const first = run(crashing, leadId);
    await expect(first.result).rejects.toThrow('process killed');
    await first.engine.close();
    expect(intentsOf(leadId)).toHaveLength(1);
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested']);

    // After the restart the reactor starts the same workflow again.
    const second = run(activities, leadId);
    expect(await second.result).toBe('succeeded');
    await second.engine.close();
    expect(intentsOf(leadId)).toHaveLength(1);
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested', 'LeadChargeSucceeded']);
    expect((await a.chargeOf(leadId)).stripePaymentIntentId).toBe(intentsOf(leadId)[0]!.id);

    // A third start (a replay of the lead event) finds the charge settled and calls Stripe no more.
    const before = a.stripe.requestsTo('POST', '/v1/payment_intents').length;
    expect(await run(activities, leadId).result).toBe('succeeded');
    expect(a.stripe.requestsTo('POST', '/v1/payment_intents')).toHaveLength(before);
  });

  it('leaves the charge pending and fails the run when Stripe stays unreachable, so the reactor tries the lead again', async () => {
    const { partnerId } = await a.payingPartner('down@workflow.example.nz');
    const leadId = await a.sendLead(partnerId);
    a.stripe.failNext('POST', '/v1/payment_intents', 5, 503);
    const { engine, result } = run(leadChargeActivitiesOf(a.t.deps), leadId);
    await expect(result).rejects.toThrow(/could not be reached/);
    await engine.close();
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested']);
    expect(intentsOf(leadId)).toHaveLength(0);
    expect(await run(leadChargeActivitiesOf(a.t.deps), leadId).result).toBe('succeeded');
    expect(intentsOf(leadId)).toHaveLength(1);
  });

  it('does not retry a declined card: one attempt, recorded failed', async () => {
    const { partnerId } = await a.payingPartner('declined@workflow.example.nz', { paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds' });
    const leadId = await a.sendLead(partnerId);
    expect(await run(leadChargeActivitiesOf(a.t.deps), leadId).result).toBe('failed');
    expect(a.stripe.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey?.includes(leadId))).toHaveLength(1);
    expect(await a.chargeOf(leadId)).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.' });
  });
});
