import { adPlanIdFor, paymentsOf, seedAdPlans } from '@kainga/command-api';
import { client, deliverStripeEvents, makePartner, registerAdmin, startTestApp } from '@kainga/command-api/testing';
import { DEFAULT_BILLING_POLICY } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { LOCAL_TEST_PAYMENT_METHODS, LocalStripe, waitFor } from '@kainga/platform/testing';
import { InProcessWorkflowEngine, ManualClock, withRetries } from '@kainga/platform/workflow';
import { subscriptionById, type AdSubscriptionDoc } from '@kainga/projections';
import { leadChargePlans } from '../lead-charge/test-lead-charges';
import { createAdSubscriptionActivities } from './activities';
import { AD_SUBSCRIPTION_WORKFLOW, type AdSubscriptionWorkflowInput } from './activity-types';
import { adSubscriptionBillingReactor } from './billing-reactor';
import { adSubscriptionOrchestration } from './orchestration';
import { AD_SUBSCRIPTION_RETRY_POLICY } from './retry-policy';

/**
 * The whole app billing through the local Stripe stand-in, with the subscriptions' billing
 * workflows on an in-process engine whose clock (and Stripe's) the test moves: a month of dunning
 * passes in a few calls.
 */
export async function startBillingLifecycleApp() {
  const clock = new ManualClock(Date.now());
  const stripe = await LocalStripe.start({ now: () => clock.now() });
  let engine: InProcessWorkflowEngine | null = null;
  const failures: unknown[] = [];
  const t = await startTestApp({ ...stripe.env(), ADMIN_EMAILS: 'admin@lifecycle.example.nz' }, {}, {
    reactors: (deps) => {
      const activities = withRetries(createAdSubscriptionActivities({ eventStore: deps.stores.eventStore, payments: paymentsOf(deps) }), AD_SUBSCRIPTION_RETRY_POLICY, async () => {});
      engine = new InProcessWorkflowEngine(
        { [AD_SUBSCRIPTION_WORKFLOW]: (input: AdSubscriptionWorkflowInput, runtime) => adSubscriptionOrchestration(activities, runtime, input) },
        { clock, onBackgroundFailure: (_id, error) => failures.push(error) },
      );
      return [adSubscriptionBillingReactor({ engine, policy: DEFAULT_BILLING_POLICY })];
    },
  });
  await seedAdPlans({ stores: t.stores }, leadChargePlans);
  await waitForProjection(t.stores.readStore, 'ad_plans', await t.stores.eventStore.headPosition());
  const admin = client(t.app, { remoteAddress: '10.50.0.1' });
  await registerAdmin(t, admin, 'admin@lifecycle.example.nz');
  let address = 1;

  const deliver = (events: readonly object[]) => deliverStripeEvents(t.app, stripe.options.webhookSecret, events);

  /** A partner's checkout for gold in Auckland (not paid): our subscription id and Stripe's. */
  async function checkout(email: string) {
    const c = client(t.app, { remoteAddress: `10.50.1.${++address}` });
    const user = await c.register(email);
    await makePartner(t.stores, user.id, 'mortgage_broker', ['auckland']);
    const res = await c.post('/api/stripe/create-checkout-session', { adPlanId: adPlanIdFor('gold'), locationId: 'auckland' });
    if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
    const subscriptionId = res.json().subscriptionId as string;
    const stripeId = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!.id;
    return { subscriptionId, stripeId, client: c };
  }

  /** A checkout whose first payment went through (the webhooks delivered): active. */
  async function paidCheckout(email: string) {
    const bought = await checkout(email);
    await deliver(stripe.payLatestInvoice(bought.stripeId));
    await eventually(bought.subscriptionId, (types) => types.includes('AdSubscriptionActivated'));
    return bought;
  }

  const history = async (subscriptionId: string) => (await t.stores.eventStore.readStream(`adSubscription-${subscriptionId}`)).map((e) => e.type);
  const events = async (subscriptionId: string) => t.stores.eventStore.readStream(`adSubscription-${subscriptionId}`);

  /** Waits until the subscription's history satisfies `done` (the workflow works asynchronously after a clock move or a signal). */
  async function eventually(subscriptionId: string, done: (types: string[]) => boolean) {
    await waitFor(async () => done(await history(subscriptionId)), 10_000).catch(async () => {
      throw new Error(`history of ${subscriptionId} is ${JSON.stringify(await history(subscriptionId))}; workflow failures: ${failures.map(String).join('; ')}`);
    });
  }

  /** Lets the workflows reach their next wait (no more appends for a moment), then moves the clock on. */
  async function advance(ms: number) {
    await quiet();
    clock.advance(ms);
  }

  async function quiet() {
    let last = await t.stores.eventStore.headPosition();
    for (let still = 0; still < 3; ) {
      await new Promise((r) => setTimeout(r, 30));
      const now = await t.stores.eventStore.headPosition();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  }

  async function doc(subscriptionId: string): Promise<AdSubscriptionDoc> {
    await waitForProjection(t.stores.readStore, 'ad_subscriptions', await t.stores.eventStore.headPosition());
    return (await subscriptionById(t.stores.readStore, subscriptionId))!;
  }

  return {
    t,
    stripe,
    clock,
    admin,
    failures,
    deliver,
    checkout,
    paidCheckout,
    history,
    events,
    eventually,
    advance,
    doc,
    cards: LOCAL_TEST_PAYMENT_METHODS,
    async close() {
      await t.close();
      await (engine as InProcessWorkflowEngine | null)?.close();
      await stripe.close();
    },
  };
}

export type BillingLifecycleApp = Awaited<ReturnType<typeof startBillingLifecycleApp>>;
