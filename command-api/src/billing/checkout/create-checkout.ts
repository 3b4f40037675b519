import type { AdSubscriptionEvent, CheckoutSessionResponse, CreateCheckoutSessionRequest } from '@kainga/contracts';
import { adTierLabels, couponCheckoutOpenMessage, toCents } from '@kainga/contracts';
import { CommandError, conflict, eventIdFor, paymentsNotConfigured, waitForCommand, type CommandContext, type EventStore, type Payments } from '@kainga/platform';
import { subscriptionById, type PartnerDoc } from '@kainga/projections';
import type { AppDeps } from '../../deps';
import { adSubscriptionStream } from '../../advertising/subscriptions/ad-subscription';
import { activePlan, runningSubscription, servedLocation, startSubscription } from '../../advertising/subscriptions/subscription-rules';
import { giveBackCoupon, reserveCoupon, stripeTermsOf, usableCoupon } from '../coupons/checkout-coupon';
import { ensurePaymentCustomer } from '../payment-customer';

export const CHECKOUT_KEY_REUSED = 'This Idempotency-Key was used for another checkout. Send a new key for a new checkout.';
export const CHECKOUT_BEING_CONFIRMED = 'Your payment for this plan is being confirmed. Please reload in a moment.';

/**
 * POST /api/stripe/create-checkout-session (spec 001 §2 Subscribe, §7): the partner buys a plan
 * for one of its towns. The rules an admin's allocation checks hold here too (allocate-ad-plan.ts):
 * the plan exists (404) and is active (409), the town is known and served by the partner (400),
 * and one live subscription per partner, tier and town (409). Then:
 *
 * 1. the partner's Stripe customer (made once, payment-customer.ts);
 * 2. the plan's Stripe price at its current monthly price in NZD cents;
 * 3. a Stripe subscription created incomplete (`default_incomplete`), the card saved on it, our
 *    ids in its metadata so every webhook names them;
 * 4. `AdSubscriptionStarted` with source `checkout`: status incomplete, no adverts shown, until
 *    Stripe's webhook confirms the first payment (webhook/record-payment-notice.ts);
 * 5. the first payment's client secret for the Payment Element.
 *
 * The subscription id derives from the Idempotency-Key (else the request id), and every Stripe
 * call is keyed by our ids, so a retried request answers the same subscription and secret and
 * makes nothing twice. A partner who reopens the checkout for a tier and town whose checkout is
 * still waiting for payment gets that checkout again rather than a second subscription.
 * A coupon code (billing/coupons) is checked first: an unknown, inactive, not yet valid, expired
 * or used-up one is refused in its own words (400) before anything is written. A usable one takes
 * one use on the code's stream just before Stripe is asked (so maxRedemptions holds however many
 * checkouts race), and Stripe's subscription gets its discount (once, off the first invoice)
 * and/or trial days; AdSubscriptionStarted's source names the code.
 *
 * If Stripe (or recording the start) fails after the use was taken, the use is given back: the
 * code counts only checkouts that went through, and an abandoned failure holds no place under the
 * limit. A retry of the same checkout (same Idempotency-Key) takes the use again, while the code
 * still has one. Should the release itself fail, the use stays keyed to the subscription id, so
 * that retry reuses it rather than taking a second.
 */
export async function createCheckout(
  deps: Pick<AppDeps, 'stores'>,
  payments: Payments,
  partner: PartnerDoc,
  request: CreateCheckoutSessionRequest,
  ctx: CommandContext,
): Promise<CheckoutSessionResponse> {
  if (!payments.configured) throw paymentsNotConfigured();
  const store = deps.stores.readStore;
  const subscriptionId = eventIdFor(ctx.idempotencyKey, 'adSubscription', 0);
  const coupon = request.couponCode ? await usableCoupon(deps.stores.eventStore, request.couponCode, subscriptionId, ctx.metadata.occurredAt) : null;

  const { tier, plan } = await activePlan(deps.stores, request.adPlanId, (name) => `The ${name} plan is not available any more. Choose an active plan.`);
  if (plan.plan.monthlyPrice <= 0) throw conflict(`The ${plan.plan.name} plan has no monthly price to pay. Ask an admin to allocate it.`);
  const location = await servedLocation(store, partner._id, request.locationId, (city) => `You do not serve ${city}. Choose one of your locations.`);

  const earlier = await subscriptionById(store, subscriptionId);
  if (earlier && (earlier.partnerId !== partner._id || earlier.adPlanId !== plan.planId || earlier.locationId !== location.id)) throw conflict(CHECKOUT_KEY_REUSED);
  // A retry names the same coupon (or none): Stripe keeps the first request's terms under the key.
  const started = await startedCheckout(deps.stores.eventStore, subscriptionId);
  if (started && started.couponCode !== (coupon?.code ?? null)) throw conflict(CHECKOUT_KEY_REUSED);

  const running = await runningSubscription(store, partner._id, tier, location.id, subscriptionId);
  if (running?.status === 'incomplete' && running.stripeSubscriptionId) {
    // Its Stripe invoice is final: a code it was not opened with cannot be added to it.
    if (coupon && !coupon.holders.has(running._id)) throw conflict(couponCheckoutOpenMessage(plan.plan.name, location.cityName));
    const again = await payments.checkoutOf(running.stripeSubscriptionId);
    if (!again.clientSecret) throw conflict(CHECKOUT_BEING_CONFIRMED);
    return { clientSecret: again.clientSecret, subscriptionId: running._id };
  }
  if (running) throw conflict(`You already have a ${adTierLabels[tier]} subscription in ${location.cityName}.`);

  const customerId = await ensurePaymentCustomer(deps, payments, partner, ctx);
  const { priceId } = await payments.ensurePlanPrice({ planId: plan.planId, name: `Kāinga ${plan.plan.name} advertising`, monthlyPriceCents: toCents(plan.plan.monthlyPrice) });
  if (coupon) await reserveCoupon(deps.stores.eventStore, coupon, { userId: partner.userId, partnerId: partner._id, subscriptionId }, ctx);
  let clientSecret: string;
  let result: { position: string | null };
  try {
    const { providerCouponId, trialDays } = await stripeTermsOf(payments, coupon);
    const checkout = await payments.createSubscription({ customerId, priceId, metadata: { subscriptionId, partnerId: partner._id, adPlanId: plan.planId, locationId: location.id }, providerCouponId, trialDays });
    if (!checkout.clientSecret) {
      // Paid already (a retry after the browser confirmed): the subscription is confirmed by webhook, not here.
      if (earlier) throw conflict(CHECKOUT_BEING_CONFIRMED);
      throw new CommandError('unavailable', 'Stripe did not open a payment for this plan. Please try again in a moment.');
    }
    clientSecret = checkout.clientSecret;
    result = await startSubscription(
      deps.stores.eventStore,
      {
        subscriptionId,
        partner,
        planId: plan.planId,
        tier,
        locationId: location.id,
        source: {
          via: 'checkout',
          by: ctx.metadata.actorId ?? partner.userId,
          stripeCustomerId: customerId,
          stripeSubscriptionId: checkout.providerSubscriptionId,
          stripePriceId: priceId,
          monthlyPrice: plan.plan.monthlyPrice,
          couponCode: coupon?.code ?? null,
        },
      },
      ctx,
    );
  } catch (err) {
    // A checkout already recorded (a retry of one that went through) keeps its use.
    if (coupon && !(await startedCheckout(deps.stores.eventStore, subscriptionId))) await giveBackCoupon(deps.stores.eventStore, coupon, subscriptionId, err, ctx);
    throw err;
  }
  // The Advertising tab reloads right after: it must list the new subscription (awaiting payment).
  await waitForCommand(deps.stores, 'ad_subscriptions', adSubscriptionStream(subscriptionId), result);
  return { clientSecret, subscriptionId };
}

/** The checkout's AdSubscriptionStarted source, from its stream (not the read model, which may lag); null before it started. */
async function startedCheckout(eventStore: EventStore, subscriptionId: string): Promise<{ couponCode: string | null } | null> {
  const [first] = await eventStore.readStream(adSubscriptionStream(subscriptionId));
  const event = first ? ({ type: first.type, data: first.data } as AdSubscriptionEvent) : null;
  if (event?.type !== 'AdSubscriptionStarted') return null;
  return { couponCode: event.data.source.via === 'checkout' ? event.data.source.couponCode : null };
}
