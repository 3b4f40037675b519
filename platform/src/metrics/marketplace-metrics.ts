import { Counter } from 'prom-client';
import { metricsRegistry } from './registry';

/**
 * Stripe's webhooks by what became of them: recorded, already_recorded, ignored (a type or
 * subscription not ours), unknown_subscription, unknown_lead_charge, rejected (its object could
 * not be read), already_rejected, refused (bad signature or body: 400), failed (5xx: Stripe retries).
 */
export const stripeWebhooks = new Counter({
  name: 'kainga_stripe_webhooks_total',
  help: 'Stripe webhook deliveries by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Ad impressions and clicks by what became of them: accepted (recorded), deduplicated (a repeat
 * within 24 h), and the refusals: bot, filtered (invalid traffic), capped (the month's cap),
 * refused (unknown advert, or one not showing) and failed (not durable: 503, the browser retries).
 */
export const adEvents = new Counter({
  name: 'kainga_ad_events_total',
  help: 'Ad impressions and clicks received, by kind and outcome.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

type AdEventOutcome = 'accepted' | 'deduplicated' | 'bot' | 'filtered' | 'capped' | 'refused' | 'failed';
const adEventChildren = new Map<string, ReturnType<typeof adEvents.labels>>();

/** Counts one ad event (the hot path: the labelled series is looked up once, not hashed per event). */
export function countAdEvent(kind: 'impression' | 'click', outcome: AdEventOutcome): void {
  const key = `${kind} ${outcome}`;
  let child = adEventChildren.get(key);
  if (!child) adEventChildren.set(key, (child = adEvents.labels(kind, outcome)));
  child.inc();
}
