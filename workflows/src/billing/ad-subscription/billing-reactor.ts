import { STRIPE_FINAL_STATUSES } from '@kainga/command-api';
import { adSubscriptionEventTypes, DEFAULT_BILLING_POLICY, type AdSubscriptionSource, type BillingPolicy } from '@kainga/contracts';
import type { Reactor, ReadStore, RecordedEvent } from '@kainga/platform';
import type { WorkflowEngine } from '@kainga/platform/workflow';
import { AD_SUBSCRIPTIONS, type AdSubscriptionDoc } from '@kainga/projections';
import { AD_SUBSCRIPTION_WORKFLOW, adSubscriptionWorkflowId, BILLING_CHANGED_SIGNAL, type AdSubscriptionWorkflowInput } from './activity-types';

export const AD_SUBSCRIPTION_BILLING_REACTOR = 'ad-subscription-billing';

/**
 * Hands every fact about a subscription bought through the checkout to its billing workflow, as
 * the signal "billingChanged" (signalWithStart: the checkout's AdSubscriptionStarted starts it).
 * Stripe's payments and failures, an admin's Pause/Activate/Expire and a cancellation at the
 * period's end all arrive this way; the workflow reads the subscription again and acts.
 * An admin's allocation has no billing and starts nothing.
 */
export function adSubscriptionBillingReactor(deps: { engine: WorkflowEngine; policy?: BillingPolicy }): Reactor {
  const policy = deps.policy ?? DEFAULT_BILLING_POLICY;
  return {
    name: AD_SUBSCRIPTION_BILLING_REACTOR,
    filter: { eventTypes: adSubscriptionEventTypes, streamPrefixes: ['adSubscription-'] },
    async handle(event: RecordedEvent) {
      if (event.type === 'AdSubscriptionStarted' && (event.data as { source: AdSubscriptionSource }).source.via !== 'checkout') return;
      const { subscriptionId } = event.data as { subscriptionId: string };
      const input: AdSubscriptionWorkflowInput = { subscriptionId, policy };
      await deps.engine.signalWithStart(AD_SUBSCRIPTION_WORKFLOW, input, { workflowId: adSubscriptionWorkflowId(subscriptionId) }, BILLING_CHANGED_SIGNAL);
    },
  };
}

/**
 * At start-up, starts the billing workflow of every subscription still billed (a checkout not
 * expired, or expired while Stripe still bills it). With Temporal they run already and this
 * changes nothing; in-process, this is how a subscription's timers resume after a restart: the
 * workflow reads from the event store where it was.
 */
export async function resumeBillingWorkflows(deps: { engine: WorkflowEngine; readStore: ReadStore; policy?: BillingPolicy }): Promise<number> {
  const policy = deps.policy ?? DEFAULT_BILLING_POLICY;
  const checkouts = await deps.readStore.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({ stripeSubscriptionId: { $ne: null } });
  const live = checkouts.filter((s) => s.status !== 'expired' || !STRIPE_FINAL_STATUSES.includes(s.stripeSubscriptionStatus ?? ''));
  for (const s of live) {
    const input: AdSubscriptionWorkflowInput = { subscriptionId: s._id, policy };
    await deps.engine.start(AD_SUBSCRIPTION_WORKFLOW, input, { workflowId: adSubscriptionWorkflowId(s._id) });
  }
  return live.length;
}
