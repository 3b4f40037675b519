import { applyBatch, type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { couponById, couponsProjector, listCoupons, redemptionsOfCoupon } from './coupons';

const event = recordedEvents();
const recorded = (type: string, data: Record<string, unknown>, stream = 'coupon-LAUNCH20'): RecordedEvent => event(stream, type, data);
const terms = (code: string) => ({ code, description: 'Launch', discountType: 'percentage', discountValue: 20, freeTrialDays: 0, maxRedemptions: 5, validFrom: '2026-11-01T00:00:00.000Z', validUntil: null });
const created = (couponId: string, code: string, at: string) => recorded('CouponCreated', { couponId, terms: terms(code), isActive: true, by: 'admin1', at }, `coupon-${code}`);
const redeemed = (subscriptionId: string, count: number, at: string) =>
  recorded('CouponRedeemed', { couponId: 'c1', code: 'LAUNCH20', userId: `u-${subscriptionId}`, partnerId: `p-${subscriptionId}`, subscriptionId, redeemedAt: at, redemptionCount: count });

describe('coupon_codes and coupon_redemptions projector', () => {
  it('lists coupons newest first with their redemptions, counts released uses back, and applies a repeated event once', async () => {
    const store = await projectedStore([couponsProjector]);
    const first = redeemed('s1', 1, '2026-11-02T00:00:00.000Z');
    const second = redeemed('s2', 2, '2026-11-04T00:00:00.000Z');
    await applyBatch(
      store,
      couponsProjector,
      [
        created('c1', 'LAUNCH20', '2026-11-01T00:00:00.000Z'),
        created('c2', 'TRIAL14', '2026-11-03T00:00:00.000Z'),
        first,
        second,
        recorded('CouponDeactivated', { couponId: 'c1', code: 'LAUNCH20', by: 'admin2', at: '2026-11-05T00:00:00.000Z' }),
      ],
      'coupons',
      (c) => c,
    );
    expect((await listCoupons(store)).map((c) => c.code)).toEqual(['TRIAL14', 'LAUNCH20']);
    expect(await couponById(store, 'c1')).toMatchObject({ code: 'LAUNCH20', discountType: 'percentage', discountValue: 20, maxRedemptions: 5, currentRedemptions: 2, isActive: false, createdBy: 'admin1', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-05T00:00:00.000Z' });
    expect(await couponById(store, 'c2')).toMatchObject({ currentRedemptions: 0, isActive: true });
    expect((await redemptionsOfCoupon(store, 'c1')).map((r) => [r.subscriptionId, r.userId])).toEqual([
      ['s2', 'u-s2'],
      ['s1', 'u-s1'],
    ]);

    // At-least-once delivery (the log's tail again, in order): the count is the events', not a sum.
    await applyBatch(store, couponsProjector, [first, second], 'coupons', (c) => c);
    expect((await couponById(store, 'c1'))!.currentRedemptions).toBe(2);
    expect(await redemptionsOfCoupon(store, 'c1')).toHaveLength(2);

    await applyBatch(
      store,
      couponsProjector,
      [
        recorded('CouponRedemptionReleased', { couponId: 'c1', code: 'LAUNCH20', subscriptionId: 's2', reason: 'Stripe failed', releasedAt: '2026-11-06T00:00:00.000Z', redemptionCount: 1 }),
        recorded('CouponReactivated', { couponId: 'c1', code: 'LAUNCH20', by: 'admin2', at: '2026-11-07T00:00:00.000Z' }),
      ],
      'coupons',
      (c) => c,
    );
    expect(await couponById(store, 'c1')).toMatchObject({ currentRedemptions: 1, isActive: true });
    expect((await redemptionsOfCoupon(store, 'c1')).map((r) => r.subscriptionId)).toEqual(['s1']);
  });
});
