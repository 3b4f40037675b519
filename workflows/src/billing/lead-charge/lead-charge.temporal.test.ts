import { connectTemporalEngine, type TemporalWorkflowEngine } from '@kainga/platform/workflow';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTemporal } from '../../temporal-activities';
import { quietTemporalRuntime } from '../../testing/quiet-temporal-runtime';
import { startTemporalTestServer } from '../../testing/temporal-test-server';
import { startTestWorker, WORKFLOWS_PATH, type RunningTestWorker } from '../../testing/test-worker';
import { TASK_QUEUE } from '../../valuation/activity-types';
import { LEAD_CHARGE_WORKFLOW, leadChargeWorkflowId, type LeadChargeOutcome } from './activity-types';
import { leadChargeActivitiesOf, startLeadChargeApp, type LeadChargeApp } from './test-lead-charges';

/**
 * "Charge lead" on a real Temporal server: a worker in this process runs the real activities
 * against the app's stores and the Stripe stand-in. A second run of the same lead (a duplicate
 * start, a replay from an old checkpoint) charges nothing twice, and the recorded history replays
 * through the bundled workflow code.
 */
describe('the lead charge workflow on Temporal', () => {
  const taskQueue = `${TASK_QUEUE}-charges-${randomUUID()}`;
  let server: TestWorkflowEnvironment;
  let engine: TemporalWorkflowEngine;
  let a: LeadChargeApp;
  let worker: RunningTestWorker | undefined;

  beforeAll(async () => {
    quietTemporalRuntime('ERROR');
    server = await startTemporalTestServer();
    a = await startLeadChargeApp({ reactor: false });
    worker = await startTestWorker(server, { taskQueue, activities: forTemporal(leadChargeActivitiesOf(a.t.deps)) });
    engine = await connectTemporalEngine(server.address, taskQueue);
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
    await worker?.stop();
    await a?.close();
    await server?.teardown();
  }, 60_000);

  const charge = (leadId: string) => engine.execute<{ leadId: string }, LeadChargeOutcome>(LEAD_CHARGE_WORKFLOW, { leadId }, { workflowId: leadChargeWorkflowId(leadId), timeoutMs: 60_000 });

  it('charges a lead once, however often its workflow runs, and its history replays', { timeout: 60_000 }, async () => {
    const { partnerId } = await a.payingPartner('broker@temporal-charges.example.nz');
    const leadId = await a.sendLead(partnerId);
    expect(await charge(leadId)).toBe('succeeded');
    expect(await charge(leadId)).toBe('succeeded');
    expect(await a.history(leadId)).toEqual(['LeadChargeRequested', 'LeadChargeSucceeded']);
    expect(a.stripe.oneOffPaymentIntents().filter((p) => p.metadata.leadId === leadId)).toHaveLength(1);
    expect(await a.chargeOf(leadId)).toMatchObject({ status: 'succeeded', amount: 25 });

    const history = await server.client.workflow.getHandle(leadChargeWorkflowId(leadId)).fetchHistory();
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history, leadChargeWorkflowId(leadId))).resolves.toBeUndefined();
  });

  it('records a declined card as failed, and retries Stripe’s passing outage', { timeout: 60_000 }, async () => {
    const declined = await a.payingPartner('valuer@temporal-charges.example.nz', { role: 'registered_valuer', paymentMethod: 'pm_card_chargeDeclined' });
    const declinedLead = await a.sendLead(declined.partnerId);
    expect(await charge(declinedLead)).toBe('failed');
    expect(await a.chargeOf(declinedLead)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });

    const { partnerId } = await a.payingPartner('manager@temporal-charges.example.nz', { role: 'property_manager' });
    const leadId = await a.sendLead(partnerId);
    a.stripe.failNext('POST', '/v1/payment_intents', 1, 500);
    expect(await charge(leadId)).toBe('succeeded');
    expect(a.stripe.oneOffPaymentIntents().filter((p) => p.metadata.leadId === leadId)).toHaveLength(1);
  });
});
