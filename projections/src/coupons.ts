import type { CouponDiscountType, CouponEvent } from '@kainga/contracts';
import { couponEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';

/**
 * The `coupon_codes` and `coupon_redemptions` read models (spec 001 §3): one document per coupon
 * (the code unique) and one per redemption (`<couponId>:<subscriptionId>`), read by the admin's
 * coupon list and its redemptions view. Idempotent: the count is the one the event carries (the
 * stream's own count after it), never an increment, so an event applied twice counts once.
 */
export const COUPON_CODES = 'coupon_codes';
export const COUPON_REDEMPTIONS = 'coupon_redemptions';

export interface CouponDoc {
  _id: string;
  code: string;
  description: string;
  discountType: CouponDiscountType | null;
  discountValue: number | null;
  freeTrialDays: number;
  maxRedemptions: number | null;
  currentRedemptions: number;
  validFrom: string;
  validUntil: string | null;
  isActive: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface CouponRedemptionDoc {
  _id: string;
  couponId: string;
  code: string;
  userId: string;
  partnerId: string;
  subscriptionId: string;
  redeemedAt: string;
  [key: string]: unknown;
}

export const couponsProjector: Projector = {
  name: 'coupons',
  collections: [COUPON_CODES, COUPON_REDEMPTIONS],
  filter: { eventTypes: couponEventTypes, streamPrefixes: ['coupon-'] },
  indexes: {
    [COUPON_CODES]: [{ keys: { code: 1 }, unique: true }, { keys: { createdAt: -1, _id: 1 } }],
    // A coupon's redemptions, newest first.
    [COUPON_REDEMPTIONS]: [{ keys: { couponId: 1, redeemedAt: -1, _id: 1 } }],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data } as CouponEvent;
    return match(e)
      .with({ type: 'CouponCreated' }, ({ data }): CollectionWrite[] => [
        {
          collection: COUPON_CODES,
          updateOne: {
            filter: { _id: data.couponId },
            update: { $setOnInsert: { currentRedemptions: 0 }, $set: { ...data.terms, isActive: data.isActive, createdBy: data.by, createdAt: data.at, updatedAt: data.at } },
            upsert: true,
          },
        },
      ])
      .with({ type: 'CouponDeactivated' }, ({ data }): CollectionWrite[] => [{ collection: COUPON_CODES, updateOne: { filter: { _id: data.couponId }, update: { $set: { isActive: false, updatedAt: data.at } } } }])
      .with({ type: 'CouponReactivated' }, ({ data }): CollectionWrite[] => [{ collection: COUPON_CODES, updateOne: { filter: { _id: data.couponId }, update: { $set: { isActive: true, updatedAt: data.at } } } }])
      .with({ type: 'CouponRedeemed' }, ({ data }): CollectionWrite[] => [
        { collection: COUPON_CODES, updateOne: { filter: { _id: data.couponId }, update: { $set: { currentRedemptions: data.redemptionCount } } } },
        {
          collection: COUPON_REDEMPTIONS,
          replaceOne: {
            filter: { _id: redemptionId(data.couponId, data.subscriptionId) },
            replacement: {
              _id: redemptionId(data.couponId, data.subscriptionId),
              couponId: data.couponId,
              code: data.code,
              userId: data.userId,
              partnerId: data.partnerId,
              subscriptionId: data.subscriptionId,
              redeemedAt: data.redeemedAt,
            },
            upsert: true,
          },
        },
      ])
      .with({ type: 'CouponRedemptionReleased' }, ({ data }): CollectionWrite[] => [
        { collection: COUPON_CODES, updateOne: { filter: { _id: data.couponId }, update: { $set: { currentRedemptions: data.redemptionCount } } } },
        { collection: COUPON_REDEMPTIONS, deleteOne: { filter: { _id: redemptionId(data.couponId, data.subscriptionId) } } },
      ])
      .exhaustive();
  },
};

const redemptionId = (couponId: string, subscriptionId: string) => `${couponId}:${subscriptionId}`;

/** Every coupon, newest first (an admin's list: tens, not thousands). */
export function listCoupons(store: ReadStore): Promise<CouponDoc[]> {
  return store.collection<CouponDoc>(COUPON_CODES).find({}, { sort: { createdAt: -1, _id: 1 } });
}

export function couponById(store: ReadStore, couponId: string): Promise<CouponDoc | null> {
  return store.collection<CouponDoc>(COUPON_CODES).findOne({ _id: couponId });
}

/** Most redemptions one view answers (newest first). */
export const COUPON_REDEMPTIONS_LIST_LIMIT = 1000;

/** A coupon's redemptions, newest first. */
export function redemptionsOfCoupon(store: ReadStore, couponId: string, limit = COUPON_REDEMPTIONS_LIST_LIMIT): Promise<CouponRedemptionDoc[]> {
  return store.collection<CouponRedemptionDoc>(COUPON_REDEMPTIONS).find({ couponId }, { sort: { redeemedAt: -1, _id: 1 }, limit });
}
