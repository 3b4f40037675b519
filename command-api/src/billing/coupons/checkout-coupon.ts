import type { CouponTerms } from '@kainga/contracts';
import { COUPON_BUSY_MESSAGE, COUPON_INVALID_MESSAGE, couponStream, normaliseCouponCode, toCents } from '@kainga/contracts';
import { CommandError, conflict, handleCommand, invalid, loadAggregate, type CommandContext, type EventStore, type Payments } from '@kainga/platform';
import { couponDecider, couponRefusal, redemptionKey, type CouponState } from './coupon';

/** A code the checkout may use: its stream and terms. */
export interface CheckoutCoupon {
  couponId: string;
  code: string;
  stream: string;
  terms: CouponTerms;
}

/**
 * Enough attempts for every checkout racing on one code to be decided on the stream's latest
 * state (each attempt lets one writer through), rather than told to try again.
 */
const REDEEM_ATTEMPTS = 30;

const holdsUse = (state: CouponState, subscriptionId: string) => state.status === 'created' && !!state.held[subscriptionId];

/**
 * The code the partner typed, if it can be used now: unknown, inactive, not yet valid, expired
 * and used-up codes are refused here, each in its own words (400), before anything is written. A
 * retried checkout whose subscription already holds a use of the code passes whatever the count.
 */
export async function usableCoupon(eventStore: EventStore, typed: string, subscriptionId: string, at: string): Promise<CheckoutCoupon> {
  const stream = couponStream(normaliseCouponCode(typed));
  const { state } = await loadAggregate(eventStore, couponDecider, stream);
  const refusal = holdsUse(state, subscriptionId) ? null : couponRefusal(state, at);
  if (refusal || state.status !== 'created') throw invalid(refusal ?? COUPON_INVALID_MESSAGE);
  return { couponId: state.couponId, code: state.terms.code, stream, terms: state.terms };
}

/** Whether the subscription holds a use of the code now, as the code's stream tells it (another checkout may have just taken it). */
export async function couponHeldBy(eventStore: EventStore, coupon: CheckoutCoupon, subscriptionId: string): Promise<boolean> {
  return holdsUse((await loadAggregate(eventStore, couponDecider, coupon.stream)).state, subscriptionId);
}

/**
 * Takes one use of the code for this subscription, on the code's one stream with an expected
 * revision: however many checkouts race, the uses never pass maxRedemptions (the losers are
 * decided again on the fresh state and refused as used up). Once per subscription.
 */
export async function reserveCoupon(eventStore: EventStore, coupon: CheckoutCoupon, use: { userId: string; partnerId: string; subscriptionId: string }, ctx: CommandContext): Promise<void> {
  const { state } = await loadAggregate(eventStore, couponDecider, coupon.stream);
  const key = redemptionKey(state, ctx.idempotencyKey, use.subscriptionId);
  try {
    await handleCommand(eventStore, couponDecider, coupon.stream, { type: 'RedeemCoupon', ...use, at: ctx.metadata.occurredAt }, { ...ctx, idempotencyKey: key }, { maxAttempts: REDEEM_ATTEMPTS });
  } catch (err) {
    // The decider refuses only with 'invalid'; a conflict is the retries running out.
    if (err instanceof CommandError && err.kind === 'conflict') throw conflict(COUPON_BUSY_MESSAGE);
    throw err;
  }
}

/** Gives the use back: the checkout that took it did not go through. */
export async function releaseCoupon(eventStore: EventStore, coupon: CheckoutCoupon, subscriptionId: string, reason: string, ctx: CommandContext): Promise<void> {
  const { state } = await loadAggregate(eventStore, couponDecider, coupon.stream);
  const releases = state.status === 'created' ? (state.releases[subscriptionId] ?? 0) : 0;
  await handleCommand(
    eventStore,
    couponDecider,
    coupon.stream,
    { type: 'ReleaseCouponRedemption', subscriptionId, reason, at: ctx.metadata.occurredAt },
    { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:coupon-release:${releases}` },
    { maxAttempts: REDEEM_ATTEMPTS },
  );
}

/**
 * Gives the use back after a checkout that failed, without hiding that failure: if the release
 * fails too, the use stays keyed to the subscription, and a retry of the checkout reuses it.
 */
export async function giveBackCoupon(eventStore: EventStore, coupon: CheckoutCoupon, subscriptionId: string, cause: unknown, ctx: CommandContext): Promise<void> {
  try {
    await releaseCoupon(eventStore, coupon, subscriptionId, cause instanceof Error ? cause.message : 'The checkout did not go through.', ctx);
  } catch {
    // The checkout's own error is the one to answer.
  }
}

/** What Stripe is asked for: the coupon's discount (its Stripe coupon, made once) and its trial days. */
export async function stripeTermsOf(payments: Payments, coupon: CheckoutCoupon | null): Promise<{ providerCouponId: string | null; trialDays: number }> {
  if (!coupon) return { providerCouponId: null, trialDays: 0 };
  const { discountType, discountValue, freeTrialDays } = coupon.terms;
  let providerCouponId: string | null = null;
  if (discountType && discountValue !== null) {
    const off = discountType === 'percentage' ? { percentOff: discountValue, amountOffCents: null } : { percentOff: null, amountOffCents: toCents(discountValue) };
    ({ providerCouponId } = await payments.ensureCoupon({ couponId: coupon.couponId, code: coupon.code, ...off }));
  }
  return { providerCouponId, trialDays: freeTrialDays };
}
