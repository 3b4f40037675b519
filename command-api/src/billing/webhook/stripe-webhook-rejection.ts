import { stripeWebhookStream, type EventMetadata, type StripeWebhookEvent } from '@kainga/contracts';
import { handleCommand, type Decider, type PaymentNotice } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { AppDeps } from '../../deps';

type UnreadableNotice = Extract<PaymentNotice, { kind: 'unreadable' }>;

export type StripeWebhookState = { status: 'none' } | { status: 'rejected' };

export type StripeWebhookCommand = { type: 'RecordStripeWebhookRejected'; stripeEventId: string; stripeEventType: string; reason: string; at: string };

/** One Stripe event, as far as Kāinga had to refuse it: recorded once, however often Stripe delivers it. */
export const stripeWebhookDecider: Decider<StripeWebhookState, StripeWebhookCommand, StripeWebhookEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) =>
    match(event)
      .with({ type: 'StripeWebhookRejected' }, (): StripeWebhookState => ({ status: 'rejected' }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RecordStripeWebhookRejected' }, (c): StripeWebhookEvent[] =>
        state.status === 'rejected' ? [] : [{ type: 'StripeWebhookRejected', data: { stripeEventId: c.stripeEventId, stripeEventType: c.stripeEventType, reason: c.reason, at: c.at } }],
      )
      .exhaustive(),
};

/**
 * Records a signed Stripe webhook that could not be read (StripeWebhookRejected in contracts'
 * billing events, with the reason), for the route to answer 200: Stripe's guidance is to answer
 * 2xx to every event received, as it retries anything else for up to three days and then
 * disables the endpoint, and no retry mends a malformed event. The error line is for whoever
 * watches the logs; the event stays in the history admins read. Keyed by the Stripe event id.
 */
export async function recordStripeWebhookRejected(deps: Pick<AppDeps, 'stores' | 'logger'>, notice: UnreadableNotice, correlationId: string): Promise<'recorded' | 'already recorded'> {
  deps.logger.error({ stripeEventId: notice.eventId, stripeEventType: notice.eventType, reason: notice.reason }, 'a signed Stripe webhook could not be read; it was acknowledged and recorded as StripeWebhookRejected');
  const metadata: EventMetadata = { actorId: null, actorRoles: [], correlationId, causationId: notice.eventId, occurredAt: new Date().toISOString() };
  const command: StripeWebhookCommand = { type: 'RecordStripeWebhookRejected', stripeEventId: notice.eventId, stripeEventType: notice.eventType, reason: notice.reason, at: notice.occurredAt };
  const result = await handleCommand(deps.stores.eventStore, stripeWebhookDecider, stripeWebhookStream(notice.eventId), command, { idempotencyKey: `stripe:${notice.eventId}`, metadata });
  return result.alreadyApplied || result.events.length === 0 ? 'already recorded' : 'recorded';
}
