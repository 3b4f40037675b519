import { client, deliverStripeEvents, makePartner } from '@kainga/command-api/testing';
import { adPlanIdFor } from '@kainga/command-api';
import { BILLING_REASONS } from '@kainga/contracts';
import { LOCAL_TEST_PAYMENT_METHODS, LocalStripe, waitFor } from '@kainga/platform/testing';
import { ManualClock } from '@kainga/platform/workflow';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKainga, type Kainga } from './server';

const DAY = 24 * 3600_000;

/**
 * The embedded default keeps a subscription's billing timers in its own process. This test runs
 * `startKainga` as `npm start` does (SQLite store, in-process engine), stops it mid-grace, moves
 * the clock past the grace period while it is down, and starts it again on the same data: the
 * billing workflow resumes from the event store and pauses the overdue subscription.
 */
describe('subscription billing across a restart of the embedded service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kainga-restart-'));
  const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
  const clock = new ManualClock(Date.now());
  let stripe: LocalStripe;
  let kainga: Kainga | null = null;

  const start = async () =>
    (kainga = await startKainga({ dataDir, port: 0, pwaDir, workflowClock: clock, env: { ...stripe.env(), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' } }));
  const app = () => kainga!.app as FastifyInstance;
  const deliver = (events: readonly object[]) => deliverStripeEvents(app(), stripe.options.webhookSecret, events);
  const history = async (subscriptionId: string) => (await kainga!.deps.stores.eventStore.readStream(`adSubscription-${subscriptionId}`)).map((e) => e.type);

  beforeAll(async () => {
    stripe = await LocalStripe.start({ now: () => clock.now() });
  });
  afterAll(async () => {
    await kainga?.close();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pwaDir, { recursive: true, force: true });
  });

  it('pauses an overdue renewal after `npm start` comes back, with the retries it missed', { timeout: 60_000 }, async () => {
    await start();
    const broker = client(app(), { remoteAddress: '10.70.0.1' });
    const user = await broker.register('broker@restart.example.nz');
    await makePartner(kainga!.deps.stores, user.id, 'mortgage_broker', ['auckland']);
    const res = await broker.post('/api/stripe/create-checkout-session', { adPlanId: adPlanIdFor('gold'), locationId: 'auckland' });
    expect(res.statusCode, res.body).toBe(200);
    const subscriptionId = res.json().subscriptionId as string;
    const stripeId = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!.id;
    await deliver(stripe.payLatestInvoice(stripeId));
    stripe.setSubscriptionDefaultPaymentMethod(stripeId, LOCAL_TEST_PAYMENT_METHODS.declines);
    await deliver(stripe.renew(stripeId, { failed: 'Your card was declined.' }));
    await waitFor(async () => (await history(subscriptionId)).includes('AdSubscriptionPaymentFailed'), 10_000);
    await waitFor(() => clock.pending > 0, 10_000); // the workflow waits for its first retry
    clock.advance(DAY + 60_000);
    await waitFor(async () => (await history(subscriptionId)).includes('AdSubscriptionPaymentRetried'), 10_000);

    await kainga!.close();
    kainga = null;
    clock.advance(7 * DAY); // the machine was down past the grace period

    await start();
    await waitFor(async () => (await history(subscriptionId)).filter((t) => t === 'AdSubscriptionPaymentRetried').length === 3 && (await history(subscriptionId)).includes('AdSubscriptionPaused'), 15_000);
    const paused = (await kainga!.deps.stores.eventStore.readStream(`adSubscription-${subscriptionId}`)).find((e) => e.type === 'AdSubscriptionPaused')!;
    expect(paused.data).toMatchObject({ by: 'billing', reason: BILLING_REASONS.renewalOverdue });
    expect((await history(subscriptionId)).filter((t) => t === 'AdSubscriptionPaymentRetried')).toHaveLength(3);
    expect(stripe.requestsTo('POST', '/v1/invoices/*').filter((r) => r.path.endsWith('/pay'))).toHaveLength(3);
  });
});
