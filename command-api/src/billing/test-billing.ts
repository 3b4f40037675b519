import { waitForProjection } from '@kainga/platform';
import { LocalStripe, signedWebhook, STRIPE_WEBHOOK_PATH, type LocalStripeOptions } from '@kainga/platform/testing';
import { startTestApp } from '../testing/test-app';

/**
 * The whole app paying through the local Stripe stand-in (its STRIPE_* variables, so the real
 * configuration path chooses the real SDK adapter), and a way to deliver Stripe's events to it
 * signed with the endpoint's secret, as Stripe (or `stripe listen`) would.
 */
export async function startBillingApp(env: Record<string, string> = {}, stripeOptions: LocalStripeOptions = {}) {
  const stripe = await LocalStripe.start(stripeOptions);
  const t = await startTestApp({ ...stripe.env(), ...env });
  const deliver = (event: object, { secret = stripe.options.webhookSecret, headers = {} }: { secret?: string; headers?: Record<string, string> } = {}) => {
    const signed = signedWebhook(event, secret);
    return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: signed.payload, headers: { ...signed.headers, ...headers } });
  };
  /** Webhooks do not wait for the read models: the tests do, before they read. */
  const settled = async () => waitForProjection(t.stores.readStore, 'ad_subscriptions', await t.stores.eventStore.headPosition());
  /** The types of a subscription's events, in order. */
  const history = async (subscriptionId: string) => (await t.stores.eventStore.readStream(`adSubscription-${subscriptionId}`)).map((e) => e.type);
  return {
    t,
    stripe,
    deliver,
    settled,
    history,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

export type BillingApp = Awaited<ReturnType<typeof startBillingApp>>;

/** The Stripe subscription a checkout made, by our subscription id. */
export const stripeSubscriptionOf = (stripe: LocalStripe, subscriptionId: string) => {
  const found = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId);
  if (!found) throw new Error(`no Stripe subscription for ${subscriptionId}`);
  return found.id;
};
