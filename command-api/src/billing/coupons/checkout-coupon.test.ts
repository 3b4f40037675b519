import { COUPON_USED_UP_MESSAGE, couponStream, type CouponTerms } from '@kainga/contracts';
import { handleCommand, SqliteEventStore, type CommandContext, type CommandError } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { giveBackCoupon, reserveCoupon, usableCoupon } from './checkout-coupon';
import { couponDecider } from './coupon';

const at = new Date().toISOString();
const ctx = (key: string): CommandContext => ({ idempotencyKey: key, metadata: { actorId: 'u', actorRoles: [], correlationId: key, causationId: null, occurredAt: at } });
const terms: CouponTerms = { code: 'RUSH5', description: '', discountType: 'percentage', discountValue: 50, freeTrialDays: 0, maxRedemptions: 5, validFrom: '2026-01-01T00:00:00.000Z', validUntil: null };

async function storeWithCoupon() {
  const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'coupon-')), 'e.sqlite'));
  await handleCommand(store, couponDecider, couponStream('RUSH5'), { type: 'CreateCoupon', terms, isActive: true, by: 'admin', at }, ctx('create'));
  return store;
}
const redeemedCount = async (store: SqliteEventStore) => (await store.readStream(couponStream('RUSH5'))).filter((e) => e.type === 'CouponRedeemed').length;

describe('a coupon’s redemptions on its one stream', () => {
  it('holds the limit when 20 checkouts reserve at the same moment: 5 take a use, 15 are told it is used up', async () => {
    const store = await storeWithCoupon();
    // Every racer reads the code as usable before any of them writes, as concurrent checkouts do.
    const coupons = await Promise.all(Array.from({ length: 20 }, (_, i) => usableCoupon(store, 'rush5', `sub-${i}`, at)));
    const results = await Promise.allSettled(coupons.map((c, i) => reserveCoupon(store, c, { userId: `u${i}`, partnerId: `p${i}`, subscriptionId: `sub-${i}` }, ctx(`checkout-${i}`))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as CommandError] : []));
    expect(reasons.map((e) => [e.kind, e.message])).toEqual(Array.from({ length: 15 }, () => ['invalid', COUPON_USED_UP_MESSAGE]));
    expect(await redeemedCount(store)).toBe(5);
    expect((await store.readStream(couponStream('RUSH5'))).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('takes a use again after it was given back, for the same checkout', async () => {
    const store = await storeWithCoupon();
    const coupon = await usableCoupon(store, 'RUSH5', 'sub-a', at);
    await reserveCoupon(store, coupon, { userId: 'u', partnerId: 'p', subscriptionId: 'sub-a' }, ctx('checkout-a'));
    await giveBackCoupon(store, coupon, 'sub-a', new Error('Stripe failed'), ctx('checkout-a'));
    await reserveCoupon(store, coupon, { userId: 'u', partnerId: 'p', subscriptionId: 'sub-a' }, ctx('checkout-a'));
    // And the same retry once more holds the use it has.
    await reserveCoupon(store, coupon, { userId: 'u', partnerId: 'p', subscriptionId: 'sub-a' }, ctx('checkout-a'));
    expect((await store.readStream(couponStream('RUSH5'))).map((e) => e.type)).toEqual(['CouponCreated', 'CouponRedeemed', 'CouponRedemptionReleased', 'CouponRedeemed']);
  });
});
