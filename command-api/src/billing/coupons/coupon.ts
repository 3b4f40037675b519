import type { CouponEvent, CouponTerms } from '@kainga/contracts';
import {
  COUPON_EXPIRED_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_INVALID_MESSAGE,
  COUPON_NOT_FOUND_MESSAGE,
  COUPON_NOT_YET_VALID_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  couponCodeTakenMessage,
  normaliseCouponCode,
} from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

/**
 * A coupon's id, derived from its code (UUID layout over SHA-256): a retried create names the
 * same coupon, and the Stripe coupon made for it (keyed by this id) is the same one too.
 */
export function couponIdFor(code: string): string {
  const h = createHash('sha256').update(`coupon\u0000${normaliseCouponCode(code)}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type CouponState =
  | { status: 'none' }
  | {
      status: 'created';
      couponId: string;
      terms: CouponTerms;
      isActive: boolean;
      /** The subscriptions holding a use of the code now, by subscription id (their user). */
      held: Record<string, string>;
      /** How often each subscription's use was given back: a new use after one is a new command (redemptionKey). */
      releases: Record<string, number>;
    };

export type CouponCommand =
  | { type: 'CreateCoupon'; terms: CouponTerms; isActive: boolean; by: string; at: string }
  | { type: 'SetCouponActive'; isActive: boolean; by: string; at: string }
  /** A checkout takes one use of the code for its subscription (again: nothing new). */
  | { type: 'RedeemCoupon'; userId: string; partnerId: string; subscriptionId: string; at: string }
  /** The checkout that took the use did not go through: the use is given back. */
  | { type: 'ReleaseCouponRedemption'; subscriptionId: string; reason: string; at: string };

const heldCount = (state: Extract<CouponState, { status: 'created' }>) => Object.keys(state.held).length;

/**
 * Why the code cannot be used at `at`, in the partner's words; null when it can. The checkout
 * asks this before it touches anything (a clear refusal, nothing written), and RedeemCoupon asks
 * it again on the stream's latest state, which is what holds under concurrent checkouts.
 */
export function couponRefusal(state: CouponState, at: string): string | null {
  if (state.status !== 'created') return COUPON_INVALID_MESSAGE;
  if (!state.isActive) return COUPON_INACTIVE_MESSAGE;
  const now = Date.parse(at);
  if (now < Date.parse(state.terms.validFrom)) return COUPON_NOT_YET_VALID_MESSAGE;
  if (state.terms.validUntil && now >= Date.parse(state.terms.validUntil)) return COUPON_EXPIRED_MESSAGE;
  if (state.terms.maxRedemptions !== null && heldCount(state) >= state.terms.maxRedemptions) return COUPON_USED_UP_MESSAGE;
  return null;
}

/**
 * The idempotency key of a subscription's redemption: the checkout's own key would make a retry
 * after a release look already done (its event ids exist), so each release moves the key on.
 */
export function redemptionKey(state: CouponState, checkoutKey: string, subscriptionId: string): string {
  const releases = state.status === 'created' ? (state.releases[subscriptionId] ?? 0) : 0;
  return releases === 0 ? `${checkoutKey}:coupon` : `${checkoutKey}:coupon:${releases}`;
}

export const couponDecider: Decider<CouponState, CouponCommand, CouponEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'CouponCreated' }, ({ data }): CouponState => ({ status: 'created', couponId: data.couponId, terms: data.terms, isActive: data.isActive, held: {}, releases: {} }))
      .with({ type: 'CouponDeactivated' }, (): CouponState => (state.status === 'created' ? { ...state, isActive: false } : state))
      .with({ type: 'CouponReactivated' }, (): CouponState => (state.status === 'created' ? { ...state, isActive: true } : state))
      .with({ type: 'CouponRedeemed' }, ({ data }): CouponState => (state.status === 'created' ? { ...state, held: { ...state.held, [data.subscriptionId]: data.userId } } : state))
      .with({ type: 'CouponRedemptionReleased' }, ({ data }): CouponState => {
        if (state.status !== 'created') return state;
        const { [data.subscriptionId]: _released, ...held } = state.held;
        return { ...state, held, releases: { ...state.releases, [data.subscriptionId]: (state.releases[data.subscriptionId] ?? 0) + 1 } };
      })
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateCoupon' }, (c): CouponEvent[] => {
        if (state.status === 'created') throw conflict(couponCodeTakenMessage(state.terms.code));
        return [{ type: 'CouponCreated', data: { couponId: couponIdFor(c.terms.code), terms: c.terms, isActive: c.isActive, by: c.by, at: c.at } }];
      })
      .with({ type: 'SetCouponActive' }, (c): CouponEvent[] => {
        if (state.status !== 'created') throw notFound(COUPON_NOT_FOUND_MESSAGE);
        if (state.isActive === c.isActive) return [];
        const data = { couponId: state.couponId, code: state.terms.code, by: c.by, at: c.at };
        return [c.isActive ? { type: 'CouponReactivated', data } : { type: 'CouponDeactivated', data }];
      })
      .with({ type: 'RedeemCoupon' }, (c): CouponEvent[] => {
        // The same checkout again (a retried request): it holds its use already.
        if (state.status === 'created' && state.held[c.subscriptionId]) return [];
        const refusal = couponRefusal(state, c.at);
        if (refusal || state.status !== 'created') throw invalid(refusal ?? COUPON_INVALID_MESSAGE);
        const data = { couponId: state.couponId, code: state.terms.code, userId: c.userId, partnerId: c.partnerId, subscriptionId: c.subscriptionId, redeemedAt: c.at, redemptionCount: heldCount(state) + 1 };
        return [{ type: 'CouponRedeemed', data }];
      })
      .with({ type: 'ReleaseCouponRedemption' }, (c): CouponEvent[] => {
        if (state.status !== 'created' || !state.held[c.subscriptionId]) return [];
        const data = { couponId: state.couponId, code: state.terms.code, subscriptionId: c.subscriptionId, reason: c.reason, releasedAt: c.at, redemptionCount: heldCount(state) - 1 };
        return [{ type: 'CouponRedemptionReleased', data }];
      })
      .exhaustive(),
};
