import type { CouponEvent, CouponTerms } from '@kainga/contracts';
import { COUPON_EXPIRED_MESSAGE, COUPON_INACTIVE_MESSAGE, COUPON_INVALID_MESSAGE, COUPON_NOT_YET_VALID_MESSAGE, COUPON_USED_UP_MESSAGE } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { couponDecider, couponIdFor, couponRefusal, redemptionKey, type CouponState } from './coupon';

const at = '2026-11-23T00:00:00.000Z';
const terms: CouponTerms = {
  code: 'LAUNCH20',
  description: 'Launch offer',
  discountType: 'percentage',
  discountValue: 20,
  freeTrialDays: 0,
  maxRedemptions: 2,
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: '2026-12-01T00:00:00.000Z',
};
const couponId = couponIdFor('LAUNCH20');
const created: CouponEvent = { type: 'CouponCreated', data: { couponId, terms, isActive: true, by: 'admin1', at } };
const redeemed = (subscriptionId: string, redemptionCount: number, userId = `user-${subscriptionId}`): CouponEvent => ({
  type: 'CouponRedeemed',
  data: { couponId, code: 'LAUNCH20', userId, partnerId: `partner-${subscriptionId}`, subscriptionId, redeemedAt: at, redemptionCount },
});
const redeem = (subscriptionId: string, when = at) => ({ type: 'RedeemCoupon' as const, userId: `user-${subscriptionId}`, partnerId: `partner-${subscriptionId}`, subscriptionId, at: when });
const released = (subscriptionId: string, redemptionCount: number): CouponEvent => ({
  type: 'CouponRedemptionReleased',
  data: { couponId, code: 'LAUNCH20', subscriptionId, reason: 'Stripe failed', releasedAt: at, redemptionCount },
});
const deactivated: CouponEvent = { type: 'CouponDeactivated', data: { couponId, code: 'LAUNCH20', by: 'admin1', at } };
const spec = deciderSpec(couponDecider);
const fold = (events: CouponEvent[]): CouponState => events.reduce(couponDecider.evolve, couponDecider.initialState());

describe('coupon decider', () => {
  it('creates a coupon for a code that has none, and refuses the same code twice', () => {
    spec.given([]).when({ type: 'CreateCoupon', terms, isActive: true, by: 'admin1', at }).then([created]);
    spec.given([created]).when({ type: 'CreateCoupon', terms: { ...terms, discountValue: 50 }, isActive: true, by: 'admin2', at }).thenRefuses('conflict', /A coupon with the code LAUNCH20 already exists\./);
  });

  it('derives one id per code whatever its case', () => {
    expect(couponIdFor('launch20')).toBe(couponId);
    expect(couponIdFor('LAUNCH21')).not.toBe(couponId);
  });

  it('switches a coupon off and on; the same switch again records nothing; an unknown coupon is not found', () => {
    spec.given([created]).when({ type: 'SetCouponActive', isActive: false, by: 'admin1', at }).then([deactivated]);
    spec.given([created]).when({ type: 'SetCouponActive', isActive: true, by: 'admin1', at }).thenNothingHappens();
    spec.given([created, deactivated]).when({ type: 'SetCouponActive', isActive: true, by: 'admin2', at }).then([{ type: 'CouponReactivated', data: { couponId, code: 'LAUNCH20', by: 'admin2', at } }]);
    spec.given([]).when({ type: 'SetCouponActive', isActive: false, by: 'admin1', at }).thenRefuses('not_found');
  });

  it('redeems a valid code for a subscription, counting the uses', () => {
    spec.given([created]).when(redeem('s1')).then([redeemed('s1', 1)]);
    spec.given([created, redeemed('s1', 1)]).when(redeem('s2')).then([redeemed('s2', 2)]);
  });

  it('redeems once per subscription: the same checkout again records nothing, even at the limit', () => {
    spec.given([created, redeemed('s1', 1)]).when(redeem('s1')).thenNothingHappens();
    spec.given([created, redeemed('s1', 1), redeemed('s2', 2)]).when(redeem('s2')).thenNothingHappens();
  });

  it('refuses an unknown, inactive, not yet valid, expired or used-up code, each with its own words', () => {
    const refused = (events: CouponEvent[], command: ReturnType<typeof redeem>, message: string) => spec.given(events).when(command).thenRefuses('invalid', new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    refused([], redeem('s1'), COUPON_INVALID_MESSAGE);
    refused([created, deactivated], redeem('s1'), COUPON_INACTIVE_MESSAGE);
    refused([created], redeem('s1', '2026-10-31T23:59:59.999Z'), COUPON_NOT_YET_VALID_MESSAGE);
    refused([created], redeem('s1', '2026-12-01T00:00:00.000Z'), COUPON_EXPIRED_MESSAGE);
    refused([created, redeemed('s1', 1), redeemed('s2', 2)], redeem('s3'), COUPON_USED_UP_MESSAGE);
  });

  it('takes a code with no end and no limit any time after it starts', () => {
    const open: CouponEvent = { type: 'CouponCreated', data: { couponId, terms: { ...terms, validUntil: null, maxRedemptions: null }, isActive: true, by: 'admin1', at } };
    const many = Array.from({ length: 50 }, (_, i) => redeemed(`s${i}`, i + 1));
    spec.given([open, ...many]).when(redeem('s50', '2030-01-01T00:00:00.000Z')).then([{ ...redeemed('s50', 51), data: { ...redeemed('s50', 51).data, redeemedAt: '2030-01-01T00:00:00.000Z' } } as CouponEvent]);
  });

  it('gives back the use of a checkout that did not go through, which frees a place under the limit', () => {
    const full = [created, redeemed('s1', 1), redeemed('s2', 2)];
    spec.given(full).when({ type: 'ReleaseCouponRedemption', subscriptionId: 's2', reason: 'Stripe failed', at }).then([released('s2', 1)]);
    spec.given([...full, released('s2', 1)]).when(redeem('s3')).then([redeemed('s3', 2)]);
    // Nothing to give back: a subscription that holds no use, or a second release.
    spec.given(full).when({ type: 'ReleaseCouponRedemption', subscriptionId: 's9', reason: 'x', at }).thenNothingHappens();
    spec.given([...full, released('s2', 1)]).when({ type: 'ReleaseCouponRedemption', subscriptionId: 's2', reason: 'x', at }).thenNothingHappens();
  });

  it('tells the checkout why a code cannot be used before anything is written', () => {
    expect(couponRefusal(fold([created]), at)).toBeNull();
    expect(couponRefusal(fold([created, redeemed('s1', 1), redeemed('s2', 2)]), at)).toBe(COUPON_USED_UP_MESSAGE);
    expect(couponRefusal(fold([]), at)).toBe(COUPON_INVALID_MESSAGE);
  });

  it('moves the redemption’s idempotency key on after each release, so a retried checkout redeems again', () => {
    expect(redemptionKey(fold([created]), 'k1', 's1')).toBe('k1:coupon');
    expect(redemptionKey(fold([created, redeemed('s1', 1), released('s1', 0)]), 'k1', 's1')).toBe('k1:coupon:1');
    expect(redemptionKey(fold([created, redeemed('s1', 1), released('s1', 0), redeemed('s1', 1), released('s1', 0)]), 'k1', 's1')).toBe('k1:coupon:2');
  });
});
