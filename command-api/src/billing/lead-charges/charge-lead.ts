import type { EventMetadata } from '@kainga/contracts';
import { LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED, NO_PAYMENT_METHOD, paymentCustomerStream, toCents, BILLING_CURRENCY } from '@kainga/contracts';
import { handleCommand, loadAggregate, type EventStore, type Payments, type ReadStore } from '@kainga/platform';
import { adPlansById, subscriptionsOfPartner } from '@kainga/projections';
import { leadDecider, leadStream } from '../../leads/lead';
import { formatIsoDate, nzDateOf } from '../../valuations/model/calendar';
import { paymentCustomerDecider } from '../payment-customer';
import { leadChargeAllowanceDecider, leadChargeAllowanceStream } from './lead-charge-allowance';
import { leadChargeDecider, leadChargeStream, type LeadChargeCommand, type LeadChargeState } from './lead-charge';

/**
 * A lead older than this when the charge is considered is not charged: a reactor started over an
 * old event log (a new deployment, a lost checkpoint) must not bill partners for leads of the past.
 */
export const LEAD_CHARGE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export interface LeadChargeTerms {
  subscriptionId: string;
  /** NZD. */
  amount: number;
}

/**
 * What a lead costs its partner, or null when it costs nothing: the partner (one user in one role)
 * has a subscription that is active now, started no later than the lead, whose plan's price per
 * lead is above zero. Several such subscriptions (other towns, other tiers): the one in the lead's
 * town, else the dearest per lead, else the oldest — one lead is charged once, by one subscription.
 *
 * Only a lead worth paying for costs anything. Free, though delivered: demo leads (ops' demo
 * seed); a repeat (its sender wrote to this partner already within the lead window,
 * leads/lead-window.ts); and a signed-out visitor's message from a premium partner's dialog,
 * whose sender is only an email address typed into a form — Kāinga confirms no one's email, so
 * anyone could send it in anyone's name, as often as they have addresses. A signed-in sender's
 * dialog message is charged like any other of theirs.
 */
export async function leadChargeTermsOf(
  readStore: ReadStore,
  lead: { partnerId: string; userId: string | null; locationId: string; receivedAt: string; demo: boolean; repeatOf?: string },
  now = Date.now(),
): Promise<LeadChargeTerms | null> {
  if (lead.demo || lead.repeatOf || lead.userId === null) return null;
  if (now - Date.parse(lead.receivedAt) > LEAD_CHARGE_MAX_AGE_MS) return null;
  const subscriptions = (await subscriptionsOfPartner(readStore, lead.partnerId)).filter((s) => s.status === 'active' && s.startDate <= lead.receivedAt);
  if (subscriptions.length === 0) return null;
  const plans = await adPlansById(readStore, subscriptions.map((s) => s.adPlanId));
  const priced = subscriptions
    .map((s) => ({ s, price: plans.get(s.adPlanId)?.pricePerLead ?? 0 }))
    .filter((x) => x.price > 0)
    .sort((a, b) => Number(b.s.locationId === lead.locationId) - Number(a.s.locationId === lead.locationId) || b.price - a.price || a.s.startDate.localeCompare(b.s.startDate));
  const chosen = priced[0];
  return chosen ? { subscriptionId: chosen.s._id, amount: chosen.price } : null;
}

const chargeMetadata = (leadId: string, causationId: string, occurredAt: string): EventMetadata => ({ actorId: null, actorRoles: [], correlationId: `leadCharge-${leadId}`, causationId, occurredAt });

/** Sends a lead-charge command; the idempotency key names the step, so a retried activity appends nothing twice. */
export async function sendLeadChargeCommand(eventStore: EventStore, leadId: string, command: LeadChargeCommand, idempotencyKey: string, causationId = idempotencyKey): Promise<{ state: LeadChargeState; appended: number }> {
  const at = new Date().toISOString();
  const result = await handleCommand(eventStore, leadChargeDecider, leadChargeStream(leadId), command, { idempotencyKey, metadata: chargeMetadata(leadId, causationId, at) });
  return { state: result.state, appended: result.alreadyApplied ? 0 : result.events.length };
}

export async function leadChargeOf(eventStore: EventStore, leadId: string): Promise<LeadChargeState> {
  return (await loadAggregate(eventStore, leadChargeDecider, leadChargeStream(leadId))).state;
}

/**
 * Whether the partner's allowance of charged leads for the lead's New Zealand day admits it
 * (lead-charge-allowance.ts): asked once per lead (the step's idempotency key), answered the same
 * way every time after, by the log.
 */
async function admittedToCharge(eventStore: EventStore, lead: { leadId: string; partnerId: string; receivedAt: string }, now: number): Promise<boolean> {
  const day = formatIsoDate(nzDateOf(new Date(lead.receivedAt)));
  const at = new Date(now).toISOString();
  const key = `leadCharge:${lead.leadId}:admitted`;
  const { state } = await handleCommand(
    eventStore,
    leadChargeAllowanceDecider,
    leadChargeAllowanceStream(lead.partnerId, day),
    { type: 'AdmitLeadCharge', partnerId: lead.partnerId, day, leadId: lead.leadId, at },
    { idempotencyKey: key, metadata: chargeMetadata(lead.leadId, key, at) },
  );
  return state.admitted.includes(lead.leadId);
}

/**
 * "Charge lead", first step: the lead's charge is recorded pending when the lead costs its partner
 * something (leadChargeTermsOf) and the partner's allowance for that day admits it; null when it
 * costs nothing. Read from the event store (the lead, the allowance) and the read models
 * (subscriptions, plans); a charge already requested is answered as it is.
 */
export async function requestLeadCharge(deps: { eventStore: EventStore; readStore: ReadStore }, leadId: string, now = Date.now()): Promise<LeadChargeState | null> {
  const existing = await leadChargeOf(deps.eventStore, leadId);
  if (existing.status !== 'none') return existing;
  const { state: lead } = await loadAggregate(deps.eventStore, leadDecider, leadStream(leadId));
  if (lead.status === 'none') return null;
  const terms = await leadChargeTermsOf(deps.readStore, { ...lead.lead, demo: lead.lead.demo ?? false }, now);
  if (!terms || !(await admittedToCharge(deps.eventStore, lead.lead, now))) return null;
  const { state } = await sendLeadChargeCommand(
    deps.eventStore,
    leadId,
    { type: 'RequestLeadCharge', charge: { leadId, partnerId: lead.lead.partnerId, subscriptionId: terms.subscriptionId, amount: terms.amount, currency: BILLING_CURRENCY, requestedAt: new Date(now).toISOString() } },
    `leadCharge:${leadId}:requested`,
  );
  return state;
}

export type LeadPaymentOutcome = { status: 'succeeded'; stripePaymentIntentId: string } | { status: 'failed'; failureReason: string; stripePaymentIntentId: string | null } | { status: 'processing'; stripePaymentIntentId: string };

/**
 * "Charge lead", second step: a PaymentIntent confirmed off-session on the partner's saved card,
 * with the lead id as Stripe's idempotency key, so a retry — or the whole workflow run again after
 * a crash — makes no second PaymentIntent. Final answers come back (paid; declined with the card's
 * words; no saved card: 'No payment method'; no Stripe keys: 'Online payments are not
 * configured'); Stripe unreachable is thrown (CommandError 'unavailable') to be retried.
 */
export async function takeLeadPayment(deps: { eventStore: EventStore; payments: Payments }, leadId: string): Promise<LeadPaymentOutcome> {
  const charge = await leadChargeOf(deps.eventStore, leadId);
  if (charge.status === 'none') throw new Error(`Lead charge ${leadId} was never requested`);
  if (!deps.payments.configured) return { status: 'failed', failureReason: LEAD_CHARGE_PAYMENTS_NOT_CONFIGURED, stripePaymentIntentId: null };
  const customer = await loadAggregate(deps.eventStore, paymentCustomerDecider, paymentCustomerStream(charge.partnerId));
  if (customer.state.status !== 'created') return { status: 'failed', failureReason: NO_PAYMENT_METHOD, stripePaymentIntentId: null };
  const paymentMethodId = await deps.payments.defaultPaymentMethodOf(customer.state.stripeCustomerId);
  if (!paymentMethodId) return { status: 'failed', failureReason: NO_PAYMENT_METHOD, stripePaymentIntentId: null };
  const result = await deps.payments.chargeOffSession({
    customerId: customer.state.stripeCustomerId,
    paymentMethodId,
    amountCents: toCents(charge.amount),
    currency: charge.currency,
    description: `Kāinga lead ${leadId.slice(0, 8)}`,
    idempotencyKey: `kainga-lead-charge-${leadId}`,
    metadata: { leadId, partnerId: charge.partnerId },
  });
  if (result.status === 'succeeded') return { status: 'succeeded', stripePaymentIntentId: result.paymentIntentId };
  if (result.status === 'processing') return { status: 'processing', stripePaymentIntentId: result.paymentIntentId };
  return { status: 'failed', failureReason: result.message, stripePaymentIntentId: result.paymentIntentId };
}
