import type { PaymentCustomerEvent } from '@kainga/contracts';
import { paymentCustomerStream } from '@kainga/contracts';
import { handleCommand, loadAggregate, type CommandContext, type Decider, type Payments } from '@kainga/platform';
import type { PartnerDoc } from '@kainga/projections';
import { match } from 'ts-pattern';
import type { AppDeps } from '../deps';

export type PaymentCustomerState = { status: 'none' } | { status: 'created'; stripeCustomerId: string };

export type PaymentCustomerCommand = { type: 'RecordPaymentCustomer'; partnerId: string; userId: string; stripeCustomerId: string; at: string };

/**
 * The partner's Stripe customer (spec 001 §3 users.stripeCustomerId, kept per partner: one user
 * in one role is billed as one business). Recorded once; a second record — a concurrent checkout
 * that made its customer with the same idempotency key, so the same customer — changes nothing.
 */
export const paymentCustomerDecider: Decider<PaymentCustomerState, PaymentCustomerCommand, PaymentCustomerEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) =>
    match(event)
      .with({ type: 'PaymentCustomerCreated' }, ({ data }): PaymentCustomerState => ({ status: 'created', stripeCustomerId: data.stripeCustomerId }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RecordPaymentCustomer' }, (c): PaymentCustomerEvent[] =>
        state.status === 'created' ? [] : [{ type: 'PaymentCustomerCreated', data: { partnerId: c.partnerId, userId: c.userId, stripeCustomerId: c.stripeCustomerId, at: c.at } }],
      )
      .exhaustive(),
};

/**
 * The partner's Stripe customer id: the recorded one, else a new customer (named after the
 * business, its contact email for receipts) recorded now. Stripe's idempotency key derives from
 * the partner id, so a crash between the two, or two checkouts at once, still make one customer.
 */
export async function ensurePaymentCustomer(deps: Pick<AppDeps, 'stores'>, payments: Payments, partner: PartnerDoc, ctx: Pick<CommandContext, 'metadata'>): Promise<string> {
  const stream = paymentCustomerStream(partner._id);
  const { state } = await loadAggregate(deps.stores.eventStore, paymentCustomerDecider, stream);
  if (state.status === 'created') return state.stripeCustomerId;
  const { customerId } = await payments.ensureCustomer({ partnerId: partner._id, email: partner.contactEmail, name: partner.businessName });
  const result = await handleCommand(
    deps.stores.eventStore,
    paymentCustomerDecider,
    stream,
    { type: 'RecordPaymentCustomer', partnerId: partner._id, userId: partner.userId, stripeCustomerId: customerId, at: ctx.metadata.occurredAt },
    { idempotencyKey: `paymentCustomer:${partner._id}`, metadata: ctx.metadata },
  );
  return result.state.status === 'created' ? result.state.stripeCustomerId : customerId;
}
