import { adPlanIdFor, paymentsOf, seedAdPlans } from '@kainga/command-api';
import { client as apiClient, deliverStripeEvents, makePartner, startTestApp, type TestApp } from '@kainga/command-api/testing';
import { BILLING_REASONS, type BillingPolicy } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { LOCAL_TEST_PAYMENT_METHODS, LocalStripe, waitFor } from '@kainga/platform/testing';
import { connectTemporalEngine, type TemporalWorkflowEngine } from '@kainga/platform/workflow';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTemporal } from '../../temporal-activities';
import { quietTemporalRuntime } from '../../testing/quiet-temporal-runtime';
import { startTemporalTestServer } from '../../testing/temporal-test-server';
import { startTestWorker, WORKFLOWS_PATH, type RunningTestWorker } from '../../testing/test-worker';
import { TASK_QUEUE } from '../../valuation/activity-types';
import { leadChargePlans } from '../lead-charge/test-lead-charges';
import { createAdSubscriptionActivities } from './activities';
import { adSubscriptionWorkflowId } from './activity-types';
import { adSubscriptionBillingReactor } from './billing-reactor';

const EventType = temporal.api.enums.v1.EventType;
/** The policy with seconds for days, so a whole dunning runs on a real server in a few seconds. */
const SHORT: BillingPolicy = { firstPaymentWindowMs: 2_000, graceMs: 12_000, retryAfterMs: [1_000, 2_000], pausedMs: 3_000 };

/**
 * The billing workflow on a real Temporal server (`temporal server start-dev`): the app's reactor
 * signals it through TemporalWorkflowEngine, a worker in this process runs the real activities
 * against the app's event store and the Stripe stand-in, timers are the server's, and a run
 * continues as new when a period begins. The finished history then replays through the bundled
 * workflow code, as a deployment of changed workflow code would.
 */
describe('the subscription billing workflow on Temporal', () => {
  const taskQueue = `${TASK_QUEUE}-billing-${randomUUID()}`;
  let server: TestWorkflowEnvironment;
  let engine: TemporalWorkflowEngine;
  let stripe: LocalStripe;
  let t: TestApp;
  let worker: RunningTestWorker | null = null;
  let address = 0;

  const startWorker = async () => {
    worker = await startTestWorker(server, {
      taskQueue,
      // A stopped worker's cached runs move to the new one after this (the server's default is 10 s, longer than the test's grace period).
      stickyQueueScheduleToStartTimeout: '1s',
      activities: forTemporal(createAdSubscriptionActivities({ eventStore: t.stores.eventStore, payments: paymentsOf(t.deps) })),
    });
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };

  beforeAll(async () => {
    quietTemporalRuntime('ERROR');
    server = await startTemporalTestServer();
    engine = await connectTemporalEngine(server.address, taskQueue);
    stripe = await LocalStripe.start();
    t = await startTestApp(stripe.env(), {}, { reactors: () => [adSubscriptionBillingReactor({ engine, policy: SHORT })] });
    await seedAdPlans({ stores: t.stores }, leadChargePlans);
    await waitForProjection(t.stores.readStore, 'ad_plans', await t.stores.eventStore.headPosition());
    await startWorker();
  }, 120_000);

  afterAll(async () => {
    await stopWorker();
    await t?.close();
    await engine?.close();
    await stripe?.close();
    await server?.teardown();
  }, 60_000);

  const deliver = (events: readonly object[]) => deliverStripeEvents(t.app, stripe.options.webhookSecret, events);
  const history = async (subscriptionId: string) => (await t.stores.eventStore.readStream(`adSubscription-${subscriptionId}`)).map((e) => e.type);
  const eventually = (subscriptionId: string, done: (types: string[]) => boolean) =>
    waitFor(async () => done(await history(subscriptionId)), 20_000).catch(async () => {
      throw new Error(`history of ${subscriptionId}: ${JSON.stringify(await history(subscriptionId))}`);
    });
  /** Until the run has read the subscription after the last signal it received (so it knows the current period). */
  const lookedAtEverySignal = (handle: WorkflowHandle) =>
    waitFor(async () => {
      const types = ((await handle.fetchHistory()).events ?? []).map((e) => e.eventType);
      const lastSignal = types.lastIndexOf(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED);
      return types.indexOf(EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, lastSignal) > lastSignal && types.at(-1) === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED;
    }, 20_000);

  async function checkout(email: string) {
    const c = apiClient(t.app, { remoteAddress: `10.60.0.${++address}` });
    await makePartner(t.stores, (await c.register(email)).id, 'mortgage_broker', ['auckland']);
    const res = await c.post('/api/stripe/create-checkout-session', { adPlanId: adPlanIdFor('gold'), locationId: 'auckland' });
    expect(res.statusCode, res.body).toBe(200);
    const subscriptionId = res.json().subscriptionId as string;
    return { subscriptionId, stripeId: [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!.id };
  }

  it('expires a checkout left unpaid past its window, and cancels it at Stripe', { timeout: 60_000 }, async () => {
    const { subscriptionId, stripeId } = await checkout('unpaid@temporal.example.nz');
    await eventually(subscriptionId, (types) => types.at(-1) === 'AdSubscriptionBillingUpdated');
    const events = await t.stores.eventStore.readStream(`adSubscription-${subscriptionId}`);
    expect(events.map((e) => e.type)).toEqual(['AdSubscriptionStarted', 'AdSubscriptionExpired', 'AdSubscriptionBillingUpdated']);
    expect(events[1]!.data).toMatchObject({ by: 'billing', reason: BILLING_REASONS.firstPaymentMissing });
    expect(stripe.subscriptions.get(stripeId)!.status).toBe('canceled');
    const handle = server.client.workflow.getHandle(adSubscriptionWorkflowId(subscriptionId));
    expect(await handle.result()).toBe('expired');
  });

  it('renews (continuing as new), then retries, pauses and expires an unpaid renewal across a worker restart, and the history replays', { timeout: 90_000 }, async () => {
    const { subscriptionId, stripeId } = await checkout('dunning@temporal.example.nz');
    await deliver(stripe.payLatestInvoice(stripeId));
    await eventually(subscriptionId, (types) => types.includes('AdSubscriptionActivated'));
    const handle = server.client.workflow.getHandle(adSubscriptionWorkflowId(subscriptionId));
    await lookedAtEverySignal(handle);
    const firstRun = (await handle.describe()).runId;

    await deliver(stripe.renew(stripeId));
    await eventually(subscriptionId, (types) => types.includes('AdSubscriptionRenewed'));
    await waitFor(async () => (await handle.describe()).runId !== firstRun, 20_000);

    stripe.setSubscriptionDefaultPaymentMethod(stripeId, LOCAL_TEST_PAYMENT_METHODS.declines);
    await deliver(stripe.renew(stripeId, { failed: 'Your card was declined.' }));
    await eventually(subscriptionId, (types) => types.filter((x) => x === 'AdSubscriptionPaymentRetried').length === 1);
    // The worker goes away mid-grace, between two workflow tasks (one it had taken would wait out
    // Temporal's 10 s task timeout); its timers are the server's, and a new worker carries on.
    await waitFor(async () => {
      const types = ((await handle.fetchHistory()).events ?? []).map((e) => e.eventType);
      const completed = types.lastIndexOf(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
      return completed >= 0 && types.slice(completed + 1).every((type) => type === EventType.EVENT_TYPE_TIMER_STARTED);
    }, 20_000);
    await stopWorker();
    await startWorker();
    await eventually(subscriptionId, (types) => types.includes('AdSubscriptionPaused'));
    await eventually(subscriptionId, (types) => types.includes('AdSubscriptionExpired') && types.at(-1) === 'AdSubscriptionBillingUpdated');
    const types = await history(subscriptionId);
    expect(types.filter((x) => x === 'AdSubscriptionPaymentRetried')).toHaveLength(2);
    expect(stripe.subscriptions.get(stripeId)!.status).toBe('canceled');
    expect(await handle.result()).toBe('expired');

    // The last run's history, replayed through the workflow code as bundled: deterministic.
    const recorded = await handle.fetchHistory();
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, recorded, adSubscriptionWorkflowId(subscriptionId))).resolves.toBeUndefined();
  });
});
