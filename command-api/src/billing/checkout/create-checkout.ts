import type { AdSubscriptionEvent, AdTier, CheckoutSessionResponse, CreateCheckoutSessionRequest } from '@kainga/contracts';
import { adTierLabels, couponCheckoutOpenMessage, toCents } from '@kainga/contracts';
import { CommandError, conflict, eventIdFor, paymentsNotConfigured, waitForCommand, type CommandContext, type EventStore, type Payments } from '@kainga/platform';
import { subscriptionById, type PartnerDoc } from '@kainga/projections';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../deps';
import { inReservedSlot, reserveAdSlot, type AdSlotClaim, type AdSlotHolder } from '../../advertising/subscriptions/ad-slot-reservation';
import { adSubscriptionStream } from '../../advertising/subscriptions/ad-subscription';
import { activePlan, servedLocation, startSubscription } from '../../advertising/subscriptions/subscription-rules';
import { couponHeldBy, giveBackCoupon, reserveCoupon, stripeTermsOf, usableCoupon, type CheckoutCoupon } from '../coupons/checkout-coupon';
import { ensurePaymentCustomer } from '../payment-customer';

export const CHECKOUT_KEY_REUSED = 'This Idempotency-Key was used for another checkout. Send a new key for a new checkout.';
export const CHECKOUT_BEING_CONFIRMED = 'Your payment for this plan is being confirmed. Please reload in a moment.';
export const CHECKOUT_BEING_OPENED = 'Your checkout for this plan is still being opened in another window. Please try again in a moment.';

/** How long a checkout waits for another one of the same plan and town still being opened, and how often it looks. */
const OPENING_WAIT_MS = 10_000;
const OPENING_POLL_MS = 100;

/**
 * POST /api/stripe/create-checkout-session (spec 001 §2 Subscribe, §7): the partner buys a plan
 * for one of its towns. The rules an admin's allocation checks hold here too (allocate-ad-plan.ts):
 * the plan exists (404) and is active (409), the town is known and served by the partner (400),
 * and one live subscription per partner, tier and town. Then:
 *
 * 1. the slot of that partner, tier and town is reserved on its own stream (ad-slot-reservation.ts)
 *    before Stripe is asked for anything: of any number of checkouts and allocations racing for
 *    it, one goes on; a checkout that finds another one waiting for payment answers that one's
 *    payment (see below), and one that finds a live subscription is refused (409);
 * 2. the partner's Stripe customer (made once, payment-customer.ts);
 * 3. the plan's Stripe price at its current monthly price in NZD cents;
 * 4. a Stripe subscription created incomplete (`default_incomplete`), the card saved on it, our
 *    ids in its metadata so every webhook names them;
 * 5. `AdSubscriptionStarted` with source `checkout`: status incomplete, no adverts shown, until
 *    Stripe's webhook confirms the first payment (webhook/record-payment-notice.ts);
 * 6. the first payment's client secret for the Payment Element.
 *
 * The subscription id derives from the Idempotency-Key (else the request id), and every Stripe
 * call is keyed by our ids, so a retried request answers the same subscription and secret and
 * makes nothing twice. A partner who reopens the checkout for a tier and town whose checkout is
 * still waiting for payment gets that checkout again rather than a second subscription; one
 * still being opened at that moment is waited for (OPENING_WAIT_MS) and answered the same way.
 * A coupon code (billing/coupons) is checked first: an unknown, inactive, not yet valid, expired
 * or used-up one is refused in its own words (400) before anything is written. A usable one takes
 * one use on the code's stream just before Stripe is asked (so maxRedemptions holds however many
 * checkouts race), and Stripe's subscription gets its discount (once, off the first invoice)
 * and/or trial days; AdSubscriptionStarted's source names the code.
 *
 * If Stripe (or recording the start) fails, the slot is given back, so the partner can try again
 * at once, and so is a use taken of the code: the code counts only checkouts that went through,
 * and an abandoned failure holds no place under the limit. A retry of the same checkout (same
 * Idempotency-Key) takes the use again, while the code still has one. Should the release itself
 * fail, the use stays keyed to the subscription id, so that retry reuses it rather than taking a
 * second (and the slot stays with that retry, or is taken over once abandoned).
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

  const claim = { partnerId: partner._id, tier, locationId: location.id, subscriptionId, via: 'checkout' } as const;
  const holder = await reserveForCheckout(deps.stores, claim, ctx);
  if (holder) return heldSlotAnswer(deps.stores.eventStore, payments, holder, coupon, { planName: plan.plan.name, tier, cityName: location.cityName });

  const { clientSecret, result } = await inReservedSlot(deps.stores.eventStore, claim, ctx, async () => {
    const customerId = await ensurePaymentCustomer(deps, payments, partner, ctx);
    const { priceId } = await payments.ensurePlanPrice({ planId: plan.planId, name: `Kāinga ${plan.plan.name} advertising`, monthlyPriceCents: toCents(plan.plan.monthlyPrice) });
    if (coupon) await reserveCoupon(deps.stores.eventStore, coupon, { userId: partner.userId, partnerId: partner._id, subscriptionId }, ctx);
    try {
      const { providerCouponId, trialDays } = await stripeTermsOf(payments, coupon);
      const checkout = await payments.createSubscription({ customerId, priceId, metadata: { subscriptionId, partnerId: partner._id, adPlanId: plan.planId, locationId: location.id }, providerCouponId, trialDays });
      if (!checkout.clientSecret) {
        // Paid already (a retry after the browser confirmed): the subscription is confirmed by webhook, not here.
        if (earlier) throw conflict(CHECKOUT_BEING_CONFIRMED);
        throw new CommandError('unavailable', 'Stripe did not open a payment for this plan. Please try again in a moment.');
      }
      const result = await startSubscription(
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
      return { clientSecret: checkout.clientSecret, result };
    } catch (err) {
      // A checkout already recorded (a retry of one that went through) keeps its use.
      if (coupon && !(await startedCheckout(deps.stores.eventStore, subscriptionId))) await giveBackCoupon(deps.stores.eventStore, coupon, subscriptionId, err, ctx);
      throw err;
    }
  });
  // The Advertising tab reloads right after: it must list the new subscription (awaiting payment).
  await waitForCommand(deps.stores, 'ad_subscriptions', adSubscriptionStream(subscriptionId), result);
  return { clientSecret, subscriptionId };
}

/**
 * Reserves the slot for this checkout (null: it holds it now), or answers who holds it. A holder
 * still being opened (the partner's other tab, a second click) is waited for a moment, up to
 * OPENING_WAIT_MS, so that this checkout answers its payment; if that one fails instead and gives
 * the slot back, this one takes it.
 */
async function reserveForCheckout(stores: AppDeps['stores'], claim: AdSlotClaim, ctx: CommandContext): Promise<AdSlotHolder | null> {
  const giveUpAt = Date.now() + OPENING_WAIT_MS;
  for (;;) {
    const holder = await reserveAdSlot(stores, claim, ctx);
    if (!holder || holder.subscription.status !== 'none' || Date.now() >= giveUpAt) return holder;
    await sleep(OPENING_POLL_MS);
  }
}

/**
 * The answer when another subscription holds the slot: the payment of a checkout still waiting
 * for it (the same checkout again, not a second one), else 409 in the partner's words.
 */
async function heldSlotAnswer(
  eventStore: EventStore,
  payments: Payments,
  holder: AdSlotHolder,
  coupon: CheckoutCoupon | null,
  words: { planName: string; tier: AdTier; cityName: string },
): Promise<CheckoutSessionResponse> {
  const held = holder.subscription;
  if (held.status === 'none') throw conflict(CHECKOUT_BEING_OPENED);
  if (held.status !== 'incomplete' || !held.stripeSubscriptionId) throw conflict(`You already have a ${adTierLabels[words.tier]} subscription in ${words.cityName}.`);
  // Its Stripe invoice is final: a code it was not opened with cannot be added to it.
  if (coupon && !(await couponHeldBy(eventStore, coupon, holder.subscriptionId))) throw conflict(couponCheckoutOpenMessage(words.planName, words.cityName));
  const again = await payments.checkoutOf(held.stripeSubscriptionId);
  if (!again.clientSecret) throw conflict(CHECKOUT_BEING_CONFIRMED);
  return { clientSecret: again.clientSecret, subscriptionId: holder.subscriptionId };
}

/** The checkout's AdSubscriptionStarted source, from its stream (not the read model, which may lag); null before it started. */
async function startedCheckout(eventStore: EventStore, subscriptionId: string): Promise<{ couponCode: string | null } | null> {
  const [first] = await eventStore.readStream(adSubscriptionStream(subscriptionId));
  const event = first ? ({ type: first.type, data: first.data } as AdSubscriptionEvent) : null;
  if (event?.type !== 'AdSubscriptionStarted') return null;
  return { couponCode: event.data.source.via === 'checkout' ? event.data.source.couponCode : null };
}
